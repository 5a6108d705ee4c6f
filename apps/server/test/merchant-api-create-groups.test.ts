import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiNonces, orders } from '../src/db/schema';
import { buildTestApp, createTestClock } from './helpers/build-test-app';
import { expectLedgerClean } from './helpers/ledger';
import { type ApiCredentials, createApiApplication, newNonce, postSigned } from './helpers/signed-api';

/**
 * Signed creates made at once: their nonces and orders are written by one statement (the
 * rows' xmin, the transaction that wrote them, is the same), and each request still gets the
 * answer it would have had alone: a replayed nonce is 2003 before anything else (no order), a
 * body the schema or the rules refuse still burns a fresh nonce, a nonce twice in the group
 * makes one order, and a taken number answers as a repeat.
 */
const clock = createTestClock(new Date('2026-11-26T09:00:00.000Z'));
let app: FastifyInstance;
let shop: ApiCredentials;

beforeAll(async () => {
  app = await buildTestApp({ now: clock.now, env: { DEVNET_BLOCK_MS: '3600000' } });
  shop = await createApiApplication(app);
});
afterAll(async () => {
  await expectLedgerClean(app.db);
  await app.close();
});

let counter = 0;
const nextNo = () => `GROUP-${++counter}`;
const order = (extra: Record<string, unknown> = {}) => ({
  merchantOrderNo: nextNo(),
  currency: 'USDT',
  network: 'TRON',
  amount: '10',
  ...extra,
});
const create = (body: unknown, nonce = newNonce()) =>
  postSigned(app, shop, '/api/v1/collections', body, { nonce }).then((result) => ({
    code: result.body.code as number,
    orderNo: result.body.data?.orderNo as string | undefined,
    nonce,
  }));

async function nonceWriters(nonces: string[]) {
  const rows = await app.db
    .select({ xmin: sql<string>`${apiNonces}.xmin::text` })
    .from(apiNonces)
    .where(and(eq(apiNonces.applicationId, shop.id), inArray(apiNonces.nonce, nonces)));
  return { count: rows.length, writers: new Set(rows.map((row) => row.xmin)) };
}

async function orderWriters(orderNos: string[]) {
  const rows = await app.db
    .select({ xmin: sql<string>`${orders}.xmin::text` })
    .from(orders)
    .where(inArray(orders.orderNo, orderNos));
  return new Set(rows.map((row) => row.xmin));
}

async function orderCount() {
  const [row] = await app.db
    .select({ n: sql<number>`count(*)::int` })
    .from(orders)
    .where(eq(orders.applicationId, shop.id));
  return row?.n ?? 0;
}

describe('signed creates made at once', () => {
  it('write their nonces and orders in one statement', async () => {
    const results = await Promise.all([create(order()), create(order()), create(order())]);
    expect(results.map(({ code }) => code)).toEqual([0, 0, 0]);
    const nonces = await nonceWriters(results.map(({ nonce }) => nonce));
    const writers = await orderWriters(results.map(({ orderNo }) => orderNo as string));
    expect(writers.size).toBe(1);
    expect(nonces.count).toBe(3);
    expect([...nonces.writers]).toEqual([...writers]);
  });

  it('answer each refusal as alone: a replay is 2003 first, a refused body burns its fresh nonce', async () => {
    const used = (await create(order())).nonce;
    const before = await orderCount();
    const results = await Promise.all([
      create(order()),
      create(order(), used),
      create(order({ currency: 'XYZ' })),
      create(order({ currency: 'XYZ' }), used),
      create({ merchantOrderNo: nextNo() }),
      create({ merchantOrderNo: nextNo() }, used),
      create(order()),
    ]);
    expect(results.map(({ code }) => code)).toEqual([0, 2003, 3002, 2003, 1001, 2003, 0]);
    // The refused bodies' fresh nonces are spent; the replays wrote nothing.
    expect((await nonceWriters([results[2]?.nonce, results[4]?.nonce] as string[])).count).toBe(2);
    expect((await orderCount()) - before).toBe(2);
    expect((await orderWriters([results[0]?.orderNo, results[6]?.orderNo] as string[])).size).toBe(1);
  });

  it('make one order of a nonce sent twice, and answer a taken number as a repeat', async () => {
    const nonce = newNonce();
    const taken = order();
    const first = await create(taken);
    const results = await Promise.all([
      create(order(), nonce),
      create(order(), nonce),
      create(taken),
      create({ ...taken, amount: '11' }),
    ]);
    expect(results.map(({ code }) => code)).toEqual([0, 2003, 0, 3001]);
    expect(results[2]?.orderNo).toBe(first.orderNo);
    const [row] = await app.db
      .select({ n: sql<number>`count(*)::int` })
      .from(orders)
      .where(inArray(orders.merchantOrderNo, [taken.merchantOrderNo]));
    expect(row?.n).toBe(1);
  });
});
