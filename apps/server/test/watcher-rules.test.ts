/**
 * What the watcher decides from a block (docs/decisions/2026-12-07-chain-boundary.md): lateness
 * by the block's time, not the watcher's clock; transfers no rule credits recorded `unmatched`
 * (another known coin to an order's address, a deleted application's order, a deposit of a coin
 * the chain does not carry) and the platform's own gas top-ups `ignored`; an epusdt order's
 * payment taken back by a reorg notifies nothing (epusdt knows only "paid").
 */
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GAS_WALLET } from '../src/chains/chain-adapter';
import { applications, balances, callbackEvents, chainTransfers } from '../src/db/schema';
import { getDepositAddress } from '../src/modules/assets/deposit.service';
import { createEpusdtEventWriter } from '../src/modules/epusdt/epusdt-notify';
import { getCollectionByNo } from '../src/modules/orders/order.service';
import {
  emptyReport,
  expireDueOrders,
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

const clock = createTestClock(new Date('2026-12-07T10:00:00.000Z'));
const chains = createFakeChains({ enabled: ['TRON'], confirmations: 3, now: clock.now });
const tron = chains.chain('TRON');
let app: FastifyInstance;
let watcher: WatcherDeps;

beforeAll(async () => {
  app = await buildTestApp({ now: clock.now });
  await app.ready();
  await app.watcher.stop();
  await app.chains.stop();
  await app.jobs.stop();
  watcher = {
    db: app.db,
    now: clock.now,
    chains,
    events: { publicUrl: 'https://pay.example.com', epusdt: createEpusdtEventWriter() },
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
  const shop = await createTestApplication(app, merchant.id, { callbackUrl: 'https://shop.example/notify' });
  return { merchant, shop };
}
const newOrder = (
  shop: { id: number; merchantId: number },
  input: { amount: string; expiresIn?: number },
  source: 'api' | 'epusdt' = 'api',
) => createOrderOn({ db: app.db, now: clock.now, chains }, shop, { ...input, network: 'TRON' }, source);
const reload = async (orderNo: string) => {
  const order = await getCollectionByNo(app.db, orderNo);
  if (!order) throw new Error('order vanished');
  return order;
};
const eventTypes = async (orderId: number) =>
  (
    await app.db
      .select({ type: callbackEvents.type })
      .from(callbackEvents)
      .where(eq(callbackEvents.orderId, orderId))
      .orderBy(asc(callbackEvents.seq))
  ).map((e) => e.type);
const transferOf = async (txHash: string) =>
  (await app.db.select().from(chainTransfers).where(eq(chainTransfers.txHash, txHash)))[0];
const availableOf = async (merchantId: number, coinName: string) =>
  (
    await app.db
      .select({ available: balances.available })
      .from(balances)
      .where(and(eq(balances.merchantId, merchantId), eq(balances.coinName, coinName)))
  )[0]?.available ?? '0';

describe('lateness by the block’s time', () => {
  it('is in time when the block was, though the watcher sees it after the expiry', async () => {
    const { shop } = await newShop();
    const order = await newOrder(shop, { amount: '10', expiresIn: 300 });
    clock.advance(100_000);
    tron.pay(order.payAddress ?? '', 'USDT', '10');
    // The watcher's first pass after the payment comes after the order's time.
    clock.advance(400_000);
    await tick();
    expect(await reload(order.orderNo)).toMatchObject({ status: 'confirming', exception: null });
    tron.mine(2);
    await tick();
    expect(await reload(order.orderNo)).toMatchObject({ status: 'completed', exception: null });
    expect(await eventTypes(order.id)).toEqual(['collection.confirming', 'collection.completed']);
  });

  it('is in time even when the expiry was decided before the block was seen', async () => {
    const { shop } = await newShop();
    const order = await newOrder(shop, { amount: '10', expiresIn: 300 });
    clock.advance(100_000);
    tron.pay(order.payAddress ?? '', 'USDT', '10');
    clock.advance(400_000);
    // Another node's expiry pass runs before this chain's scan.
    await expireDueOrders(watcher, emptyReport());
    expect(await reload(order.orderNo)).toMatchObject({ status: 'expired', exception: null });
    await tick();
    expect(await reload(order.orderNo)).toMatchObject({ status: 'confirming', exception: null });
    tron.mine(2);
    await tick();
    expect(await reload(order.orderNo)).toMatchObject({ status: 'completed', exception: null });
    expect(await eventTypes(order.id)).toEqual([
      'collection.expired',
      'collection.confirming',
      'collection.completed',
    ]);
  });

  it('is late when the block came after the expiry, whenever the watcher passes', async () => {
    const { shop } = await newShop();
    const order = await newOrder(shop, { amount: '10', expiresIn: 300 });
    clock.advance(301_000);
    tron.pay(order.payAddress ?? '', 'USDT', '10');
    await tick();
    expect(await reload(order.orderNo)).toMatchObject({ status: 'expired', exception: 'late' });
  });
});

describe('unmatched transfers', () => {
  it('records another known coin to an order’s address as unmatched, crediting nothing', async () => {
    const { merchant, shop } = await newShop();
    const order = await newOrder(shop, { amount: '5' });
    const trx = tron.pay(order.payAddress ?? '', 'TRX', '300');
    tron.mine(3);
    await tick();
    expect(await transferOf(trx.txHash)).toMatchObject({ orderId: order.id, status: 'unmatched' });
    expect(await reload(order.orderNo)).toMatchObject({
      status: 'pending',
      paidAmount: '0.000000000000000000',
    });
    expect(await availableOf(merchant.id, 'TRX')).toBe('0');
  });

  it('records a payment to a deleted application’s order as unmatched', async () => {
    const { merchant, shop } = await newShop();
    const order = await newOrder(shop, { amount: '5' });
    await app.db.update(applications).set({ deletedAt: clock.now() }).where(eq(applications.id, shop.id));
    const paid = tron.pay(order.payAddress ?? '', 'USDT', '5');
    tron.mine(3);
    await tick();
    expect(await transferOf(paid.txHash)).toMatchObject({ orderId: order.id, status: 'unmatched' });
    expect((await reload(order.orderNo)).status).toBe('pending');
    expect(await availableOf(merchant.id, 'USDT')).toBe('0');
  });

  it('records a deposit of a coin the chain does not carry as unmatched, and a gas top-up as ignored', async () => {
    const { merchant } = await newShop();
    const { address } = await getDepositAddress({ db: app.db, chains }, merchant.id, {
      coinName: 'USDT',
      chainId: 'TRON',
    });
    const usdc = tron.pay(address, 'USDC', '20');
    // The platform's gas wallet pays the native coin a sweep of the address needs: not a deposit.
    const gas = tron.pay(address, 'TRX', '30');
    gas.fromAddress = tron.deriveAddress(GAS_WALLET.index, GAS_WALLET.account);
    tron.mine(3);
    await tick();
    expect(await transferOf(usdc.txHash)).toMatchObject({
      status: 'unmatched',
      depositAddressId: expect.any(Number),
    });
    expect(await transferOf(gas.txHash)).toMatchObject({ status: 'ignored', depositNo: null });
    expect(await availableOf(merchant.id, 'TRX')).toBe('0');
  });
});

describe('collection.payment_reverted', () => {
  it('is an event of the signed API’s orders; an epusdt order’s reorg notifies nothing', async () => {
    const { shop } = await newShop();
    const api = await newOrder(shop, { amount: '8' });
    const epusdt = await newOrder(shop, { amount: '8' }, 'epusdt');
    tron.pay(api.payAddress ?? '', 'USDT', '8');
    tron.pay(epusdt.payAddress ?? '', 'USDT', '8', { sameBlock: true });
    await tick();
    tron.reorg(1);
    tron.mine(1);
    expect(await tick()).toMatchObject({ reorgs: 1, dropped: 2 });
    expect((await reload(api.orderNo)).status).toBe('pending');
    expect((await reload(epusdt.orderNo)).status).toBe('pending');
    expect(await eventTypes(api.id)).toEqual(['collection.confirming', 'collection.payment_reverted']);
    // epusdt is told only "paid" (collection.completed); nothing else is written for it.
    expect(await eventTypes(epusdt.id)).toEqual([]);
    const paid = tron.pay(epusdt.payAddress ?? '', 'USDT', '8');
    tron.mine(2);
    await tick();
    expect((await transferOf(paid.txHash))?.status).toBe('credited');
    expect(await eventTypes(epusdt.id)).toEqual(['collection.completed']);
  });
});
