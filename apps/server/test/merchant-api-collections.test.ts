import { orderObject } from '@tollgate/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isValidAddress } from '../src/chains/addresses';
import { apiNonces, chainTransfers, devnetTransfers, orders } from '../src/db/schema';
import { buildTestApp, createTestClock } from './helpers/build-test-app';
import { expectLedgerClean } from './helpers/ledger';
import {
  type ApiCredentials,
  callSigned,
  createApiApplication,
  getSigned,
  newNonce,
  postSigned,
  signedInject,
} from './helpers/signed-api';
import { isPostgresRun } from './helpers/test-database';

/**
 * The merchant API's calls on a devnet server: create (idempotent, 3001, 3002), get and find
 * (own orders only), the devnet pay call (a devnet transfer the watcher then sees: blocks are
 * produced by hand, so nothing depends on the timer), and concurrency on one merchantOrderNo.
 */
const clock = createTestClock(new Date('2026-11-23T08:00:00.000Z'));
const PUBLIC_URL = 'https://pay.example.com';
let app: FastifyInstance;
let shop: ApiCredentials;

beforeAll(async () => {
  app = await buildTestApp({
    now: clock.now,
    // Blocks only when a test asks for one.
    env: { PUBLIC_URL, DEVNET_BLOCK_MS: '3600000' },
  });
  shop = await createApiApplication(app);
});
afterAll(async () => {
  await expectLedgerClean(app.db);
  await app.close();
});

let counter = 0;
const nextNo = () => `ORDER-${Date.now()}-${++counter}`;
const create = (credentials: ApiCredentials, body: Record<string, unknown>, extra = {}) =>
  postSigned(app, credentials, '/api/v1/collections', body, extra);

async function ordersOf(credentials: ApiCredentials, merchantOrderNo: string) {
  return app.db
    .select()
    .from(orders)
    .where(and(eq(orders.applicationId, credentials.id), eq(orders.merchantOrderNo, merchantOrderNo)));
}

describe('POST /api/v1/collections', () => {
  it("creates an order with its own address on the network, as the API's Order object", async () => {
    const merchantOrderNo = nextNo();
    const { response, body } = await create(shop, {
      merchantOrderNo,
      currency: 'USDT',
      network: 'TRON',
      amount: '10.50',
      description: 'Coffee',
      language: 'en_US',
      callbackUrl: 'https://shop.example.com/notify',
      redirectUrl: 'https://shop.example.com/thanks',
    });
    expect(response.statusCode).toBe(200);
    expect(body.code, JSON.stringify(body)).toBe(0);
    const order = orderObject.strict().parse(body.data);
    expect(order).toMatchObject({
      merchantOrderNo,
      appId: shop.appId,
      currency: 'USDT',
      network: 'TRON',
      amount: '10.5',
      paidAmount: '0',
      fee: '0',
      status: 'pending',
      exception: null,
      txHash: null,
      test: true,
      createdAt: clock.now().toISOString(),
      expiresAt: new Date(clock.now().getTime() + 1800_000).toISOString(),
      completedAt: null,
      cashierUrl: `${PUBLIC_URL}/pay/${order.orderNo}`,
    });
    expect(isValidAddress('tron', String(order.payAddress))).toBe(true);
    const [row] = await ordersOf(shop, merchantOrderNo);
    expect(row).toMatchObject({
      description: 'Coffee',
      language: 'en_US',
      callbackUrl: 'https://shop.example.com/notify',
      redirectUrl: 'https://shop.example.com/thanks',
      payAddress: order.payAddress,
    });
  });

  it('leaves the network and address to the cashier when no network is given', async () => {
    const { body } = await create(shop, {
      merchantOrderNo: nextNo(),
      currency: 'USDC',
      amount: '3',
      expiresIn: 300,
    });
    expect(body.code).toBe(0);
    expect(body.data).toMatchObject({ network: null, payAddress: null, currency: 'USDC' });
    expect(body.data.expiresAt).toBe(new Date(clock.now().getTime() + 300_000).toISOString());
  });

  it('returns the same order for the same content, and refuses other content with 3001', async () => {
    const merchantOrderNo = nextNo();
    const content = { merchantOrderNo, currency: 'USDT', network: 'ETH', amount: '25' };
    const first = await create(shop, content);
    expect(first.body.code).toBe(0);
    // A retry: a new nonce, the amount written another way, a default given explicitly.
    const again = await create(shop, { ...content, amount: '25.000', expiresIn: 1800 });
    expect(again.body.code).toBe(0);
    expect(again.body.data).toEqual(first.body.data);

    for (const other of [{ amount: '26' }, { network: 'BSC' }, { description: 'changed' }]) {
      const conflict = await create(shop, { ...content, ...other }, { lang: 'en_US' });
      expect(conflict.body.code, JSON.stringify(other)).toBe(3001);
      expect(conflict.response.statusCode).toBe(409);
      expect(conflict.body.message).toBe(
        'An order with this merchantOrderNo already exists with different content',
      );
    }
    const rows = await ordersOf(shop, merchantOrderNo);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.amount).toBe('25.000000000000000000');
  });

  it("keeps merchant order numbers per application: another application's same number is another order", async () => {
    const other = await createApiApplication(app);
    const merchantOrderNo = nextNo();
    const mine = await create(shop, { merchantOrderNo, currency: 'USDT', amount: '1' });
    const theirs = await create(other, { merchantOrderNo, currency: 'USDT', amount: '2' });
    expect(mine.body.code).toBe(0);
    expect(theirs.body.code).toBe(0);
    expect(theirs.body.data.orderNo).not.toBe(mine.body.data.orderNo);
  });

  it.each([
    ['an unknown currency', { currency: 'BTC' }],
    ['an unknown network', { network: 'SOLANA' }],
    ['a network that does not carry the currency', { currency: 'DOGE', network: 'ETH' }],
  ])('refuses %s with 3002 and creates nothing', async (_what, change) => {
    const merchantOrderNo = nextNo();
    const { body, response } = await create(shop, {
      merchantOrderNo,
      currency: 'USDT',
      amount: '1',
      ...change,
    });
    expect(body.code, JSON.stringify(body)).toBe(3002);
    expect(response.statusCode).toBe(400);
    expect(await ordersOf(shop, merchantOrderNo)).toHaveLength(0);
  });

  it("refuses more decimals than the coin's, naming the field", async () => {
    const merchantOrderNo = nextNo();
    const { body } = await create(
      shop,
      { merchantOrderNo, currency: 'USDT', network: 'TRON', amount: '1.0000001' },
      { lang: 'en_US' },
    );
    expect(body.code).toBe(1001);
    expect(body.data.errors).toEqual([
      { field: 'amount', message: 'Too many decimal places for this currency' },
    ]);
    expect(await ordersOf(shop, merchantOrderNo)).toHaveLength(0);
  });

  it.each([
    ['a merchantOrderNo of 65 characters', { merchantOrderNo: 'A'.repeat(65) }, 'merchantOrderNo'],
    ['an empty merchantOrderNo', { merchantOrderNo: '' }, 'merchantOrderNo'],
    ['a number for the amount', { amount: 10 }, 'amount'],
    ['a negative amount', { amount: '-1' }, 'amount'],
    ['a word for the amount', { amount: 'ten' }, 'amount'],
    ['an empty amount', { amount: '' }, 'amount'],
    ['a zero amount', { amount: '0.00' }, 'amount'],
    ['expiresIn over 172800', { expiresIn: 172_801 }, 'expiresIn'],
    ['a fractional expiresIn', { expiresIn: 600.5 }, 'expiresIn'],
    ['an unknown language', { language: 'fr_FR' }, 'language'],
    ['a javascript: redirectUrl', { redirectUrl: 'javascript:alert(1)' }, 'redirectUrl'],
    ['an unknown field, named', { merchant_order_no: 'x' }, 'merchant_order_no'],
  ])('refuses %s (1001) and creates nothing', async (_what, change, field) => {
    const before = await app.db.select({ n: sql<number>`count(*)::int` }).from(orders);
    const { body } = await create(shop, {
      merchantOrderNo: nextNo(),
      currency: 'USDT',
      amount: '1',
      ...change,
    });
    expect(body.code).toBe(1001);
    expect((body.data.errors as { field: string }[]).map((e) => e.field)).toContain(field);
    const after = await app.db.select({ n: sql<number>`count(*)::int` }).from(orders);
    expect(after).toEqual(before);
  });
});

describe('a key sent twice', () => {
  it('is refused (1001 naming it), not read as the last one, and creates nothing', async () => {
    const before = await app.db.select({ n: sql<number>`count(*)::int` }).from(orders);
    const merchantOrderNo = nextNo();
    const { response, body } = await callSigned(app, shop, {
      method: 'POST',
      url: '/api/v1/collections',
      body: `{"merchantOrderNo":"${merchantOrderNo}","currency":"USDT","amount":"5","amount":"6"}`,
      lang: 'en_US',
    });
    expect(response.statusCode).toBe(400);
    expect(body).toEqual({
      code: 1001,
      data: { errors: [{ field: 'amount', message: 'This field is sent twice' }] },
      // The API's message names its field: a shop's log has no form to mark it on.
      message: 'amount: This field is sent twice',
    });
    expect(await app.db.select({ n: sql<number>`count(*)::int` }).from(orders)).toEqual(before);
  });
});

describe('an amount sent as a JSON number', () => {
  it('is refused (1001), the message naming the field and what to send, and creates nothing', async () => {
    const before = await app.db.select({ n: sql<number>`count(*)::int` }).from(orders);
    const { response, body } = await callSigned(app, shop, {
      method: 'POST',
      url: '/api/v1/collections',
      body: JSON.stringify({ merchantOrderNo: nextNo(), currency: 'USDT', amount: 10.5 }),
      lang: 'en_US',
    });
    expect(response.statusCode).toBe(400);
    expect(body).toEqual({
      code: 1001,
      data: { errors: [{ field: 'amount', message: 'Send the number as a decimal string, such as "10.5"' }] },
      message: 'amount: Send the number as a decimal string, such as "10.5"',
    });
    expect(await app.db.select({ n: sql<number>`count(*)::int` }).from(orders)).toEqual(before);
  });
});

describe('GET /api/v1/collections/{orderNo} and ?merchantOrderNo=', () => {
  it("returns the caller's own order both ways", async () => {
    const merchantOrderNo = nextNo();
    const created = (await create(shop, { merchantOrderNo, currency: 'ETH', network: 'ETH', amount: '0.05' }))
      .body.data;
    const byNo = await getSigned(app, shop, `/api/v1/collections/${created.orderNo}`);
    expect(byNo.body.code).toBe(0);
    expect(byNo.body.data).toEqual(created);
    const byMerchantNo = await getSigned(app, shop, `/api/v1/collections?merchantOrderNo=${merchantOrderNo}`);
    expect(byMerchantNo.body.data).toEqual(created);
  });

  it("answers 404 for another application's order, even of the same merchant", async () => {
    const sibling = await createApiApplication(app, { merchantId: shop.merchantId });
    const merchantOrderNo = nextNo();
    const created = (await create(shop, { merchantOrderNo, currency: 'USDT', amount: '1' })).body.data;
    const byNo = await getSigned(app, sibling, `/api/v1/collections/${created.orderNo}`);
    expect(byNo.body.code).toBe(404);
    expect(byNo.response.statusCode).toBe(404);
    const byMerchantNo = await getSigned(
      app,
      sibling,
      `/api/v1/collections?merchantOrderNo=${merchantOrderNo}`,
    );
    expect(byMerchantNo.body.code).toBe(404);
  });

  it('needs the merchantOrderNo to look one up (1001)', async () => {
    expect((await getSigned(app, shop, '/api/v1/collections')).body.code).toBe(1001);
    expect((await getSigned(app, shop, '/api/v1/collections?merchantOrderNo=a%20b')).body.code).toBe(1001);
  });
});

describe('POST /api/v1/test/collections/{orderNo}/pay (devnet)', () => {
  // One devnet block, then one pass of the collection watcher, as the timers would do.
  const produceAndWatch = async () => {
    await app.chains.devnet?.produceBlock();
    await app.watcher.tick();
  };
  const orderNow = async (orderNo: string) =>
    (await getSigned(app, shop, `/api/v1/collections/${orderNo}`)).body.data as Record<string, unknown>;

  it('pays through a devnet transfer that the watcher sees in the next block, like any chain transfer', async () => {
    const created = (
      await create(shop, { merchantOrderNo: nextNo(), currency: 'USDT', network: 'BSC', amount: '12' })
    ).body.data;
    const paid = await postSigned(app, shop, `/api/v1/test/collections/${created.orderNo}/pay`, {
      amount: '12',
    });
    expect(paid.body.code, JSON.stringify(paid.body)).toBe(0);
    expect(paid.body.data).toMatchObject({
      orderNo: created.orderNo,
      network: 'BSC',
      toAddress: created.payAddress,
      currency: 'USDT',
      amount: '12',
    });
    expect(paid.body.data.txHash).toMatch(/^0x[0-9a-f]{64}$/);
    // No shortcut: the call wrote a pending devnet transfer, and the order has not moved.
    const [transfer] = await app.db
      .select()
      .from(devnetTransfers)
      .where(eq(devnetTransfers.txHash, paid.body.data.txHash));
    expect(transfer).toMatchObject({ chainId: 'BSC', toAddress: created.payAddress, blockHeight: null });
    expect(await orderNow(created.orderNo)).toMatchObject({ status: 'pending', paidAmount: '0' });

    await produceAndWatch();
    expect(await orderNow(created.orderNo)).toMatchObject({
      status: 'confirming',
      txHash: paid.body.data.txHash,
    });
    await produceAndWatch();
    await produceAndWatch();
    expect(await orderNow(created.orderNo)).toMatchObject({
      status: 'completed',
      paidAmount: '12',
      exception: null,
    });
  });

  it('assigns the network given to an order without one, as the cashier would', async () => {
    const created = (await create(shop, { merchantOrderNo: nextNo(), currency: 'USDT', amount: '5' })).body
      .data;
    const url = `/api/v1/test/collections/${created.orderNo}/pay`;
    const withoutNetwork = await postSigned(app, shop, url, { amount: '5' }, { lang: 'en_US' });
    expect(withoutNetwork.body.code).toBe(1001);
    expect(withoutNetwork.body.data.errors).toEqual([
      { field: 'network', message: 'This order has no network yet: choose one' },
    ]);
    const paid = await postSigned(app, shop, url, { amount: '2', network: 'POLYGON' });
    expect(paid.body.code).toBe(0);
    const order = await orderNow(created.orderNo);
    expect(order).toMatchObject({ network: 'POLYGON', payAddress: paid.body.data.toAddress });
    const otherNetwork = await postSigned(app, shop, url, { amount: '2', network: 'ETH' });
    expect(otherNetwork.body.code).toBe(1001);
  });

  it('pays in another coin of the network when asked: recorded unmatched, never credited to the order', async () => {
    const created = (
      await create(shop, { merchantOrderNo: nextNo(), currency: 'USDT', network: 'ETH', amount: '8' })
    ).body.data;
    const url = `/api/v1/test/collections/${created.orderNo}/pay`;
    const unknown = await postSigned(app, shop, url, { amount: '8', currency: 'TRX' }, { lang: 'en_US' });
    expect(unknown.body.code).toBe(1001);
    expect(unknown.body.data.errors[0].field).toBe('currency');
    const paid = await postSigned(app, shop, url, { amount: '8', currency: 'USDC' });
    expect(paid.body.code, JSON.stringify(paid.body)).toBe(0);
    expect(paid.body.data).toMatchObject({ currency: 'USDC', amount: '8', toAddress: created.payAddress });
    await produceAndWatch();
    await produceAndWatch();
    await produceAndWatch();
    expect(await orderNow(created.orderNo)).toMatchObject({ status: 'pending', paidAmount: '0' });
    const [transfer] = await app.db
      .select()
      .from(chainTransfers)
      .where(eq(chainTransfers.txHash, paid.body.data.txHash));
    expect(transfer).toMatchObject({ status: 'unmatched', coinName: 'USDC' });
  });

  it("refuses another application's order (404) and amounts finer than the coin (1001), sending nothing", async () => {
    const created = (
      await create(shop, { merchantOrderNo: nextNo(), currency: 'USDT', network: 'TRON', amount: '5' })
    ).body.data;
    const before = await app.db.select({ n: sql<number>`count(*)::int` }).from(devnetTransfers);
    const other = await createApiApplication(app);
    const url = `/api/v1/test/collections/${created.orderNo}/pay`;
    expect((await postSigned(app, other, url, { amount: '5' })).body.code).toBe(404);
    expect((await postSigned(app, shop, url, { amount: '0.0000001' })).body.code).toBe(1001);
    expect((await postSigned(app, shop, url, { amount: '0' })).body.code).toBe(1001);
    const after = await app.db.select({ n: sql<number>`count(*)::int` }).from(devnetTransfers);
    expect(after).toEqual(before);
  });
});

describe('concurrency', () => {
  // On PostgreSQL these race on separate connections; PGlite serializes them (still one order).
  it(`50 concurrent creates with one merchantOrderNo give exactly one order${isPostgresRun() ? ' (PostgreSQL)' : ''}`, async () => {
    const merchantOrderNo = nextNo();
    const content = { merchantOrderNo, currency: 'USDT', network: 'TRON', amount: '99.9' };
    const results = await Promise.all(Array.from({ length: 50 }, () => create(shop, content)));
    expect(results.map((r) => r.body.code)).toEqual(Array(50).fill(0));
    expect(new Set(results.map((r) => r.body.data.orderNo)).size).toBe(1);
    expect(new Set(results.map((r) => r.body.data.payAddress)).size).toBe(1);
    expect(await ordersOf(shop, merchantOrderNo)).toHaveLength(1);
  });

  it('a request replayed 20 times at once passes once; the others are 2003', async () => {
    const merchantOrderNo = nextNo();
    const { nonce, ...options } = signedInject(app, shop, {
      method: 'POST',
      url: '/api/v1/collections',
      body: JSON.stringify({ merchantOrderNo, currency: 'USDT', amount: '1' }),
      nonce: newNonce(),
    });
    const responses = await Promise.all(Array.from({ length: 20 }, () => app.inject(options)));
    const codes = responses.map((r) => r.json().code).sort();
    expect(codes).toEqual([0, ...Array(19).fill(2003)]);
    const nonces = await app.db
      .select()
      .from(apiNonces)
      .where(and(eq(apiNonces.applicationId, shop.id), eq(apiNonces.nonce, nonce)));
    expect(nonces).toHaveLength(1);
    expect(await ordersOf(shop, merchantOrderNo)).toHaveLength(1);
  });
});

describe('live mode', () => {
  it('has no test pay route (404), and refuses creates on its disabled chains (3002)', async () => {
    const live = await buildTestApp({
      env: {
        CHAIN_MODE: 'live',
        WALLET_MNEMONIC: 'test test test test test test test test test test test junk',
      },
    });
    try {
      const client = await createApiApplication(live);
      const created = await postSigned(live, client, '/api/v1/collections', {
        merchantOrderNo: 'LIVE-1',
        currency: 'USDT',
        network: 'TRON',
        amount: '1',
      });
      expect(created.body.code).toBe(3002);
      const pay = await postSigned(
        live,
        client,
        '/api/v1/test/collections/TG20261123000000000000000000AA/pay',
        {
          amount: '1',
        },
      );
      expect(pay.response.statusCode).toBe(404);
      expect(pay.body.code).toBe(404);
      const docs = (await live.inject({ url: '/api-docs/json' })).json();
      expect(docs.paths['/api/v1/test/collections/{orderNo}/pay']).toBeUndefined();
      expect(docs.paths['/api/v1/collections'].post).toBeDefined();
    } finally {
      await live.close();
    }
  });
});
