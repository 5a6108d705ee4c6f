/**
 * Issue 33, scenario 4, against a real node (litecoind -regtest standing in for Dogecoin Core;
 * CHAIN_MODE=live, DOGE_NETWORK=regtest, the Doge adapter): several DOGE order addresses paid
 * from the node's wallet, credited, then swept in ONE consolidation into the hot wallet, paying
 * its own fee; an order below SWEEP_MIN_DOGE stays; then a payout from the hot wallet with its
 * change. Each step goes through the watcher, the job
 * queue and chain-sends; chain:reconcile of DOGE is clean after each, and the ledger verifies.
 */
import { money } from '@tollgate/contracts/money';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOT_WALLET } from '../src/chains/chain-adapter';
import { chainAlerts, chainSends, sweeps } from '../src/db/schema';
import { findWithdrawal } from '../src/modules/assets/withdrawal.repository';
import { freezeWithdrawal } from '../src/modules/assets/withdrawal.service';
import { sendWithdrawal } from '../src/modules/assets/withdrawal-send';
import { isClean, reconcileChain } from '../src/modules/books/reconcile';
import { listOpsChains } from '../src/modules/ops/ops-chains.service';
import { getCollectionByNo } from '../src/modules/orders/order.service';
import { buildTestApp, createTestClock } from './helpers/build-test-app';
import { createMerchant, setBalance } from './helpers/factories';
import { expectLedgerClean } from './helpers/ledger';
import { type Litecoind, startLitecoind } from './helpers/litecoind';
import { createTestApplication } from './helpers/order-fixtures';
import { createOrderOn } from './helpers/watcher-fixtures';

const MNEMONIC =
  'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';
const CONFIRMATIONS = 2;
const clock = createTestClock(new Date());

let node: Litecoind;
let app: FastifyInstance;
beforeAll(async () => {
  node = await startLitecoind();
  app = await buildTestApp({
    now: clock.now,
    env: {
      CHAIN_MODE: 'live',
      WALLET_MNEMONIC: MNEMONIC,
      RPC_URL_DOGE: node.url,
      DOGE_NETWORK: 'regtest',
      CONFIRMATIONS_DOGE: String(CONFIRMATIONS),
      SWEEP_MIN_DOGE: '50',
      SWEEP_INTERVAL_MS: '60000',
      RECONCILE_INTERVAL_MS: '60000',
    },
  });
  await app.ready();
  await app.watcher.stop();
}, 120_000);
afterAll(async () => {
  if (app) await expectLedgerClean(app.db);
  await app?.close();
  await node?.stop();
});

const doge = () => {
  const adapter = app.chains.get('DOGE');
  if (!adapter) throw new Error('DOGE not enabled');
  return adapter;
};
/** Mines a block, then one watcher pass (the watcher's own interval is stopped). */
async function blockAndPass(blocks = 1) {
  for (let i = 0; i < blocks; i++) {
    await node.mine(1);
    await app.watcher.tick();
  }
}
async function expectReconciled() {
  const rows = await reconcileChain(app.db, doge());
  expect(rows.map((row) => row.coinName)).toEqual(['DOGE']);
  expect(rows.flatMap((row) => row.differences)).toEqual([]);
  expect(isClean(rows)).toBe(true);
  return rows[0];
}

describe('sweeping on a live Doge node (litecoind -regtest)', () => {
  it('consolidates several paid order addresses in one transaction into the hot wallet', async () => {
    await app.watcher.tick(); // the cursor starts at the head
    const merchant = await createMerchant(app);
    const shop = await createTestApplication(app, merchant.id);
    const deps = { db: app.db, now: app.now, chains: app.chains };
    const order = (amount: string) =>
      createOrderOn(deps, shop, { amount, network: 'DOGE', currency: 'DOGE' });
    const paid = [await order('60'), await order('70'), await order('80.5')];
    const dust = await order('20');
    for (const o of [...paid, dust]) await node.send(o.payAddress ?? '', o.amount);
    await blockAndPass();
    expect((await expectReconciled())?.onChain).toBe('230.5');
    await blockAndPass(CONFIRMATIONS);
    for (const o of [...paid, dust]) {
      expect((await getCollectionByNo(app.db, o.orderNo))?.status).toBe('completed');
    }
    await expectReconciled();

    // The next pass past the interval plans one consolidation of the three due addresses.
    clock.advance(61_000);
    await blockAndPass();
    const rows = await app.db.select().from(sweeps);
    expect(rows.map((row) => row.address).sort()).toEqual(paid.map((o) => o.payAddress).sort());
    const consolidation = rows[0]?.consolidationId;
    expect(consolidation).not.toBeNull();
    expect(rows.every((row) => row.consolidationId === consolidation && row.status === 'planned')).toBe(true);

    // The job: one transaction spending the three outputs into the hot wallet, no change.
    await app.jobs.drain();
    const sends = await app.db.select().from(chainSends).where(eq(chainSends.kind, 'sweep'));
    expect(sends).toHaveLength(1);
    const hot = doge().deriveAddress(HOT_WALLET.index, HOT_WALLET.account);
    const [send] = sends;
    expect(send).toMatchObject({ ref: String(consolidation), toAddress: hot, status: 'pending' });
    expect(money(send?.amount ?? '0').toFixed()).toBe('210.5');
    const txid = (await node.mempool())[0] ?? '';
    expect(await node.mempool()).toEqual([txid]);
    const tx = await node.rpc.call<{
      vin: unknown[];
      vout: { value: unknown; scriptPubKey: { address?: string; addresses?: string[] } }[];
    }>('getrawtransaction', [txid, true]);
    expect(tx.vin).toHaveLength(3);
    expect(tx.vout).toHaveLength(1);
    const to = tx.vout[0]?.scriptPubKey;
    expect(to?.address ?? to?.addresses?.[0]).toBe(hot);
    await expectReconciled(); // in flight: still the order addresses' on chain and in the books

    await blockAndPass(CONFIRMATIONS);
    const [done] = await app.db.select().from(chainSends).where(eq(chainSends.kind, 'sweep'));
    expect(done?.status).toBe('confirmed');
    expect((await app.db.select().from(sweeps)).map((row) => row.status)).toEqual(['done', 'done', 'done']);
    const fee = money(done?.networkFee ?? '0');
    expect(fee.greaterThan(0)).toBe(true);
    expect(money(String(tx.vout[0]?.value)).eq(money('210.5').minus(fee))).toBe(true);
    for (const o of paid) expect(await doge().balanceOf(o.payAddress ?? '', 'DOGE')).toBe('0.00000000');
    expect(money(await doge().balanceOf(hot, 'DOGE')).eq(money('210.5').minus(fee))).toBe(true);
    expect(money(await doge().balanceOf(dust.payAddress ?? '', 'DOGE')).eq(20)).toBe(true);
    await expectReconciled();

    // The Chains page: the hot wallet holds one unspent output, no gas wallet; nothing in flight.
    const { chains } = await listOpsChains({ db: app.db, chains: app.chains });
    const chain = chains.find((c) => c.chainId === 'DOGE');
    expect(chain?.wallets).toMatchObject([{ role: 'hot', address: hot, unspentOutputs: 1 }]);
    expect(chain?.sends).toEqual([]);

    // A payout from the consolidated output: it lands at the node's address, the change comes back.
    const payee = await node.newAddress();
    const payer = await createMerchant(app, { password: null, autoApproveUsdt: '1000000' });
    await setBalance(app, { merchantId: payer.id, coinName: 'DOGE', available: '1000' });
    const withdrawal = await app.db.transaction((t) =>
      freezeWithdrawal(t, {
        merchant: payer,
        checked: {
          coinName: 'DOGE',
          chainId: 'DOGE',
          address: payee,
          amount: '100',
          fee: '1',
          total: '101',
          usdtValue: '100',
        },
        source: 'batch',
        test: false,
        now: clock.now(),
      }),
    );
    expect((await sendWithdrawal(deps, withdrawal.id))?.status).toBe('sending');
    await blockAndPass(CONFIRMATIONS);
    expect((await findWithdrawal(app.db, withdrawal.id))?.status).toBe('completed');
    expect(money(await node.receivedBy(payee)).eq(100)).toBe(true);
    await expectReconciled();

    // The periodic reconcile past its interval finds nothing to raise.
    clock.advance(61_000);
    await blockAndPass();
    const alerts = await app.db
      .select()
      .from(chainAlerts)
      .where(and(eq(chainAlerts.chainId, 'DOGE'), isNull(chainAlerts.resolvedAt)));
    expect(alerts).toEqual([]);
    await expectReconciled();
  });
});
