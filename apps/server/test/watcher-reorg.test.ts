/**
 * Reorgs, on the scriptable test chain (docs/decisions/2026-12-07-chain-boundary.md): a reorg
 * before the confirmations drops the transfer and takes the order back to pending with
 * collection.payment_reverted, nothing credited, and a new payment completes it once; the block
 * hash asked again just before a credit puts the credit off; a reorg deeper than the
 * confirmations after a credit marks the transfer `reorged` and raises a deep_reorg alert, never
 * moving a balance; an uncredited deposit is dropped too. Runs on PGlite and on PostgreSQL.
 */
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  balances,
  callbackEvents,
  chainAlerts,
  chainBlocks,
  chainTransfers,
  fundRecords,
} from '../src/db/schema';
import { getDepositAddress } from '../src/modules/assets/deposit.service';
import { getCollectionByNo } from '../src/modules/orders/order.service';
import {
  creditConfirmed,
  emptyReport,
  runWatcherTick,
  type WatcherDeps,
} from '../src/modules/watcher/collection-watcher';
import { createWatcherNode } from '../src/modules/watcher/start-watcher';
import { buildTestApp, createTestClock } from './helpers/build-test-app';
import { createMerchant } from './helpers/factories';
import { createFakeChains } from './helpers/fake-chains';
import { expectLedgerClean, expectReportStatsExact } from './helpers/ledger';
import { createTestApplication } from './helpers/order-fixtures';
import { createOrderOn } from './helpers/watcher-fixtures';

const clock = createTestClock(new Date('2026-12-07T08:00:00.000Z'));
const chains = createFakeChains({ enabled: ['TRON'], confirmations: 3, now: clock.now });
const tron = chains.chain('TRON');
let app: FastifyInstance;
let watcher: WatcherDeps;

beforeAll(async () => {
  app = await buildTestApp({ now: clock.now });
  await app.ready();
  // This file drives its own chain and watcher passes.
  await app.watcher.stop();
  await app.chains.stop();
  await app.jobs.stop();
  watcher = {
    db: app.db,
    now: clock.now,
    chains,
    events: { publicUrl: 'https://pay.example.com' },
    node: createWatcherNode(30_000),
  };
});
afterAll(async () => {
  await expectLedgerClean(app.db);
  await expectReportStatsExact(app.db);
  await app.close();
});

const tick = () => runWatcherTick(watcher);
async function newShop() {
  const merchant = await createMerchant(app);
  const shop = await createTestApplication(app, merchant.id);
  return { merchant, shop };
}
const newOrder = (shop: { id: number; merchantId: number }, amount: string) =>
  createOrderOn({ db: app.db, now: clock.now, chains }, shop, { amount, network: 'TRON' });
const reload = async (orderNo: string) => {
  const order = await getCollectionByNo(app.db, orderNo);
  if (!order) throw new Error('order vanished');
  return order;
};
const eventsOf = async (orderId: number) =>
  (
    await app.db
      .select({ type: callbackEvents.type, body: callbackEvents.body })
      .from(callbackEvents)
      .where(eq(callbackEvents.orderId, orderId))
      .orderBy(asc(callbackEvents.seq))
  ).map((e) => ({ type: e.type, body: JSON.parse(e.body) }));
const transfersTo = (address: string) =>
  app.db
    .select()
    .from(chainTransfers)
    .where(eq(chainTransfers.toAddress, address))
    .orderBy(asc(chainTransfers.id));
const availableOf = async (merchantId: number, coinName = 'USDT') =>
  (
    await app.db
      .select({ available: balances.available })
      .from(balances)
      .where(and(eq(balances.merchantId, merchantId), eq(balances.coinName, coinName)))
  )[0]?.available ?? '0';
const recordsOf = (orderNo: string) =>
  app.db.select().from(fundRecords).where(eq(fundRecords.orderNo, orderNo));
const normalized = (value: string) => value.replace(/\.?0+$/, '');

describe('a reorg before the confirmations', () => {
  it('drops the transfer, takes the order back to pending with payment_reverted, credits nothing; paid again it completes once', async () => {
    const { merchant, shop } = await newShop();
    const order = await newOrder(shop, '100');
    const address = order.payAddress ?? '';
    tron.pay(address, 'USDT', '100');
    await tick();
    expect((await reload(order.orderNo)).status).toBe('confirming');
    // The block holding the payment is replaced (its transfer gone), and one more is mined.
    tron.reorg(1);
    tron.mine(1);
    const report = await tick();
    expect(report).toMatchObject({ reorgs: 1, dropped: 1, reorged: 0, credited: 0 });
    expect(await transfersTo(address)).toEqual([]);
    expect(await reload(order.orderNo)).toMatchObject({
      status: 'pending',
      exception: null,
      paidAmount: '0.000000000000000000',
      txHash: null,
      arrivedAt: null,
    });
    const events = await eventsOf(order.id);
    expect(events.map((e) => e.type)).toEqual(['collection.confirming', 'collection.payment_reverted']);
    expect(events[1]?.body.data.order).toMatchObject({ status: 'pending', paidAmount: '0', txHash: null });
    // The stored blocks are the new chain's again, up to the head.
    const [top] = await app.db
      .select()
      .from(chainBlocks)
      .where(and(eq(chainBlocks.chainId, 'TRON'), eq(chainBlocks.height, tron.head)));
    expect(top?.hash).toBe(tron.blockHash(tron.head));
    tron.mine(3);
    await tick();
    expect(await availableOf(merchant.id)).toBe('0');
    expect(await recordsOf(order.orderNo)).toEqual([]);

    // Paid again: it completes, once.
    const again = tron.pay(address, 'USDT', '100');
    tron.mine(2);
    await tick();
    await tick();
    expect(await reload(order.orderNo)).toMatchObject({ status: 'completed', txHash: again.txHash });
    expect(await recordsOf(order.orderNo)).toHaveLength(1);
    expect(normalized(await availableOf(merchant.id))).toBe('99.2');
    expect((await eventsOf(order.id)).map((e) => e.type)).toEqual([
      'collection.confirming',
      'collection.payment_reverted',
      'collection.confirming',
      'collection.completed',
    ]);
  });

  it('keeps what the reorg did not touch: an order paid in two blocks loses only the orphaned part', async () => {
    const { shop } = await newShop();
    const order = await newOrder(shop, '30');
    const address = order.payAddress ?? '';
    const first = tron.pay(address, 'USDT', '10');
    tron.pay(address, 'USDT', '20');
    await tick();
    expect((await reload(order.orderNo)).status).toBe('confirming');
    tron.reorg(1);
    tron.mine(1);
    await tick();
    expect(await reload(order.orderNo)).toMatchObject({
      status: 'pending',
      paidAmount: '10.000000000000000000',
      txHash: first.txHash,
    });
    expect((await transfersTo(address)).map((t) => t.txHash)).toEqual([first.txHash]);
  });

  it('puts a credit off when the block at its height is no longer the transfer’s (asked just before)', async () => {
    const { merchant, shop } = await newShop();
    const order = await newOrder(shop, '5');
    tron.pay(order.payAddress ?? '', 'USDT', '5');
    await tick();
    tron.mine(2);
    // The chain reorganizes after the scan, before the credit: the credit step alone runs.
    tron.reorg(3);
    const report = emptyReport();
    await creditConfirmed(watcher, tron, report);
    expect(report).toMatchObject({ credited: 0, held: 1 });
    expect(await availableOf(merchant.id)).toBe('0');
    expect((await transfersTo(order.payAddress ?? ''))[0]?.status).toBe('confirming');
    // The next pass finds the reorg and drops it.
    tron.mine(1);
    expect(await tick()).toMatchObject({ reorgs: 1, dropped: 1, credited: 0 });
    expect((await reload(order.orderNo)).status).toBe('pending');
  });

  it('drops an uncredited deposit to a merchant’s own address', async () => {
    const { merchant } = await newShop();
    const { address } = await getDepositAddress({ db: app.db, chains }, merchant.id, {
      coinName: 'USDT',
      chainId: 'TRON',
    });
    tron.pay(address, 'USDT', '50');
    await tick();
    expect((await transfersTo(address))[0]?.status).toBe('confirming');
    tron.reorg(1);
    tron.mine(3);
    expect(await tick()).toMatchObject({ reorgs: 1, dropped: 1, credited: 0 });
    expect(await transfersTo(address)).toEqual([]);
    expect(await availableOf(merchant.id)).toBe('0');
  });
});

describe('a reorg deeper than the confirmations, after the credit', () => {
  it('marks the credited transfer reorged and raises a deep_reorg alert listing it; no balance moves', async () => {
    const { merchant, shop } = await newShop();
    const order = await newOrder(shop, '40');
    const address = order.payAddress ?? '';
    const paid = tron.pay(address, 'USDT', '40');
    tron.mine(2);
    await tick();
    expect((await reload(order.orderNo)).status).toBe('completed');
    expect(normalized(await availableOf(merchant.id))).toBe('39.68');

    tron.reorg(4);
    tron.mine(1);
    expect(await tick()).toMatchObject({ reorgs: 1, dropped: 0, reorged: 1 });
    const [row] = await transfersTo(address);
    expect(row).toMatchObject({ txHash: paid.txHash, status: 'reorged' });
    // Nothing is reversed: the balance, the fund record and the order stand.
    expect(normalized(await availableOf(merchant.id))).toBe('39.68');
    expect(await recordsOf(order.orderNo)).toHaveLength(1);
    expect(await reload(order.orderNo)).toMatchObject({
      status: 'completed',
      paidAmount: '40.000000000000000000',
    });
    const alerts = await app.db.select().from(chainAlerts).where(eq(chainAlerts.kind, 'deep_reorg'));
    const alert = alerts.find((a) =>
      (a.detail as { credited: { txHash: string }[] }).credited.some((c) => c.txHash === paid.txHash),
    );
    expect(alert).toMatchObject({ chainId: 'TRON', resolvedAt: null });
    expect((alert?.detail as { credited: unknown[] } | undefined)?.credited).toEqual([
      expect.objectContaining({
        kind: 'collection',
        no: order.orderNo,
        merchantId: merchant.id,
        coin: 'USDT',
        amount: '40.000000000000000000',
        txHash: paid.txHash,
      }),
    ]);

    // Mined again in the new chain: it is credited as it was, in its new block, not twice.
    const again = tron.include(paid);
    tron.mine(3);
    await tick();
    expect((await transfersTo(address))[0]).toMatchObject({
      status: 'credited',
      blockHeight: again.blockHeight,
      blockHash: tron.blockHash(again.blockHeight),
    });
    expect(normalized(await availableOf(merchant.id))).toBe('39.68');
    expect(await recordsOf(order.orderNo)).toHaveLength(1);
  });

  it('lists a credited deposit the same way, and the merchant’s balance stays whole', async () => {
    const { merchant } = await newShop();
    const { address } = await getDepositAddress({ db: app.db, chains }, merchant.id, {
      coinName: 'USDT',
      chainId: 'TRON',
    });
    const paid = tron.pay(address, 'USDT', '25');
    tron.mine(2);
    await tick();
    expect(normalized(await availableOf(merchant.id))).toBe('25');
    tron.reorg(5);
    tron.mine(1);
    expect(await tick()).toMatchObject({ reorged: 1 });
    const [row] = await transfersTo(address);
    expect(row?.status).toBe('reorged');
    expect(normalized(await availableOf(merchant.id))).toBe('25');
    const alerts = await app.db.select().from(chainAlerts).where(eq(chainAlerts.kind, 'deep_reorg'));
    const listed = alerts.flatMap(
      (a) => (a.detail as { credited: { txHash: string; kind: string; no: string }[] }).credited,
    );
    expect(listed.find((c) => c.txHash === paid.txHash)).toMatchObject({
      kind: 'deposit',
      no: row?.depositNo,
    });
    // Mined again: credited as it was, not twice.
    tron.include(paid);
    tron.mine(3);
    await tick();
    expect((await transfersTo(address))[0]?.status).toBe('credited');
    expect(normalized(await availableOf(merchant.id))).toBe('25');
  });
});
