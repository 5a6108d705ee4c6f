/** Collection orders: creation, idempotency by merchant order number, 3001/3002, addresses, the Order object. */
import { ErrorCode } from '@tollgate/contracts';
import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../src/db/schema';
import { isAppErrorWith } from '../src/lib/app-error';
import {
  assignOrderNetwork,
  createCollectionOrder,
  findOrderByMerchantOrderNo,
  getCollectionByNo,
  type OrderDeps,
} from '../src/modules/orders/order.service';
import { ORDER_NO_PATTERN } from '../src/modules/orders/order-number';
import { toOrderObject } from '../src/modules/orders/order-object';
import { buildTestApp, createTestClock } from './helpers/build-test-app';
import { createMerchant } from './helpers/factories';
import { createFakeChains } from './helpers/fake-chains';
import { expectLedgerClean } from './helpers/ledger';
import { createTestApplication } from './helpers/order-fixtures';

const clock = createTestClock(new Date('2026-11-23T15:30:00.000Z'));
const chains = createFakeChains({ enabled: ['ETH', 'TRON', 'BSC', 'POLYGON'] });
let app: FastifyInstance;
let deps: OrderDeps;
let shop: { id: number; merchantId: number; appId: string };

beforeAll(async () => {
  app = await buildTestApp({ now: clock.now });
  deps = { db: app.db, now: clock.now, chains };
  const merchant = await createMerchant(app);
  shop = await createTestApplication(app, merchant.id);
});
afterAll(async () => {
  await expectLedgerClean(app.db);
  await app.close();
});

let counter = 0;
const nextNo = () => `shop-${++counter}`;
const create = (input: Record<string, unknown>, source: 'api' | 'epusdt' = 'api') =>
  createCollectionOrder(deps, {
    application: shop,
    input: { merchantOrderNo: nextNo(), currency: 'USDT', amount: '10', ...input },
    source,
  });
const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) =>
      isAppErrorWith(
        error,
        ErrorCode.MERCHANT_ORDER_CONFLICT,
        ErrorCode.CURRENCY_NOT_SUPPORTED,
        ErrorCode.VALIDATION_FAILED,
      )
        ? error.code
        : error,
  );

describe('createCollectionOrder', () => {
  it('creates a pending test order with its own address on the given network', async () => {
    const order = await create({ network: 'TRON', amount: '12.50', description: 'Pro plan', expiresIn: 600 });
    expect(order).toMatchObject({
      type: 'collection',
      merchantId: shop.merchantId,
      applicationId: shop.id,
      currency: 'USDT',
      network: 'TRON',
      status: 'pending',
      exception: null,
      test: true,
      description: 'Pro plan',
      // None named: the cashier follows the payer's browser.
      language: null,
      source: 'api',
    });
    expect(order.orderNo).toMatch(ORDER_NO_PATTERN);
    // The creation day in Asia/Shanghai: 15:30 UTC on the 23rd is the 23rd there, 23:30.
    expect(order.orderNo.slice(2, 10)).toBe('20261123');
    expect(order.payAddress).toBe(`fake-TRON-0-${order.addressIndex}`);
    expect(order.expiresAt.getTime() - order.createdAt.getTime()).toBe(600_000);
    expect(order.amount).toMatch(/^12\.50*$/);
  });

  it('never gives two orders the same address or order number', async () => {
    const made = [];
    for (let i = 0; i < 5; i++) made.push(await create({ network: 'ETH' }));
    expect(new Set(made.map((o) => o.payAddress)).size).toBe(5);
    expect(new Set(made.map((o) => o.addressIndex)).size).toBe(5);
    expect(new Set(made.map((o) => o.orderNo)).size).toBe(5);
  });

  it('returns the same order for the same content, and refuses other content with 3001', async () => {
    const merchantOrderNo = nextNo();
    const first = await create({ merchantOrderNo, network: 'BSC', amount: '10' });
    // "10.00" is the amount 10; an omitted default equals the default itself.
    const again = await create({ merchantOrderNo, network: 'BSC', amount: '10.00', expiresIn: 1800 });
    expect(again.id).toBe(first.id);
    expect(await refusal(create({ merchantOrderNo, network: 'BSC', amount: '11' }))).toBe(3001);
    expect(await refusal(create({ merchantOrderNo, network: 'ETH', amount: '10' }))).toBe(3001);
    expect(await refusal(create({ merchantOrderNo, network: 'BSC', amount: '10', description: 'x' }))).toBe(
      3001,
    );
    expect(await refusal(create({ merchantOrderNo, network: 'BSC', amount: '10' }, 'epusdt'))).toBe(3001);
    const [rows] = await app.db
      .select({ n: count() })
      .from(orders)
      .where(eq(orders.merchantOrderNo, merchantOrderNo));
    expect(rows?.n).toBe(1);
  });

  it('keeps merchant order numbers apart per application', async () => {
    const other = await createTestApplication(app, shop.merchantId);
    const merchantOrderNo = nextNo();
    const mine = await create({ merchantOrderNo });
    const theirs = await createCollectionOrder(deps, {
      application: other,
      input: { merchantOrderNo, currency: 'USDT', amount: '99' },
      source: 'api',
    });
    expect(theirs.id).not.toBe(mine.id);
    expect((await findOrderByMerchantOrderNo(app.db, other.id, merchantOrderNo))?.id).toBe(theirs.id);
    expect((await findOrderByMerchantOrderNo(app.db, shop.id, merchantOrderNo))?.id).toBe(mine.id);
    expect(await getCollectionByNo(app.db, mine.orderNo, other.id)).toBeUndefined();
    expect((await getCollectionByNo(app.db, mine.orderNo, shop.id))?.id).toBe(mine.id);
  });

  it('refuses with 3002 a currency or network that cannot be paid, writing nothing', async () => {
    const [before] = await app.db.select({ n: count() }).from(orders);
    expect(await refusal(create({ currency: 'XYZ' }))).toBe(3002);
    // TRX lives on TRON only; DOGE's chain is disabled in this test; SOL is no chain at all.
    expect(await refusal(create({ currency: 'TRX', network: 'ETH' }))).toBe(3002);
    expect(await refusal(create({ currency: 'DOGE' }))).toBe(3002);
    expect(await refusal(create({ currency: 'DOGE', network: 'DOGE' }))).toBe(3002);
    expect(await refusal(create({ currency: 'USDT', network: 'SOL' }))).toBe(3002);
    const [after] = await app.db.select({ n: count() }).from(orders);
    expect(after?.n).toBe(before?.n);
  });

  it('refuses an amount with more decimals than the coin carries on the networks it may be paid on', async () => {
    // USDT has 18 decimals on BSC but 6 on TRON, ETH and POLYGON.
    expect(await refusal(create({ network: 'BSC', amount: '1.0000001' }))).toBeNull();
    expect(await refusal(create({ network: 'TRON', amount: '1.0000001' }))).toBe(1001);
    expect(await refusal(create({ amount: '1.0000001' }))).toBe(1001);
    expect(await refusal(create({ amount: '1.000001' }))).toBeNull();
    expect(await refusal(create({ amount: '0' }))).toBe(1001);
  });

  it('holds under 50 concurrent identical creates: one order, the same for every caller', async () => {
    const merchantOrderNo = nextNo();
    const input = { merchantOrderNo, currency: 'USDT', network: 'TRON', amount: '5' };
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        createCollectionOrder(deps, { application: shop, input, source: 'api' }),
      ),
    );
    expect(new Set(results.map((o) => o.orderNo)).size).toBe(1);
    const [rows] = await app.db
      .select({ n: count() })
      .from(orders)
      .where(eq(orders.merchantOrderNo, merchantOrderNo));
    expect(rows?.n).toBe(1);
  });

  it('lets 50 concurrent creates with different content have one winner and 49 refusals', async () => {
    const merchantOrderNo = nextNo();
    const outcomes = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        refusal(
          createCollectionOrder(deps, {
            application: shop,
            input: { merchantOrderNo, currency: 'USDT', network: 'ETH', amount: `${i + 1}` },
            source: 'api',
          }),
        ),
      ),
    );
    expect(outcomes.filter((o) => o === null)).toHaveLength(1);
    expect(outcomes.filter((o) => o === 3001)).toHaveLength(49);
  });
});

describe('assignOrderNetwork', () => {
  it('assigns the network and a fresh address once, to a pending order without one', async () => {
    const order = await create({});
    expect(order).toMatchObject({ network: null, payAddress: null, addressIndex: null });
    const assigned = await assignOrderNetwork(deps, order.orderNo, 'POLYGON');
    expect(assigned).toMatchObject({
      network: 'POLYGON',
      payAddress: `fake-POLYGON-0-${assigned.addressIndex}`,
    });
    // A double click returns the same; another network afterwards changes nothing.
    expect((await assignOrderNetwork(deps, order.orderNo, 'POLYGON')).payAddress).toBe(assigned.payAddress);
    expect((await assignOrderNetwork(deps, order.orderNo, 'ETH')).network).toBe('POLYGON');
  });

  it('has exactly one winner when two networks are chosen at once', async () => {
    const order = await create({});
    const results = await Promise.all(
      (['ETH', 'TRON', 'BSC', 'POLYGON'] as const).map((chainId) =>
        assignOrderNetwork(deps, order.orderNo, chainId),
      ),
    );
    const stored = await getCollectionByNo(app.db, order.orderNo);
    expect(stored?.network).not.toBeNull();
    for (const result of results) expect(result.payAddress).toBe(stored?.payAddress);
  });

  it('refuses a network that cannot carry the currency (3002) and an unknown order (404)', async () => {
    const order = await create({ currency: 'USDC' });
    expect(await refusal(assignOrderNetwork(deps, order.orderNo, 'TRON'))).toBe(3002);
    const missing = await assignOrderNetwork(deps, 'TG20261123000000000000000000FF', 'ETH').catch(
      (error: unknown) => (isAppErrorWith(error, ErrorCode.NOT_FOUND) ? 404 : error),
    );
    expect(missing).toBe(404);
    expect((await getCollectionByNo(app.db, order.orderNo))?.network).toBeNull();
  });

  it('leaves an order past its expiry without a network', async () => {
    const order = await create({ expiresIn: 300 });
    clock.advance(300_000);
    expect((await assignOrderNetwork(deps, order.orderNo, 'ETH')).network).toBeNull();
  });
});

describe('toOrderObject', () => {
  it('gives exactly the Order fields, amounts canonical, times ISO, the cashier URL', async () => {
    const order = await create({ network: 'ETH', amount: '100.50' });
    const object = toOrderObject(order, { publicUrl: 'https://pay.example.com/', appId: shop.appId });
    expect(object).toEqual({
      orderNo: order.orderNo,
      merchantOrderNo: order.merchantOrderNo,
      appId: shop.appId,
      currency: 'USDT',
      network: 'ETH',
      amount: '100.5',
      paidAmount: '0',
      fee: '0',
      status: 'pending',
      exception: null,
      payAddress: order.payAddress,
      cashierUrl: `https://pay.example.com/pay/${order.orderNo}`,
      txHash: null,
      test: true,
      createdAt: clock.now().toISOString(),
      expiresAt: new Date(clock.now().getTime() + 1_800_000).toISOString(),
      completedAt: null,
    });
  });

  it('marks orders made in live mode as real ones', async () => {
    const live = createFakeChains({ mode: 'live', enabled: ['TRON'] });
    const order = await createCollectionOrder(
      { ...deps, chains: live },
      {
        application: shop,
        input: { merchantOrderNo: nextNo(), currency: 'USDT', amount: '1' },
        source: 'api',
      },
    );
    expect(order.test).toBe(false);
  });
});
