/**
 * Group commit of collection orders: creates made at once are written in one INSERT (seen here
 * by the rows' xmin, the transaction that wrote them), and each still gets exactly the answer it
 * would have had alone: a refusal stays its own, a merchant order number repeated in the group
 * or taken before is answered as a repeat (the same order, or 3001), and a group whose INSERT
 * fails is written again one by one.
 */
import { ErrorCode } from '@tollgate/contracts';
import { count, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../src/db/schema';
import { isAppErrorWith } from '../src/lib/app-error';
import { createCollectionOrder, type OrderDeps } from '../src/modules/orders/order.service';
import { buildTestApp, createTestClock } from './helpers/build-test-app';
import { createMerchant } from './helpers/factories';
import { createFakeChains } from './helpers/fake-chains';
import { expectLedgerClean } from './helpers/ledger';
import { createTestApplication } from './helpers/order-fixtures';

const clock = createTestClock(new Date('2026-11-26T09:00:00.000Z'));
const chains = createFakeChains({ enabled: ['ETH', 'TRON'] });
let app: FastifyInstance;
let deps: OrderDeps;
let shop: { id: number; merchantId: number; appId: string };

beforeAll(async () => {
  app = await buildTestApp({ now: clock.now });
  deps = { db: app.db, now: clock.now, chains };
  shop = await createTestApplication(app, (await createMerchant(app)).id);
});
afterAll(async () => {
  await expectLedgerClean(app.db);
  await app.close();
});

let counter = 0;
const nextNo = () => `group-${++counter}`;

/** Creates all at once (one turn of the event loop: one group); each an order or its error code. */
function createAtOnce(inputs: Record<string, unknown>[]) {
  return Promise.all(
    inputs.map((input) =>
      createCollectionOrder(deps, {
        application: shop,
        input: { merchantOrderNo: nextNo(), currency: 'USDT', network: 'TRON', amount: '10', ...input },
        source: 'api',
      }).then(
        (order) => ({ order, code: 0 }),
        (error: unknown) => {
          if (isAppErrorWith(error, ErrorCode.MERCHANT_ORDER_CONFLICT, ErrorCode.CURRENCY_NOT_SUPPORTED)) {
            return { order: null, code: error.code };
          }
          if (isAppErrorWith(error, ErrorCode.VALIDATION_FAILED)) return { order: null, code: error.code };
          return { order: null, code: -1 };
        },
      ),
    ),
  );
}

/** The transactions that wrote these orders. */
async function writers(orderNos: string[]) {
  const rows = await app.db
    .select({ xmin: sql<string>`${orders}.xmin::text` })
    .from(orders)
    .where(inArray(orders.orderNo, orderNos));
  expect(rows).toHaveLength(orderNos.length);
  return new Set(rows.map((row) => row.xmin)).size;
}

async function ordersOf(merchantOrderNo: string) {
  const [row] = await app.db
    .select({ n: count() })
    .from(orders)
    .where(eq(orders.merchantOrderNo, merchantOrderNo));
  return row?.n;
}

describe('collection orders created at once', () => {
  it('are written in one INSERT, each with its own address and order number', async () => {
    const results = await createAtOnce([{}, {}, { network: 'ETH' }, {}, { network: null }]);
    const created = results.map(({ order }) => order);
    expect(results.map(({ code }) => code)).toEqual([0, 0, 0, 0, 0]);
    const withAddress = created.filter((order) => order?.payAddress);
    expect(withAddress).toHaveLength(4);
    expect(new Set(withAddress.map((order) => order?.payAddress)).size).toBe(4);
    expect(new Set(created.map((order) => order?.orderNo)).size).toBe(5);
    expect(await writers(created.map((order) => order?.orderNo as string))).toBe(1);
  });

  it('keep a refusal to its own request: the others are written together', async () => {
    const results = await createAtOnce([
      {},
      { currency: 'XYZ' },
      {},
      { amount: '1.0000001' },
      { network: 'DOGE' },
      {},
    ]);
    expect(results.map(({ code }) => code)).toEqual([0, 3002, 0, 1001, 3002, 0]);
    const created = results.flatMap(({ order }) => (order ? [order.orderNo] : []));
    expect(await writers(created)).toBe(1);
  });

  it('answer a merchant order number repeated among them as a repeat: the same order, or 3001', async () => {
    const taken = nextNo();
    const before = await createAtOnce([{ merchantOrderNo: taken }]);
    const repeated = nextNo();
    const results = await createAtOnce([
      { merchantOrderNo: repeated },
      { merchantOrderNo: taken },
      { merchantOrderNo: repeated, amount: '10.00' },
      {},
      { merchantOrderNo: repeated, amount: '11' },
      { merchantOrderNo: taken, amount: '12' },
    ]);
    expect(results.map(({ code }) => code)).toEqual([0, 0, 0, 0, 3001, 3001]);
    expect(results[1]?.order?.id).toBe(before[0]?.order?.id);
    expect(results[2]?.order?.id).toBe(results[0]?.order?.id);
    expect(await ordersOf(repeated)).toBe(1);
    expect(await ordersOf(taken)).toBe(1);
    expect(await writers([results[0]?.order?.orderNo as string, results[3]?.order?.orderNo as string])).toBe(
      1,
    );
  });

  it('are written one by one when the INSERT fails: only the request that made it fail fails', async () => {
    // PostgreSQL text holds no NUL character: the statement itself fails (the API's schema would refuse it first).
    const results = await createAtOnce([{}, { description: 'a\u0000b' }, {}]);
    expect(results.map(({ code }) => code)).toEqual([0, -1, 0]);
    const created = results.flatMap(({ order }) => (order ? [order.orderNo] : []));
    expect(await writers(created)).toBe(2);
  });
});
