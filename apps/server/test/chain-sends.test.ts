/**
 * Sending on chain (issue 32, "Sending: prepare, persist, then broadcast"), on the test chain in
 * live mode (helpers/fake-chains.ts: one transaction per sender and nonce, replacements evict,
 * drops, reorgs), through the withdrawal service and the watcher's per-chain entry point:
 * - a send stored and never broadcast (a crash) is broadcast by the next pass, the same bytes,
 *   and lands once;
 * - two callers of one withdrawal make one send and one transaction;
 * - concurrent withdrawals of one chain take distinct consecutive nonces (on PostgreSQL, truly
 *   at once);
 * - stuck: replaced at the same nonce with a higher fee; whichever is mined wins; the shop heard
 *   payout.processing once, with the first hash;
 * - dropped: the same bytes again; reorged: open again, then mined again;
 * - reverted: failed and released only with the confirmations;
 * - hot wallet short: held in processing with one open alert, no small one overtaking; funded,
 *   the operator's retry sends it and the alert resolves.
 */
import { type Money, money } from '@tollgate/contracts/money';
import { and, asc, eq, like } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChainId } from '../src/chains/chain-adapter';
import {
  balances,
  callbackEvents,
  chainAlerts,
  chainNonces,
  chainSends,
  chainSendTxs,
  merchantEvents,
  platformEntries,
  withdrawals,
} from '../src/db/schema';
import { createPayouts } from '../src/modules/assets/payout.service';
import { findWithdrawal } from '../src/modules/assets/withdrawal.repository';
import { freezeWithdrawal } from '../src/modules/assets/withdrawal.service';
import { retryHeldSend, sendWithdrawal, withdrawalIntent } from '../src/modules/assets/withdrawal-send';
import { watchWithdrawals } from '../src/modules/assets/withdrawal-watch';
import { prepareSend } from '../src/modules/chain-sends/prepare-send';
import { pageOpsWithdrawals } from '../src/modules/ops/ops-withdrawal.repository';
import { buildTestApp, createTestClock } from './helpers/build-test-app';
import { createMerchant, setBalance } from './helpers/factories';
import { createFakeChains, type FakeChain } from './helpers/fake-chains';
import { expectLedgerClean } from './helpers/ledger';
import { createTestApplication } from './helpers/order-fixtures';

const CONFIRMATIONS = 3;
const clock = createTestClock(new Date('2026-12-07T09:00:00.000Z'));
// Live mode: the hot wallet's funds are checked on live chains only (the devnet's is never funded).
const chains = createFakeChains({ confirmations: CONFIRMATIONS, mode: 'live' });
let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp({ now: clock.now });
  await app.ready();
  await app.watcher.stop();
  await app.chains.stop();
  await app.jobs.stop();
});
afterAll(async () => {
  await expectLedgerClean(app.db);
  await app.close();
});

const deps = () => ({ db: app.db, now: clock.now, secrets: app.secrets, chains });
/** One watcher pass of the chain's withdrawals (what the lease holder runs). */
const pass = (chain: FakeChain, sendStuckBlocks?: number) =>
  watchWithdrawals({ db: app.db, now: clock.now, sendStuckBlocks }, chain);

/** A withdrawal frozen and approved (`processing`), not yet sent. */
async function processing(
  chainId: ChainId,
  amount: string,
  options: { coinName?: string; failOnChain?: boolean } = {},
) {
  const coinName = options.coinName ?? 'USDT';
  const merchant = await createMerchant(app, { password: null, autoApproveUsdt: '1000000' });
  await setBalance(app, { merchantId: merchant.id, coinName, available: '1000' });
  const fee = '1';
  const row = await app.db.transaction((tx) =>
    freezeWithdrawal(tx, {
      merchant,
      checked: {
        coinName,
        chainId,
        address: `fake-${chainId}-destination`,
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
  expect(row.status).toBe('processing');
  if (options.failOnChain) {
    await app.db.update(withdrawals).set({ failOnChain: true }).where(eq(withdrawals.id, row.id));
  }
  return { ...row, failOnChain: options.failOnChain === true };
}

async function sendOf(withdrawalNo: string) {
  const [send] = await app.db
    .select()
    .from(chainSends)
    .where(and(eq(chainSends.kind, 'withdrawal'), eq(chainSends.ref, withdrawalNo)));
  const txs = send
    ? await app.db
        .select()
        .from(chainSendTxs)
        .where(eq(chainSendTxs.sendId, send.id))
        .orderBy(asc(chainSendTxs.id))
    : [];
  return { send, txs };
}

async function balanceOf(merchantId: number, coinName = 'USDT') {
  const [row] = await app.db
    .select({ available: balances.available, frozen: balances.frozen })
    .from(balances)
    .where(and(eq(balances.merchantId, merchantId), eq(balances.coinName, coinName)));
  return { available: money(row?.available ?? '0').toFixed(), frozen: money(row?.frozen ?? '0').toFixed() };
}

/** What the platform books hold for a send, net per (coin, account): the lines of its entries. */
async function bookedOf(sendId: number) {
  const lines = await app.db
    .select({
      coinName: platformEntries.coinName,
      account: platformEntries.account,
      amount: platformEntries.amount,
    })
    .from(platformEntries)
    .where(like(platformEntries.entryRef, `send:${sendId}:%`));
  const net = new Map<string, Money>();
  for (const line of lines) {
    const key = `${line.coinName} ${line.account}`;
    net.set(key, (net.get(key) ?? money('0')).plus(line.amount));
  }
  return Object.fromEntries([...net].filter(([, v]) => !v.isZero()).map(([k, v]) => [k, v.toFixed()]));
}

const decode = (raw: string) =>
  JSON.parse(Buffer.from(raw, 'hex').toString()) as { nonce: number; fee: { gasPrice: string } };

/** Mines what is pending, then enough empty blocks for the confirmations, then one pass. */
async function confirm(chain: FakeChain) {
  chain.mineSends();
  chain.mine(CONFIRMATIONS - 1);
  await pass(chain);
}

describe('sending a withdrawal', () => {
  it('a send stored but never broadcast (a crash) is broadcast by the next pass, the same bytes, and lands once', async () => {
    const eth = chains.chain('ETH');
    const row = await processing('ETH', '10');
    // The process dies between the commit and the broadcast: prepared and persisted only.
    const intent = withdrawalIntent(row);
    const prepared = await prepareSend(deps(), eth, {
      kind: 'withdrawal',
      ref: row.withdrawalNo,
      intent,
      fee: await eth.sender.quoteFee(intent),
      claim: async (tx, now) =>
        (
          await tx
            .update(withdrawals)
            .set({ status: 'sending', updatedAt: now })
            .where(and(eq(withdrawals.id, row.id), eq(withdrawals.status, 'processing')))
            .returning()
        ).length === 1,
    });
    if (prepared === 'lost' || 'short' in prepared) throw new Error('not prepared');
    expect(prepared.tx.broadcastAt).toBeNull();
    expect(await findWithdrawal(app.db, row.id)).toMatchObject({ status: 'sending', txHash: null });
    const before = eth.broadcasts.length;
    expect(await eth.sender.txState(prepared.tx.txHash)).toEqual({ state: 'unknown' });

    await pass(eth);
    expect(eth.broadcasts.slice(before)).toEqual([prepared.tx.raw]);
    expect(await findWithdrawal(app.db, row.id)).toMatchObject({
      status: 'sending',
      txHash: prepared.tx.txHash,
    });
    expect((await sendOf(row.withdrawalNo)).txs[0]?.broadcastAt).not.toBeNull();
    // Known to the node now: the next pass leaves it be.
    await pass(eth);
    expect(eth.broadcasts.length).toBe(before + 1);

    await confirm(eth);
    expect(await findWithdrawal(app.db, row.id)).toMatchObject({
      status: 'completed',
      txHash: prepared.tx.txHash,
    });
    const { send, txs } = await sendOf(row.withdrawalNo);
    expect(send).toMatchObject({
      status: 'confirmed',
      minedTxHash: prepared.tx.txHash,
      networkFee: expect.any(String),
    });
    expect(txs).toHaveLength(1);
    expect(await balanceOf(row.merchantId)).toEqual({ available: '989', frozen: '0' });
  });

  it('a node that refuses the broadcast leaves the send stored; broadcast once it answers', async () => {
    const polygon = chains.chain('POLYGON');
    const row = await processing('POLYGON', '11');
    polygon.refuseBroadcasts = true;
    await sendWithdrawal(deps(), row.id);
    expect(await findWithdrawal(app.db, row.id)).toMatchObject({ status: 'sending', txHash: null });
    await pass(polygon);
    const [stored] = (await sendOf(row.withdrawalNo)).txs;
    expect(stored?.broadcastAt).toBeNull();
    polygon.refuseBroadcasts = false;
    await pass(polygon);
    expect(await findWithdrawal(app.db, row.id)).toMatchObject({ status: 'sending', txHash: stored?.txHash });
    await confirm(polygon);
    expect((await findWithdrawal(app.db, row.id))?.status).toBe('completed');
    expect((await sendOf(row.withdrawalNo)).txs).toHaveLength(1);
  });

  it('two callers of one withdrawal make one send and one transaction; it shows as processing', async () => {
    const eth = chains.chain('ETH');
    const row = await processing('ETH', '12');
    const before = eth.broadcasts.length;
    const [a, b] = await Promise.all([sendWithdrawal(deps(), row.id), sendWithdrawal(deps(), row.id)]);
    // One of them claimed it; the other found it claimed and did nothing.
    expect([a?.status, b?.status].filter((status) => status === 'sending')).toHaveLength(1);
    const { send, txs } = await sendOf(row.withdrawalNo);
    expect(send?.status).toBe('pending');
    expect(txs).toHaveLength(1);
    expect(eth.broadcasts.length).toBe(before + 1);
    // A third, later, finds nothing to send.
    expect(await sendWithdrawal(deps(), row.id)).toBeUndefined();
    // The operator's processing queue holds it.
    const queue = await pageOpsWithdrawals(
      app.db,
      { status: 'processing', merchantId: row.merchantId },
      { pageNo: 1, pageSize: 10 },
    );
    expect(queue.rows.map((r) => r.withdrawal.withdrawalNo)).toEqual([row.withdrawalNo]);
    // And so do the merchant's live events.
    const live = await app.db
      .select({ payload: merchantEvents.payload })
      .from(merchantEvents)
      .where(and(eq(merchantEvents.merchantId, row.merchantId), eq(merchantEvents.type, 'withdrawal')));
    const told = live.flatMap(
      (event) => (event.payload as { withdrawals: { status: string }[] }).withdrawals,
    );
    expect(told.map((w) => w.status)).toEqual(['processing', 'processing']); // claimed; broadcast (its hash)
    await confirm(eth);
    expect((await findWithdrawal(app.db, row.id))?.status).toBe('completed');
  });

  it('20 withdrawals of one chain sent at once take 20 distinct consecutive nonces, from the node’s count', async () => {
    const bsc = chains.chain('BSC');
    bsc.nonces.set(bsc.hotWallet(), 7);
    const rows = [];
    for (let i = 0; i < 20; i++) rows.push(await processing('BSC', String(5 + i)));
    await Promise.all(rows.map((row) => sendWithdrawal(deps(), row.id)));
    const sends = await app.db
      .select({ nonce: chainSends.nonce })
      .from(chainSends)
      .where(eq(chainSends.chainId, 'BSC'));
    expect(sends.map((s) => s.nonce).sort((x, y) => (x ?? 0) - (y ?? 0))).toEqual(
      Array.from({ length: 20 }, (_, i) => 7 + i),
    );
    const [next] = await app.db
      .select({ next: chainNonces.nextNonce })
      .from(chainNonces)
      .where(and(eq(chainNonces.chainId, 'BSC'), eq(chainNonces.address, bsc.hotWallet())));
    expect(next?.next).toBe(27);
    await confirm(bsc);
    for (const row of rows) expect((await findWithdrawal(app.db, row.id))?.status).toBe('completed');
  });

  it('stuck: replaced at the same nonce with a higher fee, every hash kept, and the one mined wins; the shop heard processing once', async () => {
    const tron = chains.chain('TRON');
    const merchant = await createMerchant(app, { password: null, autoApproveUsdt: '1000000' });
    await setBalance(app, { merchantId: merchant.id, coinName: 'USDT', available: '100' });
    const shop = await createTestApplication(app, merchant.id);
    const [outcome] = await createPayouts(
      deps(),
      { applicationId: shop.id, merchantId: merchant.id, appId: shop.appId },
      [
        {
          merchantOrderNo: 'stuck-1',
          currency: 'USDT',
          network: 'TRON',
          address: 'fake-TRON-payee',
          amount: '20',
        },
      ],
      { batch: false },
    );
    // Answered as the shop sees it: processing, with the hash broadcast.
    expect(outcome).toMatchObject({ status: 'processing', txHash: expect.any(String) });
    const [row] = await app.db.select().from(withdrawals).where(eq(withdrawals.merchantId, merchant.id));
    if (!row) throw new Error('no payout');
    const first = (await sendOf(row.withdrawalNo)).txs[0];
    if (!first) throw new Error('not sent');
    expect(row).toMatchObject({ status: 'sending', txHash: first.txHash });

    // Not mined for 5 blocks: stuck with SEND_STUCK_BLOCKS=5 (4 blocks are not yet).
    tron.mine(4);
    await pass(tron, 5);
    expect((await sendOf(row.withdrawalNo)).txs).toHaveLength(1);
    tron.mine(1);
    await pass(tron, 5);
    const { send, txs } = await sendOf(row.withdrawalNo);
    expect(txs).toHaveLength(2);
    const [old, replacement] = txs.map((tx) => decode(tx.raw));
    expect(replacement?.nonce).toBe(old?.nonce);
    expect(send?.nonce).toBe(old?.nonce);
    expect(BigInt(replacement?.fee.gasPrice ?? '0')).toBeGreaterThan(BigInt(old?.fee.gasPrice ?? '0'));
    const second = txs[1];
    if (!second) throw new Error('not replaced');
    expect(await tron.sender.txState(second.txHash)).toEqual({ state: 'pending' });
    expect(await tron.sender.txState(first.txHash)).toEqual({ state: 'unknown' });
    expect((await findWithdrawal(app.db, row.id))?.txHash).toBe(second.txHash);

    // Another node's mempool still had the first: it is the one mined, so it wins.
    tron.mineTx(first.txHash);
    await pass(tron, 5);
    expect((await sendOf(row.withdrawalNo)).send).toMatchObject({
      status: 'mined',
      minedTxHash: first.txHash,
    });
    expect((await findWithdrawal(app.db, row.id))?.txHash).toBe(first.txHash);
    // The replacement can never be mined now: its nonce is spent.
    await expect(tron.sender.broadcast(second.raw)).rejects.toThrow(/too low/);
    tron.mine(CONFIRMATIONS - 1);
    await pass(tron, 5);
    expect(await findWithdrawal(app.db, row.id)).toMatchObject({ status: 'completed', txHash: first.txHash });
    expect(await balanceOf(merchant.id)).toMatchObject({ frozen: '0' });

    const events = await app.db
      .select({ type: callbackEvents.type, body: callbackEvents.body })
      .from(callbackEvents)
      .where(eq(callbackEvents.merchantId, merchant.id))
      .orderBy(callbackEvents.createdAt);
    expect(events.map((e) => e.type)).toEqual(['payout.processing', 'payout.completed']);
    const told = events.map((e) => JSON.parse(e.body).data.payout);
    expect(told.map((p: { status: string; txHash: string }) => [p.status, p.txHash])).toEqual([
      ['processing', first.txHash],
      ['completed', first.txHash],
    ]);
  });

  it('dropped by the node: the same bytes are broadcast again, and it lands once', async () => {
    const polygon = chains.chain('POLYGON');
    const row = await processing('POLYGON', '15');
    await sendWithdrawal(deps(), row.id);
    const [tx] = (await sendOf(row.withdrawalNo)).txs;
    if (!tx) throw new Error('not sent');
    polygon.drop(tx.txHash);
    expect(await polygon.sender.txState(tx.txHash)).toEqual({ state: 'unknown' });
    const before = polygon.broadcasts.length;
    await pass(polygon);
    expect(polygon.broadcasts.slice(before)).toEqual([tx.raw]);
    expect(await polygon.sender.txState(tx.txHash)).toEqual({ state: 'pending' });
    await confirm(polygon);
    expect((await findWithdrawal(app.db, row.id))?.status).toBe('completed');
    expect((await sendOf(row.withdrawalNo)).txs).toHaveLength(1);
  });

  it('reorged after it was mined: open again, then mined again and confirmed in the new chain', async () => {
    const polygon = chains.chain('POLYGON');
    const row = await processing('POLYGON', '16');
    await sendWithdrawal(deps(), row.id);
    polygon.mineSends();
    polygon.mine(1);
    await pass(polygon);
    const mined = (await sendOf(row.withdrawalNo)).send;
    expect(mined?.status).toBe('mined');
    // Booked as mined: 16 left the hot wallet, 17 owed less, 1 earned, the gas spent.
    const booked = {
      'USDT hot_wallet': '-16',
      'USDT merchant_balances': '17',
      'USDT fee_income': '-1',
      'POL hot_wallet': '-0.000021',
      'POL gas_expense': '0.000021',
    };
    expect(await bookedOf(mined?.id ?? 0)).toEqual(booked);
    // Both blocks replaced: the transaction is back in the mempool.
    polygon.reorg(2);
    await pass(polygon);
    expect((await sendOf(row.withdrawalNo)).send).toMatchObject({ status: 'pending', minedHeight: null });
    expect(await bookedOf(mined?.id ?? 0)).toEqual({});
    expect((await findWithdrawal(app.db, row.id))?.status).toBe('sending');
    await confirm(polygon);
    const after = await sendOf(row.withdrawalNo);
    expect(after.send?.status).toBe('confirmed');
    expect(after.send?.minedBlockHash).not.toBe(mined?.minedBlockHash);
    expect(await bookedOf(mined?.id ?? 0)).toEqual(booked);
    expect((await findWithdrawal(app.db, row.id))?.status).toBe('completed');
  });

  it('reverted: failed, and released, only once the revert has the confirmations', async () => {
    const eth = chains.chain('ETH');
    const row = await processing('ETH', '30', { failOnChain: true });
    await sendWithdrawal(deps(), row.id);
    eth.mineSends();
    await pass(eth);
    expect((await sendOf(row.withdrawalNo)).send?.status).toBe('mined');
    expect(await findWithdrawal(app.db, row.id)).toMatchObject({ status: 'sending' });
    expect(await balanceOf(row.merchantId)).toEqual({ available: '969', frozen: '31' });
    eth.mine(1);
    await pass(eth);
    expect(await balanceOf(row.merchantId)).toEqual({ available: '969', frozen: '31' });
    eth.mine(1);
    await pass(eth);
    expect(await findWithdrawal(app.db, row.id)).toMatchObject({ status: 'failed', reason: 'reverted' });
    const { send } = await sendOf(row.withdrawalNo);
    expect(send?.status).toBe('reverted');
    // It moved nothing, and still paid its gas.
    expect(await bookedOf(send?.id ?? 0)).toEqual({
      'ETH hot_wallet': '-0.000021',
      'ETH gas_expense': '0.000021',
    });
    expect(await balanceOf(row.merchantId)).toEqual({ available: '1000', frozen: '0' });
  });

  it('hot wallet short: held in processing with one open alert, none overtaking; funded, retried and sent, the alert resolved', async () => {
    const doge = chains.chain('DOGE');
    doge.setBalance(doge.hotWallet(), 'USDT', '50');
    const big = await processing('DOGE', '60');
    const small = await processing('DOGE', '5');
    expect(await sendWithdrawal(deps(), big.id)).toMatchObject({ status: 'processing', txHash: null });
    await pass(doge);
    await pass(doge);
    // The small one waits behind the big one: no send at all.
    expect((await findWithdrawal(app.db, small.id))?.status).toBe('processing');
    expect(await app.db.select().from(chainSends).where(eq(chainSends.chainId, 'DOGE'))).toEqual([]);
    const open = await app.db
      .select()
      .from(chainAlerts)
      .where(and(eq(chainAlerts.chainId, 'DOGE'), eq(chainAlerts.kind, 'hot_wallet_low')));
    expect(open).toHaveLength(1);
    expect(open[0]).toMatchObject({ key: 'USDT', resolvedAt: null, detail: { balance: '50', needed: '60' } });

    doge.setBalance(doge.hotWallet(), 'USDT', '1000');
    expect(await retryHeldSend(deps(), big.withdrawalNo)).toEqual({ status: 'processing', outcome: 'sent' });
    expect((await findWithdrawal(app.db, big.id))?.status).toBe('sending');
    const [resolved] = await app.db
      .select()
      .from(chainAlerts)
      .where(eq(chainAlerts.id, open[0]?.id ?? 0));
    expect(resolved?.resolvedAt).not.toBeNull();
    // Nothing held any more.
    expect(await retryHeldSend(deps(), big.withdrawalNo)).toEqual({
      status: 'processing',
      outcome: 'not_held',
    });
    await pass(doge);
    expect((await findWithdrawal(app.db, small.id))?.status).toBe('sending');
    await confirm(doge);
    expect((await findWithdrawal(app.db, big.id))?.status).toBe('completed');
    expect((await findWithdrawal(app.db, small.id))?.status).toBe('completed');
  });

  it('sends prepared at once never count on the same funds: as many as fit are sent, the rest held', async () => {
    const eth = chains.chain('ETH');
    eth.setBalance(eth.hotWallet(), 'USDC', '100');
    const rows = [];
    for (let i = 0; i < 5; i++) rows.push(await processing('ETH', '30', { coinName: 'USDC' }));
    await Promise.all(rows.map((row) => sendWithdrawal(deps(), row.id)));
    const statuses = [];
    for (const row of rows) statuses.push((await findWithdrawal(app.db, row.id))?.status);
    expect(statuses.filter((status) => status === 'sending')).toHaveLength(3);
    expect(statuses.filter((status) => status === 'processing')).toHaveLength(2);
    const [alert] = await app.db
      .select()
      .from(chainAlerts)
      .where(and(eq(chainAlerts.chainId, 'ETH'), eq(chainAlerts.key, 'USDC')));
    expect(alert).toMatchObject({ resolvedAt: null, detail: { promised: '90', needed: '30' } });
    // Mined, the 90 left the wallet; funded again, the two held ones go.
    eth.setBalance(eth.hotWallet(), 'USDC', '100');
    await confirm(eth);
    for (const row of rows) expect((await findWithdrawal(app.db, row.id))?.status).not.toBe('processing');
    await confirm(eth);
    for (const row of rows) expect((await findWithdrawal(app.db, row.id))?.status).toBe('completed');
  });

  it('a withdrawal sent before chain_sends existed (processing with a hash) settles by its transaction, once', async () => {
    const tron = chains.chain('TRON');
    const row = await processing('TRON', '9');
    // What the former adapter.send left: a transaction on chain, its hash on the row, no send row.
    const signed = await tron.sender.sign(withdrawalIntent(row), 999, { gasPrice: '1' });
    await tron.sender.broadcast(signed.raw);
    await app.db.update(withdrawals).set({ txHash: signed.txHash }).where(eq(withdrawals.id, row.id));
    await pass(tron);
    // Never sent again.
    expect((await sendOf(row.withdrawalNo)).send).toBeUndefined();
    tron.mineSends();
    tron.mine(1);
    await pass(tron);
    expect((await findWithdrawal(app.db, row.id))?.status).toBe('processing');
    tron.mine(1);
    await pass(tron);
    expect(await findWithdrawal(app.db, row.id)).toMatchObject({
      status: 'completed',
      txHash: signed.txHash,
    });
    expect(await balanceOf(row.merchantId)).toEqual({ available: '990', frozen: '0' });
  });

  it('two watcher passes at once (no lease yet) mine, book and close each send once', async () => {
    const bsc = chains.chain('BSC');
    const rows = [];
    for (let i = 0; i < 3; i++) rows.push(await processing('BSC', String(40 + i)));
    await Promise.all(rows.map((row) => sendWithdrawal(deps(), row.id)));
    bsc.mineSends();
    bsc.mine(CONFIRMATIONS - 1);
    const settled = await Promise.all([pass(bsc), pass(bsc)]);
    expect(settled[0] + settled[1]).toBe(3);
    for (const row of rows) {
      expect((await findWithdrawal(app.db, row.id))?.status).toBe('completed');
      const { send } = await sendOf(row.withdrawalNo);
      // One entry, once: amount out, owed, fee earned; gas out, gas spent.
      const lines = await app.db
        .select({ ref: platformEntries.entryRef })
        .from(platformEntries)
        .where(like(platformEntries.entryRef, `send:${send?.id}:%`));
      expect(lines).toHaveLength(5);
      expect(new Set(lines.map((line) => line.ref)).size).toBe(1);
      expect(await balanceOf(row.merchantId)).toEqual({
        available: money('1000').minus(row.amount).minus(1).toFixed(),
        frozen: '0',
      });
    }
  });

  it('a token send needs the native coin for its fee: held with an alert on the native coin', async () => {
    const eth = chains.chain('ETH');
    eth.setBalance(eth.hotWallet(), 'ETH', '0');
    const row = await processing('ETH', '8');
    await sendWithdrawal(deps(), row.id);
    expect((await findWithdrawal(app.db, row.id))?.status).toBe('processing');
    const [alert] = await app.db
      .select()
      .from(chainAlerts)
      .where(and(eq(chainAlerts.chainId, 'ETH'), eq(chainAlerts.key, 'ETH')));
    expect(alert).toMatchObject({ kind: 'hot_wallet_low', resolvedAt: null });
    eth.setBalance(eth.hotWallet(), 'ETH', '1');
    await pass(eth);
    expect((await findWithdrawal(app.db, row.id))?.status).toBe('sending');
    await confirm(eth);
    expect((await findWithdrawal(app.db, row.id))?.status).toBe('completed');
  });
});
