/**
 * Sweeps on a real EVM node (issue 32 §5.5: anvil, CHAIN_MODE=live, the EVM adapter): a paid
 * token order's address is topped up with gas by the gas wallet, then swept into the hot
 * wallet; a paid native order's address sweeps itself, paying its own gas; dust under
 * SWEEP_MIN_<COIN> stays. Each step goes through the watcher, the job queue and chain-sends;
 * at the end the platform books match the node (chain:reconcile) and the ledger verifies.
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { parseEther } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GAS_WALLET, HOT_WALLET } from '../src/chains/chain-adapter';
import { chainAlerts, chainSends, sweeps } from '../src/db/schema';
import { isClean, reconcileChain } from '../src/modules/books/reconcile';
import { listOpsChains } from '../src/modules/ops/ops-chains.service';
import { getCollectionByNo } from '../src/modules/orders/order.service';
import { type Anvil, startAnvil } from './helpers/anvil';
import { buildTestApp, createTestClock } from './helpers/build-test-app';
import { createMerchant } from './helpers/factories';
import { expectLedgerClean } from './helpers/ledger';
import { createTestApplication } from './helpers/order-fixtures';
import { createOrderOn } from './helpers/watcher-fixtures';

const MNEMONIC =
  'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';
const clock = createTestClock(new Date());

let anvil: Anvil;
let token: string;
let app: FastifyInstance;
beforeAll(async () => {
  anvil = await startAnvil();
  token = await anvil.deployToken();
  app = await buildTestApp({
    now: clock.now,
    env: {
      CHAIN_MODE: 'live',
      WALLET_MNEMONIC: MNEMONIC,
      RPC_URL_ETH: anvil.url,
      CHAIN_ID_ETH: '31337',
      TOKEN_USDT_ETH: token,
      CONFIRMATIONS_ETH: '2',
      SWEEP_MIN_USDT: '10',
      SWEEP_MIN_ETH: '0.005',
      SWEEP_INTERVAL_MS: '60000',
      RECONCILE_INTERVAL_MS: '60000',
    },
  });
  await app.ready();
  await app.watcher.stop();
});
afterAll(async () => {
  if (app) await expectLedgerClean(app.db);
  await app?.close();
  await anvil?.stop();
});

const eth = () => {
  const adapter = app.chains.get('ETH');
  if (!adapter) throw new Error('ETH not enabled');
  return adapter;
};
/** Mines a block, then one watcher pass (the watcher's own interval is stopped). */
async function blockAndPass(blocks = 1) {
  for (let i = 0; i < blocks; i++) {
    await anvil.mine(1);
    await app.watcher.tick();
  }
}
const sweepOf = async (address: string, coinName: string) =>
  (await app.db.select().from(sweeps).where(eq(sweeps.address, address))).find(
    (s) => s.coinName === coinName,
  );

describe('sweeping on a live EVM node', () => {
  it('tops a token address up with gas, sweeps it and a native one into the hot wallet, and leaves dust', async () => {
    await app.watcher.tick(); // the cursor starts at the head
    const merchant = await createMerchant(app);
    const shop = await createTestApplication(app, merchant.id);
    const deps = { db: app.db, now: app.now, chains: app.chains };
    const tokenOrder = await createOrderOn(deps, shop, { amount: '25', network: 'ETH' });
    const nativeOrder = await createOrderOn(deps, shop, { amount: '0.05', network: 'ETH', currency: 'ETH' });
    const dustOrder = await createOrderOn(deps, shop, { amount: '2', network: 'ETH' });
    const tokenAddress = tokenOrder.payAddress ?? '';
    const nativeAddress = nativeOrder.payAddress ?? '';
    await anvil.tokenTransfer(token, tokenAddress, 25_000_000n);
    await anvil.waitMined(await anvil.send({ to: nativeAddress, value: parseEther('0.05') }));
    await anvil.tokenTransfer(token, dustOrder.payAddress ?? '', 2_000_000n);
    await blockAndPass(3);
    for (const order of [tokenOrder, nativeOrder, dustOrder]) {
      expect((await getCollectionByNo(app.db, order.orderNo))?.status).toBe('completed');
    }

    // The operator funds the gas wallet (booked as operator funding); the next pass past the
    // interval plans the sweeps.
    const gasWallet = eth().deriveAddress(GAS_WALLET.index, GAS_WALLET.account);
    const hotWallet = eth().deriveAddress(HOT_WALLET.index, HOT_WALLET.account);
    await anvil.waitMined(await anvil.send({ to: gasWallet, value: parseEther('1') }));
    clock.advance(61_000);
    await blockAndPass();
    expect(await sweepOf(tokenAddress, 'USDT')).toMatchObject({
      status: 'planned',
      plannedAmount: '25.000000000000000000',
    });
    expect(await sweepOf(nativeAddress, 'ETH')).toMatchObject({ status: 'planned' });
    expect(await sweepOf(dustOrder.payAddress ?? '', 'USDT')).toBeUndefined();

    // The jobs: the token address gets its gas first, the native one sends at once.
    await app.jobs.drain();
    expect(await sweepOf(tokenAddress, 'USDT')).toMatchObject({ status: 'topping_up' });
    expect(await sweepOf(nativeAddress, 'ETH')).toMatchObject({ status: 'sending' });
    await blockAndPass(3);
    expect(await sweepOf(tokenAddress, 'USDT')).toMatchObject({ status: 'funded' });
    expect(await sweepOf(nativeAddress, 'ETH')).toMatchObject({ status: 'done' });
    await app.jobs.drain();
    await blockAndPass(3);
    expect(await sweepOf(tokenAddress, 'USDT')).toMatchObject({ status: 'done' });

    expect(await eth().balanceOf(tokenAddress, 'USDT')).toBe('0');
    expect(await eth().balanceOf(hotWallet, 'USDT')).toBe('25');
    const hotEth = await eth().balanceOf(hotWallet, 'ETH');
    expect(Number(hotEth)).toBeGreaterThan(0.049);
    expect(Number(hotEth)).toBeLessThan(0.05);
    // The dust order's 2 USDT stays where it is.
    expect(await eth().balanceOf(dustOrder.payAddress ?? '', 'USDT')).toBe('2');
    const sends = await app.db.select().from(chainSends);
    expect(sends.map((send) => `${send.kind}:${send.status}`).sort()).toEqual([
      'gas_topup:confirmed',
      'sweep:confirmed',
      'sweep:confirmed',
    ]);

    // Planned again, nothing more is swept (what is left is dust).
    clock.advance(61_000);
    await blockAndPass();
    expect((await app.db.select().from(sweeps)).filter((s) => s.status !== 'done')).toEqual([]);

    const rows = await reconcileChain(app.db, eth());
    expect(rows.flatMap((row) => row.differences)).toEqual([]);
    expect(isClean(rows)).toBe(true);
  });

  it('raises a reconcile alert when the chain and the books differ, and resolves it once they agree', async () => {
    const hotWallet = eth().deriveAddress(HOT_WALLET.index, HOT_WALLET.account);
    const held = await eth().balanceOf(hotWallet, 'ETH');
    const openAlerts = () =>
      app.db
        .select()
        .from(chainAlerts)
        .where(and(eq(chainAlerts.kind, 'reconcile_difference'), isNull(chainAlerts.resolvedAt)));
    // Coin appears at the hot wallet without a transaction the watcher could see.
    await anvil.setBalance(hotWallet, parseEther('5'));
    clock.advance(61_000);
    await blockAndPass();
    expect(await openAlerts()).toMatchObject([{ chainId: 'ETH', key: 'ETH' }]);
    // Put back: the next run past the interval finds nothing and resolves it.
    await anvil.setBalance(hotWallet, parseEther(held));
    clock.advance(61_000);
    await blockAndPass();
    expect(await openAlerts()).toEqual([]);
  });

  it('raises an rpc_down alert while the node does not answer, and shows the chain degraded', async () => {
    await anvil.stop();
    await app.watcher.tick().catch(() => undefined);
    const alerts = await app.db
      .select()
      .from(chainAlerts)
      .where(and(eq(chainAlerts.kind, 'rpc_down'), isNull(chainAlerts.resolvedAt)));
    expect(alerts).toMatchObject([{ chainId: 'ETH', key: 'node' }]);
    // The operator's Chains page shows the chain degraded, with why, and the alert.
    const { chains } = await listOpsChains({ db: app.db, chains: app.chains });
    const chain = chains.find((c) => c.chainId === 'ETH');
    expect(chain).toMatchObject({ state: 'degraded', reasonCode: 'node_down', headHeight: null });
    expect(chain?.reason).toBeTruthy();
    // The chains this server has no node for say why.
    expect(chains.find((c) => c.chainId === 'TRON')).toMatchObject({
      state: 'disabled',
      reasonCode: 'no_rpc_url',
    });
    expect(chain?.alerts.map((alert) => alert.kind)).toContain('rpc_down');
  });
});
