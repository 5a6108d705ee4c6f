/**
 * The collection watcher on scriptable chains: attribution by address, every status path
 * (completed, overpaid, underpaid at expiry, late), each transfer counted once, the credit with
 * its fee and fund record, the callback events, and several watchers at once.
 */
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  balances,
  callbackEvents,
  chainCursors,
  chainTransfers,
  fundRecords,
  orders,
} from '../src/db/schema';
import {
  createCollectionOrder,
  getCollectionByNo,
  type OrderDeps,
} from '../src/modules/orders/order.service';
import {
  emptyReport,
  runWatcherTick,
  scanChain,
  type WatcherDeps,
} from '../src/modules/watcher/collection-watcher';
import { createWatcherNode } from '../src/modules/watcher/start-watcher';
import { buildTestApp, createTestClock } from './helpers/build-test-app';
import { getAs } from './helpers/calls';
import { createMerchant, logInAs } from './helpers/factories';
import { createFakeChains } from './helpers/fake-chains';
import { expectLedgerClean, expectReportStatsExact } from './helpers/ledger';
import { createTestApplication } from './helpers/order-fixtures';

const clock = createTestClock(new Date('2026-11-23T08:00:00.000Z'));
const chains = createFakeChains({ enabled: ['TRON', 'BSC'], confirmations: 3, now: clock.now });
const tron = chains.chain('TRON');
const bsc = chains.chain('BSC');
let app: FastifyInstance;
let orderDeps: OrderDeps;
let watcher: WatcherDeps;

beforeAll(async () => {
  app = await buildTestApp({ now: clock.now });
  await app.ready();
  // This file drives its own chains and watcher passes; the app's timers would race them.
  await app.watcher.stop();
  await app.chains.stop();
  await app.jobs.stop();
  orderDeps = { db: app.db, now: clock.now, chains };
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

let counter = 0;
async function newShop() {
  const merchant = await createMerchant(app);
  const shop = await createTestApplication(app, merchant.id);
  return { merchant, shop };
}
async function newOrder(
  shop: { id: number; merchantId: number },
  input: { amount: string; network?: string; currency?: string; expiresIn?: number },
) {
  return createCollectionOrder(orderDeps, {
    application: shop,
    input: { merchantOrderNo: `w-${++counter}`, currency: 'USDT', network: 'TRON', ...input },
    source: 'api',
  });
}
const tick = () => runWatcherTick(watcher);
const reload = async (orderNo: string) => {
  const order = await getCollectionByNo(app.db, orderNo);
  if (!order) throw new Error('order vanished');
  return order;
};
/** The order's callback events in the order they were written. */
const eventsOf = async (orderId: number) =>
  (
    await app.db
      .select({ type: callbackEvents.type, body: callbackEvents.body })
      .from(callbackEvents)
      .where(eq(callbackEvents.orderId, orderId))
      .orderBy(asc(callbackEvents.seq))
  ).map((e) => ({ type: e.type, body: JSON.parse(e.body) }));
const eventTypes = async (orderId: number) => (await eventsOf(orderId)).map((e) => e.type);
const recordsOf = (orderNo: string) =>
  app.db.select().from(fundRecords).where(eq(fundRecords.orderNo, orderNo)).orderBy(asc(fundRecords.id));
const availableOf = async (merchantId: number, coinName = 'USDT') =>
  (
    await app.db
      .select({ available: balances.available })
      .from(balances)
      .where(and(eq(balances.merchantId, merchantId), eq(balances.coinName, coinName)))
  )[0]?.available ?? '0';
const normalized = (value: string) => value.replace(/\.?0+$/, '');

describe('a payment of the exact amount', () => {
  it('is seen (confirming), then credited minus the fee and completed after 3 confirmations', async () => {
    const { merchant, shop } = await newShop();
    const order = await newOrder(shop, { amount: '100' });
    const transfer = tron.pay(order.payAddress ?? '', 'USDT', '100');
    clock.advance(1000);
    expect(await tick()).toMatchObject({ recorded: 1, credited: 0 });
    expect(await reload(order.orderNo)).toMatchObject({
      status: 'confirming',
      exception: null,
      paidAmount: '100.000000000000000000',
      txHash: transfer.txHash,
      arrivedAt: clock.now(),
      completedAt: null,
    });
    // One block on top: 2 confirmations, not yet 3.
    tron.mine(1);
    expect((await tick()).credited).toBe(0);
    tron.mine(1);
    clock.advance(1000);
    expect(await tick()).toMatchObject({ credited: 1 });
    const done = await reload(order.orderNo);
    // 0.8 % of 100 = 0.8; the merchant gets 99.2.
    expect(done).toMatchObject({
      status: 'completed',
      exception: null,
      fee: '0.800000000000000000',
      completedAt: clock.now(),
    });
    expect(normalized(await availableOf(merchant.id))).toBe('99.2');
    const [record] = await recordsOf(order.orderNo);
    expect(record).toMatchObject({
      merchantId: merchant.id,
      currency: 'USDT',
      type: 'collection',
      amount: '100.000000000000000000',
      fee: '0.800000000000000000',
      changeAmount: '99.200000000000000000',
      balanceBefore: '0.000000000000000000',
      balanceAfter: '99.200000000000000000',
      txHash: transfer.txHash,
      address: order.payAddress,
      network: 'TRON',
      status: 'completed',
    });
    const events = await eventsOf(order.id);
    expect(events.map((e) => e.type)).toEqual(['collection.confirming', 'collection.completed']);
    const completed = events[1]?.body;
    expect(Object.keys(completed)).toEqual(['id', 'type', 'createdAt', 'data']);
    expect(completed.data.order).toMatchObject({
      orderNo: order.orderNo,
      appId: shop.appId,
      status: 'completed',
      amount: '100',
      paidAmount: '100',
      fee: '0.8',
      cashierUrl: `https://pay.example.com/pay/${order.orderNo}`,
      txHash: transfer.txHash,
    });
  });

  it('shows in the header balance (GET /merchant/account/info)', async () => {
    const { merchant, shop } = await newShop();
    const order = await newOrder(shop, { amount: '50' });
    tron.pay(order.payAddress ?? '', 'USDT', '50');
    tron.mine(2);
    await tick();
    const token = await logInAs(app, merchant);
    const info = (await getAs(app, '/merchant/account/info', { token })).json().data;
    expect(info.userBalanceList.find((b: { coinName: string }) => b.coinName === 'USDT')).toMatchObject({
      available: '49.6',
      usdtValue: '49.6',
    });
    expect(info.totalBalance).toBe('49.6');
  });
});

describe('each chain transfer counts once', () => {
  it('records and credits a transfer once when its blocks are scanned again', async () => {
    const { merchant, shop } = await newShop();
    const order = await newOrder(shop, { amount: '10' });
    const transfer = tron.pay(order.payAddress ?? '', 'USDT', '10');
    tron.mine(2);
    await tick();
    // Scan TRON from its genesis again, as a node whose cursor was lost would.
    await app.db.update(chainCursors).set({ scannedHeight: -1 }).where(eq(chainCursors.chainId, 'TRON'));
    expect((await tick()).recorded).toBe(0);
    expect(
      await app.db.select().from(chainTransfers).where(eq(chainTransfers.txHash, transfer.txHash)),
    ).toHaveLength(1);
    expect(await recordsOf(order.orderNo)).toHaveLength(1);
    expect(normalized(await availableOf(merchant.id))).toBe('9.92');
    expect((await reload(order.orderNo)).paidAmount).toBe('10.000000000000000000');
  });

  it('holds with two watchers passing at once', async () => {
    const { merchant, shop } = await newShop();
    const paid = [];
    for (let i = 0; i < 5; i++) {
      const order = await newOrder(shop, { amount: '2' });
      tron.pay(order.payAddress ?? '', 'USDT', '2');
      paid.push(order);
    }
    tron.mine(2);
    const reports = await Promise.all([tick(), tick(), tick()]);
    expect(reports.reduce((n, r) => n + r.recorded, 0)).toBe(5);
    expect(reports.reduce((n, r) => n + r.credited, 0)).toBe(5);
    for (const order of paid) {
      expect(await recordsOf(order.orderNo)).toHaveLength(1);
      expect((await reload(order.orderNo)).status).toBe('completed');
    }
    expect(normalized(await availableOf(merchant.id))).toBe('9.92');
  });
});

describe('attribution', () => {
  it('credits each order only what reached its own address', async () => {
    const { merchant, shop } = await newShop();
    const a = await newOrder(shop, { amount: '30' });
    const b = await newOrder(shop, { amount: '30' });
    // Two customers pay in the same block.
    tron.pay(a.payAddress ?? '', 'USDT', '30');
    tron.pay(b.payAddress ?? '', 'USDT', '12', { sameBlock: true });
    tron.mine(2);
    await tick();
    expect(await reload(a.orderNo)).toMatchObject({
      status: 'completed',
      paidAmount: '30.000000000000000000',
    });
    expect(await reload(b.orderNo)).toMatchObject({ status: 'pending', paidAmount: '12.000000000000000000' });
    expect(normalized(await availableOf(merchant.id))).toBe('29.76');
  });

  it('records a transfer of another coin to the address as unmatched, without crediting it', async () => {
    const { merchant, shop } = await newShop();
    const order = await newOrder(shop, { amount: '5' });
    const transfer = tron.pay(order.payAddress ?? '', 'TRX', '500');
    tron.mine(3);
    await tick();
    const [row] = await app.db
      .select()
      .from(chainTransfers)
      .where(eq(chainTransfers.txHash, transfer.txHash));
    expect(row).toMatchObject({ orderId: order.id, status: 'unmatched', coinName: 'TRX' });
    expect(await reload(order.orderNo)).toMatchObject({
      status: 'pending',
      paidAmount: '0.000000000000000000',
      txHash: null,
    });
    expect(await availableOf(merchant.id, 'TRX')).toBe('0');
    expect(await eventTypes(order.id)).toEqual([]);
  });

  it('does not see a payment to the order address on another chain', async () => {
    const { shop } = await newShop();
    const order = await newOrder(shop, { amount: '5', network: 'BSC' });
    tron.pay(order.payAddress ?? '', 'USDT', '5');
    tron.mine(3);
    await tick();
    expect((await reload(order.orderNo)).status).toBe('pending');
    bsc.pay(order.payAddress ?? '', 'USDT', '5');
    bsc.mine(2);
    await tick();
    expect((await reload(order.orderNo)).status).toBe('completed');
  });
});

describe('less than the amount', () => {
  it('stays pending with paidAmount growing, then completes when the rest arrives', async () => {
    const { merchant, shop } = await newShop();
    const order = await newOrder(shop, { amount: '20' });
    const first = tron.pay(order.payAddress ?? '', 'USDT', '7.5');
    tron.mine(3);
    await tick();
    // Confirmed, but an order still pending is not credited yet.
    expect(await reload(order.orderNo)).toMatchObject({
      status: 'pending',
      paidAmount: '7.500000000000000000',
      txHash: first.txHash,
    });
    expect(await recordsOf(order.orderNo)).toHaveLength(0);
    tron.pay(order.payAddress ?? '', 'USDT', '12.5');
    await tick();
    expect(await reload(order.orderNo)).toMatchObject({
      status: 'confirming',
      paidAmount: '20.000000000000000000',
      txHash: first.txHash,
    });
    // The first transfer is credited now; the order waits for the second's confirmations.
    expect(await recordsOf(order.orderNo)).toHaveLength(1);
    tron.mine(2);
    await tick();
    expect(await reload(order.orderNo)).toMatchObject({
      status: 'completed',
      exception: null,
      fee: '0.160000000000000000',
    });
    expect(normalized(await availableOf(merchant.id))).toBe('19.84');
    expect(await eventTypes(order.id)).toEqual([
      'collection.payment_received',
      'collection.confirming',
      'collection.completed',
    ]);
  });

  it('ends expired and underpaid at expiry, and what arrived is credited', async () => {
    const { merchant, shop } = await newShop();
    const order = await newOrder(shop, { amount: '40', expiresIn: 600 });
    tron.pay(order.payAddress ?? '', 'USDT', '15');
    tron.mine(2);
    await tick();
    expect((await reload(order.orderNo)).status).toBe('pending');
    clock.advance(600_000);
    await tick();
    expect(await reload(order.orderNo)).toMatchObject({
      status: 'expired',
      exception: 'underpaid',
      paidAmount: '15.000000000000000000',
      fee: '0.120000000000000000',
      completedAt: null,
    });
    expect(normalized(await availableOf(merchant.id))).toBe('14.88');
    const events = await eventsOf(order.id);
    expect(events.map((e) => e.type)).toEqual(['collection.payment_received', 'collection.expired']);
    expect(events[1]?.body.data.order).toMatchObject({
      status: 'expired',
      exception: 'underpaid',
      paidAmount: '15',
    });
  });

  it('credits a transfer still confirming at expiry once it has its confirmations', async () => {
    const { merchant, shop } = await newShop();
    const order = await newOrder(shop, { amount: '40', expiresIn: 300 });
    tron.pay(order.payAddress ?? '', 'USDT', '4');
    await tick();
    clock.advance(300_000);
    await tick();
    expect(await reload(order.orderNo)).toMatchObject({ status: 'expired', exception: 'underpaid' });
    expect(await recordsOf(order.orderNo)).toHaveLength(0);
    tron.mine(2);
    await tick();
    expect(await recordsOf(order.orderNo)).toHaveLength(1);
    expect(normalized(await availableOf(merchant.id))).toBe('3.968');
  });

  it('expires an unpaid order without an exception and credits nothing', async () => {
    const { merchant, shop } = await newShop();
    const order = await newOrder(shop, { amount: '40', expiresIn: 300 });
    clock.advance(300_000);
    await tick();
    expect(await reload(order.orderNo)).toMatchObject({ status: 'expired', exception: null });
    expect(await availableOf(merchant.id)).toBe('0');
    expect(await eventTypes(order.id)).toEqual(['collection.expired']);
  });
});

describe('more than the amount', () => {
  it('is overpaid and completes, crediting all that arrived minus the fee', async () => {
    const { merchant, shop } = await newShop();
    const order = await newOrder(shop, { amount: '10' });
    tron.pay(order.payAddress ?? '', 'USDT', '12.5');
    await tick();
    expect(await reload(order.orderNo)).toMatchObject({ status: 'confirming', exception: 'overpaid' });
    tron.mine(2);
    await tick();
    expect(await reload(order.orderNo)).toMatchObject({
      status: 'completed',
      exception: 'overpaid',
      fee: '0.100000000000000000',
    });
    expect(normalized(await availableOf(merchant.id))).toBe('12.4');
  });

  it('turns a completed order overpaid when more arrives, and credits it', async () => {
    const { merchant, shop } = await newShop();
    const order = await newOrder(shop, { amount: '10' });
    tron.pay(order.payAddress ?? '', 'USDT', '10');
    tron.mine(2);
    await tick();
    tron.pay(order.payAddress ?? '', 'USDT', '1');
    await tick();
    expect(await reload(order.orderNo)).toMatchObject({
      status: 'completed',
      exception: 'overpaid',
      paidAmount: '11.000000000000000000',
    });
    tron.mine(2);
    await tick();
    expect(normalized(await availableOf(merchant.id))).toBe('10.912');
    expect(await recordsOf(order.orderNo)).toHaveLength(2);
    expect(await eventTypes(order.id)).toEqual([
      'collection.confirming',
      'collection.completed',
      'collection.payment_received',
    ]);
  });
});

describe('after expiry', () => {
  it('marks a payment late and credits it', async () => {
    const { merchant, shop } = await newShop();
    const order = await newOrder(shop, { amount: '25', expiresIn: 300 });
    clock.advance(301_000);
    await tick();
    expect((await reload(order.orderNo)).status).toBe('expired');
    clock.advance(6 * 24 * 3600_000);
    tron.pay(order.payAddress ?? '', 'USDT', '25');
    await tick();
    expect(await reload(order.orderNo)).toMatchObject({
      status: 'expired',
      exception: 'late',
      paidAmount: '25.000000000000000000',
    });
    tron.mine(2);
    await tick();
    expect(normalized(await availableOf(merchant.id))).toBe('24.8');
    expect((await reload(order.orderNo)).fee).toBe('0.200000000000000000');
    expect(await eventTypes(order.id)).toEqual(['collection.expired', 'collection.payment_received']);
  });

  it('expires a pending order first when its payment is seen after its time, then marks it late', async () => {
    const { shop } = await newShop();
    const order = await newOrder(shop, { amount: '25', expiresIn: 300 });
    tron.pay(order.payAddress ?? '', 'USDT', '5');
    await tick();
    clock.advance(300_000);
    // The expiry pass has not run yet when the chain pass sees the next payment.
    tron.pay(order.payAddress ?? '', 'USDT', '20');
    const report = emptyReport();
    await scanChain(watcher, tron, report);
    expect(report).toMatchObject({ recorded: 1, events: 2 });
    const events = await eventsOf(order.id);
    expect(events.map((e) => e.type)).toEqual([
      'collection.payment_received',
      // Expired first, as it was when it was seen (underpaid), then the payment makes it late.
      'collection.expired',
      'collection.payment_received',
    ]);
    expect(events[1]?.body.data.order).toMatchObject({
      status: 'expired',
      exception: 'underpaid',
      paidAmount: '5',
    });
    expect(await reload(order.orderNo)).toMatchObject({
      status: 'expired',
      exception: 'late',
      paidAmount: '25.000000000000000000',
    });
  });

  it('watches the address for ever: a payment a month after expiry is late, and credited', async () => {
    const { merchant, shop } = await newShop();
    const order = await newOrder(shop, { amount: '25', expiresIn: 300 });
    clock.advance(300_000 + 30 * 24 * 3600_000);
    await tick();
    tron.pay(order.payAddress ?? '', 'USDT', '25');
    tron.mine(2);
    await tick();
    expect(await reload(order.orderNo)).toMatchObject({ status: 'expired', exception: 'late' });
    expect(normalized(await availableOf(merchant.id))).toBe('24.8');
  });
});

describe('the fee', () => {
  it('is the collection rate times what arrived, rounded to the coin’s decimals on the chain', async () => {
    const { merchant, shop } = await newShop();
    // 0.8 % of 10.123457 = 0.080987656 → 0.080988 (USDT has 6 decimals on TRON).
    const order = await newOrder(shop, { amount: '10.123457' });
    tron.pay(order.payAddress ?? '', 'USDT', '10.123457');
    tron.mine(2);
    await tick();
    expect((await reload(order.orderNo)).fee).toBe('0.080988000000000000');
    expect(normalized(await availableOf(merchant.id))).toBe('10.042469');
    const [row] = await app.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row?.status).toBe('completed');
  });
});
