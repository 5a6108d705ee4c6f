/**
 * Sending on a UTXO chain (issue 33) through modules/chain-sends, on a scriptable UTXO chain
 * (helpers/fake-utxo-chain.ts; the real Doge adapter's scenarios run against litecoind), in live
 * mode, through the withdrawal service and whole watcher passes:
 * - the scan records the outputs the platform can spend, with their keys (an order's: account 0
 *   and its index; the hot wallet's);
 * - a withdrawal spends the hot wallet's outputs, locked to its send (no nonce), and its change
 *   comes back through the scan; mined, the books take the amount and the network fee the node
 *   reports; confirmed, it completes, and the books match the outputs held;
 * - a second withdrawal while the only output is in flight waits quietly for the change (no
 *   alert), then goes; one truly short is held with the alert until the wallet is funded;
 * - stuck: replaced spending the same inputs at a higher fee; whichever is mined wins;
 * - reorged after mined: its outputs are off the chain and the send pending again, then mined again;
 * - withdrawals sent at once spend distinct outputs;
 * - a consolidation spends the given outputs; a second one of the same outputs is short.
 */
import { money } from '@tollgate/contracts/money';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOT_WALLET } from '../src/chains/chain-adapter';
import { chainAlerts, chainSends, chainSendTxs, chainUtxos, platformEntries } from '../src/db/schema';
import { findWithdrawal } from '../src/modules/assets/withdrawal.repository';
import { freezeWithdrawal } from '../src/modules/assets/withdrawal.service';
import { sendWithdrawal } from '../src/modules/assets/withdrawal-send';
import { prepareSend } from '../src/modules/chain-sends/prepare-send';
import { unspentOf } from '../src/modules/chain-sends/utxos.repository';
import { createCollectionOrder } from '../src/modules/orders/order.service';
import { runWatcherTick, type WatcherDeps } from '../src/modules/watcher/collection-watcher';
import { createWatcherNode, watchPlatformWallets } from '../src/modules/watcher/start-watcher';
import { buildTestApp, createTestClock } from './helpers/build-test-app';
import { createMerchant, setBalance } from './helpers/factories';
import { FakeUtxoChain } from './helpers/fake-utxo-chain';
import { expectLedgerClean } from './helpers/ledger';
import { createTestApplication } from './helpers/order-fixtures';

const CONFIRMATIONS = 3;
const STUCK_BLOCKS = 4;
const clock = createTestClock(new Date('2026-12-07T09:00:00.000Z'));
const doge = new FakeUtxoChain(CONFIRMATIONS, clock.now);
const chains = {
  mode: 'live' as const,
  get: (chainId: string) => (chainId === 'DOGE' ? doge : undefined),
  enabled: () => [doge],
};
const hot = doge.hotWallet();
let app: FastifyInstance;
let watcher: WatcherDeps;
beforeAll(async () => {
  app = await buildTestApp({ now: clock.now });
  await app.ready();
  await app.watcher.stop();
  await app.chains.stop();
  await app.jobs.stop();
  await watchPlatformWallets(app.db, [doge]);
  watcher = {
    db: app.db,
    now: clock.now,
    chains,
    events: { publicUrl: 'https://pay.example.com' },
    node: createWatcherNode(30_000),
    sendStuckBlocks: STUCK_BLOCKS,
  };
  await tick(); // a live chain's cursor starts at its head
});
afterAll(async () => {
  await expectLedgerClean(app.db);
  await app.close();
});

const deps = () => ({ db: app.db, now: clock.now, chains });
const tick = () => runWatcherTick(watcher);

/** A DOGE withdrawal frozen and approved (`processing`), not yet sent. */
async function processing(amount: string) {
  const merchant = await createMerchant(app, { password: null, autoApproveUsdt: '1000000' });
  await setBalance(app, { merchantId: merchant.id, coinName: 'DOGE', available: '100000' });
  const fee = '1';
  return app.db.transaction((tx) =>
    freezeWithdrawal(tx, {
      merchant,
      checked: {
        coinName: 'DOGE',
        chainId: 'DOGE',
        address: 'fake-DOGE-destination',
        amount,
        fee,
        total: money(amount).plus(fee).toFixed(),
        usdtValue: amount,
      },
      source: 'batch',
      test: false,
      now: clock.now(),
    }),
  );
}

async function sendOf(withdrawalNo: string) {
  const [send] = await app.db
    .select()
    .from(chainSends)
    .where(and(eq(chainSends.kind, 'withdrawal'), eq(chainSends.ref, withdrawalNo)));
  if (!send) throw new Error(`no send for ${withdrawalNo}`);
  const txs = await app.db
    .select()
    .from(chainSendTxs)
    .where(eq(chainSendTxs.sendId, send.id))
    .orderBy(asc(chainSendTxs.id));
  const locked = await app.db.select().from(chainUtxos).where(eq(chainUtxos.spentBySendId, send.id));
  return { send, txs, locked };
}

/** The hot wallet's booked DOGE (the platform books' hot_wallet lines at its address). */
async function bookedHot(): Promise<string> {
  const [row] = await app.db
    .select({ total: sql<string>`coalesce(sum(${platformEntries.amount}), 0)::text` })
    .from(platformEntries)
    .where(and(eq(platformEntries.account, 'hot_wallet'), eq(platformEntries.address, hot)));
  return money(row?.total ?? '0').toFixed();
}

const openAlerts = () =>
  app.db
    .select()
    .from(chainAlerts)
    .where(
      and(
        eq(chainAlerts.chainId, 'DOGE'),
        eq(chainAlerts.kind, 'hot_wallet_low'),
        isNull(chainAlerts.resolvedAt),
      ),
    );

/** Mines what is sent, then the confirmations, a watcher pass after each. */
async function mineAndConfirm() {
  doge.mineSends();
  await tick();
  doge.chain.mine(CONFIRMATIONS - 1);
  await tick();
}

let orderOutput: { txid: string; vout: number } | undefined;

describe('sending on a UTXO chain', () => {
  it('the scan records the outputs the platform can spend, with the key of each', async () => {
    const merchant = await createMerchant(app);
    const shop = await createTestApplication(app, merchant.id);
    const order = await createCollectionOrder(
      { db: app.db, now: clock.now, chains },
      {
        application: shop,
        input: { merchantOrderNo: 'utxo-1', currency: 'DOGE', network: 'DOGE', amount: '30' },
        source: 'api',
      },
    );
    expect(order.payAddress).toBe(doge.deriveAddress(order.addressIndex ?? -1, 0));
    const paid = doge.pay(order.payAddress ?? '', '30');
    const funding = doge.pay(hot, '100');
    doge.pay('fake-DOGE-not-watched', '5');
    await tick();
    const rows = await app.db.select().from(chainUtxos).orderBy(asc(chainUtxos.blockHeight));
    expect(rows).toMatchObject([
      { txid: paid.txHash, vout: 0, address: order.payAddress, keyAccount: 0, keyIndex: order.addressIndex },
      {
        txid: funding.txHash,
        vout: 0,
        address: hot,
        keyAccount: HOT_WALLET.account,
        keyIndex: HOT_WALLET.index,
      },
    ]);
    expect(rows.map((row) => [row.blockHeight, row.spentBySendId])).toEqual([
      [paid.blockHeight, null],
      [funding.blockHeight, null],
    ]);
    orderOutput = { txid: paid.txHash, vout: 0 };
    doge.chain.mine(CONFIRMATIONS);
    await tick(); // the order's payment credited
    expect(await unspentOf(app.db, 'DOGE', hot)).toEqual({ count: 1, total: '100' });
    expect(await bookedHot()).toBe('100');
  });

  it('a withdrawal spends the hot wallet’s outputs, locked to its send; mined and confirmed, the books match what it holds', async () => {
    const row = await processing('40');
    const after = await sendWithdrawal(deps(), row.id);
    expect(after?.status).toBe('sending');
    const { send, txs, locked } = await sendOf(row.withdrawalNo);
    expect(send).toMatchObject({ nonce: null, fromAddress: hot, status: 'pending' });
    expect(locked.map((o) => o.amount)).toEqual(['100.000000000000000000']);
    expect(send.inputs).toEqual(locked.map(({ txid, vout }) => ({ txid, vout })));
    expect(txs).toHaveLength(1);
    const fee = (txs[0]?.fee as { fee: string } | undefined)?.fee ?? '0';
    expect(money(fee).greaterThan(0)).toBe(true);
    expect(await unspentOf(app.db, 'DOGE', hot)).toEqual({ count: 0, total: '0' });

    await mineAndConfirm();
    expect((await findWithdrawal(app.db, row.id))?.status).toBe('completed');
    const mined = (await sendOf(row.withdrawalNo)).send;
    expect(mined).toMatchObject({ status: 'confirmed', minedTxHash: txs[0]?.txHash });
    expect(money(mined.networkFee ?? '').eq(fee)).toBe(true);
    // The change is back, an output of the hot wallet; the books hold exactly it.
    const change = money('100').minus(40).minus(fee).toFixed();
    expect(await unspentOf(app.db, 'DOGE', hot)).toEqual({ count: 1, total: change });
    expect(await bookedHot()).toBe(change);
    expect(await openAlerts()).toHaveLength(0);
  });

  it('while the only output is in flight, the next withdrawal waits quietly for the change, then goes', async () => {
    const first = await processing('10');
    const second = await processing('5');
    expect((await sendWithdrawal(deps(), first.id))?.status).toBe('sending');
    // Nothing available: short only until the first's change is back. Held, no alert.
    expect((await sendWithdrawal(deps(), second.id))?.status).toBe('processing');
    expect(await openAlerts()).toHaveLength(0);

    doge.mineSends();
    await tick(); // the change scanned, then the held withdrawal sent from it
    expect((await findWithdrawal(app.db, second.id))?.status).toBe('sending');
    const spent = (await sendOf(second.withdrawalNo)).locked;
    expect(spent.map((o) => o.txid)).toEqual([(await sendOf(first.withdrawalNo)).txs[0]?.txHash]);
    await mineAndConfirm();
    expect((await findWithdrawal(app.db, first.id))?.status).toBe('completed');
    expect((await findWithdrawal(app.db, second.id))?.status).toBe('completed');
    expect(await openAlerts()).toHaveLength(0);
  });

  it('one truly short is held with the alert; funded, the next pass sends it and the alert resolves', async () => {
    const { total } = await unspentOf(app.db, 'DOGE', hot);
    const row = await processing(money(total).plus(3).toFixed());
    expect((await sendWithdrawal(deps(), row.id))?.status).toBe('processing');
    expect(await openAlerts()).toMatchObject([
      { key: 'DOGE', detail: { heldRef: row.withdrawalNo, incoming: '0' } },
    ]);
    await tick();
    expect((await findWithdrawal(app.db, row.id))?.status).toBe('processing');

    doge.pay(hot, '10'); // the operator funds it
    await tick();
    expect((await findWithdrawal(app.db, row.id))?.status).toBe('sending');
    expect((await sendOf(row.withdrawalNo)).locked).toHaveLength(2);
    expect(await openAlerts()).toHaveLength(0);
    await mineAndConfirm();
    expect((await findWithdrawal(app.db, row.id))?.status).toBe('completed');
    expect(await bookedHot()).toBe((await unspentOf(app.db, 'DOGE', hot)).total);
  });

  it('stuck: replaced spending the same inputs at a higher fee; the first, mined anyway, wins', async () => {
    const row = await processing('2');
    await sendWithdrawal(deps(), row.id);
    const before = await sendOf(row.withdrawalNo);
    doge.chain.mine(STUCK_BLOCKS); // blocks that do not hold it
    await tick();
    const { txs, locked } = await sendOf(row.withdrawalNo);
    expect(txs).toHaveLength(2);
    const [first, second] = txs;
    const inputsOf = (raw = '') =>
      (JSON.parse(Buffer.from(raw, 'hex').toString()) as { inputs: unknown[] }).inputs;
    expect(inputsOf(second?.raw)).toEqual(inputsOf(first?.raw));
    expect(locked).toEqual(before.locked);
    const feeOf = (fee: unknown) => money((fee as { fee: string }).fee);
    expect(feeOf(second?.fee).greaterThan(feeOf(first?.fee))).toBe(true);
    expect((await findWithdrawal(app.db, row.id))?.txHash).toBe(second?.txHash);

    doge.mineTx(first?.raw ?? '');
    await tick();
    doge.chain.mine(CONFIRMATIONS - 1);
    await tick();
    const done = await sendOf(row.withdrawalNo);
    expect(done.send).toMatchObject({ status: 'confirmed', minedTxHash: first?.txHash });
    expect(money(done.send.networkFee ?? '').eq(feeOf(first?.fee))).toBe(true);
    expect(await findWithdrawal(app.db, row.id)).toMatchObject({
      status: 'completed',
      txHash: first?.txHash,
    });
    expect(await bookedHot()).toBe((await unspentOf(app.db, 'DOGE', hot)).total);
  });

  it('reorged after mined: its change is off the chain and the send pending again; mined again, it completes', async () => {
    const row = await processing('1');
    await sendWithdrawal(deps(), row.id);
    doge.mineSends();
    await tick();
    const { send } = await sendOf(row.withdrawalNo);
    expect(send.status).toBe('mined');
    const change = () =>
      app.db
        .select()
        .from(chainUtxos)
        .where(and(eq(chainUtxos.txid, send.minedTxHash ?? ''), eq(chainUtxos.address, hot)));
    expect((await change())[0]?.blockHeight).toBe(send.minedHeight);

    doge.reorg(1);
    doge.chain.mine(); // a longer chain without it: the scan sees the fork
    await tick();
    expect((await sendOf(row.withdrawalNo)).send.status).toBe('pending');
    expect(await change()).toMatchObject([{ blockHeight: null, blockHash: null, spentBySendId: null }]);
    expect((await unspentOf(app.db, 'DOGE', hot)).count).toBe(0);

    await mineAndConfirm();
    expect((await findWithdrawal(app.db, row.id))?.status).toBe('completed');
    expect((await change())[0]?.blockHeight).not.toBeNull();
    expect(await bookedHot()).toBe((await unspentOf(app.db, 'DOGE', hot)).total);
  });

  it('withdrawals sent at once never spend one output (on PostgreSQL, truly at once)', async () => {
    doge.pay(hot, '10');
    doge.pay(hot, '10');
    doge.pay(hot, '10');
    await tick();
    const rows = await Promise.all(['8', '8', '8'].map((amount) => processing(amount)));
    await Promise.all(rows.map((row) => sendWithdrawal(deps(), row.id)));
    const sent = await Promise.all(rows.map((row) => sendOf(row.withdrawalNo)));
    const spent = sent.flatMap(({ locked }) => locked.map((o) => `${o.txid}:${o.vout}`));
    expect(spent.length).toBeGreaterThanOrEqual(3);
    expect(new Set(spent).size).toBe(spent.length);
    await mineAndConfirm();
    for (const row of rows) expect((await findWithdrawal(app.db, row.id))?.status).toBe('completed');
    expect(await bookedHot()).toBe((await unspentOf(app.db, 'DOGE', hot)).total);
  });

  it('a consolidation spends the given outputs; a second one of the same outputs is short, nothing written', async () => {
    if (!orderOutput) throw new Error('the first test records the order’s output');
    const [output] = await app.db.select().from(chainUtxos).where(eq(chainUtxos.txid, orderOutput.txid));
    if (!output) throw new Error('no output');
    const intent = {
      coinName: 'DOGE',
      from: { account: output.keyAccount, index: output.keyIndex },
      toAddress: hot,
      amount: money(output.amount).toFixed(),
      consolidate: true,
    };
    const consolidate = (ref: string) =>
      prepareSend({ db: app.db, now: clock.now }, doge, {
        kind: 'sweep',
        ref,
        intent,
        fee: { feePerKb: '0.01' },
        inputs: [orderOutput ?? { txid: '', vout: 0 }],
        claim: async () => true,
      });
    const prepared = await consolidate('900001');
    if (prepared === 'lost' || 'short' in prepared) throw new Error('not prepared');
    expect(prepared.send).toMatchObject({ nonce: null, inputs: [orderOutput], toAddress: hot });
    const [locked] = await app.db.select().from(chainUtxos).where(eq(chainUtxos.txid, orderOutput.txid));
    expect(locked?.spentBySendId).toBe(prepared.send.id);

    const again = await consolidate('900002');
    expect(again).toMatchObject({ short: [{ coinName: 'DOGE', balance: '0' }] });
    expect(await app.db.select().from(chainSends).where(eq(chainSends.ref, '900002'))).toHaveLength(0);
    // Not broadcast: no sweep row follows it here (the sweeps' own tests do).
    await app.db.delete(chainSendTxs).where(eq(chainSendTxs.sendId, prepared.send.id));
    await app.db
      .update(chainUtxos)
      .set({ spentBySendId: null })
      .where(eq(chainUtxos.spentBySendId, prepared.send.id));
    await app.db.delete(chainSends).where(eq(chainSends.id, prepared.send.id));
  });
});
