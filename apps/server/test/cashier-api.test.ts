/**
 * The hosted cashier's public calls on the real devnet: the view (and nothing of the merchant's
 * side), the network choice (once, race-safe), the simulated payment through the devnet and the
 * watcher (underpaid, then confirming n of m, then completed with the redirect), the 404s, the
 * per-IP limits. Live mode: no simulation (cashier-live.test.ts).
 */
import { CASHIER_LIMITS, ErrorCode } from '@tollgate/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devnetTransfers, orders } from '../src/db/schema';
import { createCollectionOrder } from '../src/modules/orders/order.service';
import { buildTestApp } from './helpers/build-test-app';
import { createMerchant } from './helpers/factories';
import { expectLedgerClean } from './helpers/ledger';
import { createTestApplication } from './helpers/order-fixtures';

let app: FastifyInstance;
let shop: { id: number; merchantId: number; appId: string };
let merchantEmail: string;

beforeAll(async () => {
  // An hour between timer blocks and watcher passes: this file makes blocks and passes itself.
  app = await buildTestApp({ env: { DEVNET_BLOCK_MS: '3600000' } });
  await app.ready();
  const merchant = await createMerchant(app);
  merchantEmail = merchant.email;
  shop = await createTestApplication(app, merchant.id, {
    callbackUrl: 'https://shop.example/hooks/secret-path',
  });
});
afterAll(async () => {
  await expectLedgerClean(app.db);
  await app.close();
});

let counter = 0;
function newOrder(input: Record<string, unknown> = {}) {
  return createCollectionOrder(
    { db: app.db, now: app.now, chains: app.chains },
    {
      application: shop,
      input: {
        merchantOrderNo: `cashier-${++counter}`,
        currency: 'USDT',
        amount: '25.5',
        callbackUrl: 'https://shop.example/orders/callback-only-the-merchant-knows',
        redirectUrl: 'https://shop.example/thanks',
        description: 'Two coffees',
        language: 'vi_VN',
        ...input,
      },
      source: 'api',
    },
  );
}

/** Each test its own client IP, so the per-IP limits of one never touch another. */
let ipCounter = 0;
const nextIp = () => `198.51.100.${++ipCounter}`;

const getView = (orderNo: string, remoteAddress = nextIp()) =>
  app.inject({ url: `/front/cashier/order?orderNo=${encodeURIComponent(orderNo)}`, remoteAddress });
const post = (path: string, payload: unknown, remoteAddress = nextIp()) =>
  app.inject({ method: 'POST', url: `/front/cashier/${path}`, payload: payload as object, remoteAddress });

const devnet = () => {
  if (!app.chains.devnet) throw new Error('devnet controls missing');
  return app.chains.devnet;
};
/** A block including what is pending, then a watcher pass over it. */
async function mine(blocks = 1) {
  for (let i = 0; i < blocks; i++) await devnet().produceBlock();
  await app.watcher.tick();
}

const VIEW_KEYS = [
  'amount',
  'confirmations',
  'currency',
  'description',
  'exception',
  'expiresAt',
  'language',
  'network',
  'networkName',
  'networks',
  'orderNo',
  'paidAmount',
  'payAddress',
  'redirectUrl',
  'remaining',
  'serverTime',
  'simulate',
  'status',
  'test',
  'transfers',
  'txHash',
];

describe('GET /front/cashier/order', () => {
  it("shows the order's own data and nothing of the merchant's side", async () => {
    const order = await newOrder();
    const response = await getView(order.orderNo);
    expect(response.statusCode).toBe(200);
    const { code, data } = response.json();
    expect(code).toBe(0);
    expect(Object.keys(data).sort()).toEqual(VIEW_KEYS);
    expect(data).toMatchObject({
      orderNo: order.orderNo,
      amount: '25.5',
      currency: 'USDT',
      network: null,
      networkName: null,
      payAddress: null,
      status: 'pending',
      exception: null,
      paidAmount: '0',
      remaining: '25.5',
      description: 'Two coffees',
      txHash: null,
      transfers: [],
      expiresAt: order.expiresAt.toISOString(),
      confirmations: null,
      redirectUrl: null,
      language: 'vi_VN',
      test: true,
      simulate: true,
    });
    expect(Date.parse(data.serverTime)).not.toBeNaN();
    // Every enabled chain that carries USDT, in the chains' order, with its name.
    expect(data.networks.map((n: { chainId: string }) => n.chainId)).toEqual([
      'ETH',
      'TRON',
      'BSC',
      'POLYGON',
    ]);
    expect(data.networks.every((n: { chainName: string }) => n.chainName.length > 0)).toBe(true);
    // Nothing that names the merchant, the application or where the merchant is told.
    for (const secret of [
      shop.appId,
      order.merchantOrderNo,
      'callback-only-the-merchant-knows',
      'secret-path',
      'shop.example/thanks',
      merchantEmail,
      'merchantId',
      'appId',
      'callbackUrl',
      '"fee"',
    ]) {
      expect(response.body, secret).not.toContain(secret);
    }
  });

  it('answers an unknown, a malformed or a missing order number with a clean envelope', async () => {
    for (const orderNo of ['TG20261123AAAAAAAAAAAAAAAAAAAA', 'nope', "'; drop table orders; --"]) {
      const response = await getView(orderNo);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ code: ErrorCode.NOT_FOUND, data: null, message: expect.any(String) });
    }
    const missing = await app.inject({ url: '/front/cashier/order', remoteAddress: nextIp() });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().code).toBe(ErrorCode.VALIDATION_FAILED);
  });

  it("gives an order without a language as null (the page follows the payer's browser), and a retry is the same order", async () => {
    const order = await newOrder({ language: undefined });
    expect((await getView(order.orderNo)).json().data.language).toBeNull();
    // Before orders could have none, an omitted language was stored as zh_CN: it still hashes so.
    const again = await newOrder({ merchantOrderNo: `cashier-${counter}`, language: 'zh_CN' });
    expect(again.orderNo).toBe(order.orderNo);
  });

  it('answers in the language asked for', async () => {
    const response = await app.inject({
      url: '/front/cashier/order?orderNo=TG20261123AAAAAAAAAAAAAAAAAAAA',
      headers: { lang: 'en_US' },
      remoteAddress: nextIp(),
    });
    const english = response.json().message;
    const chinese = (await getView('TG20261123AAAAAAAAAAAAAAAAAAAA')).json().message;
    expect(english).not.toBe(chinese);
    expect(english).toMatch(/[a-z]/i);
  });

  it(`limits one IP to ${CASHIER_LIMITS.orderPerMinute} reads a minute, not the next IP`, async () => {
    const order = await newOrder();
    const ip = nextIp();
    const statuses: number[] = [];
    for (let i = 0; i < CASHIER_LIMITS.orderPerMinute; i++) {
      statuses.push((await getView(order.orderNo, ip)).statusCode);
    }
    expect(statuses.every((s) => s === 200)).toBe(true);
    const refused = await getView(order.orderNo, ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe(ErrorCode.TOO_MANY_REQUESTS);
    expect((await getView(order.orderNo)).statusCode).toBe(200);
  });
});

describe('POST /front/cashier/network', () => {
  it("assigns the network and the order's own address once; a later choice changes nothing", async () => {
    const order = await newOrder();
    const first = await post('network', { orderNo: order.orderNo, chainId: 'TRON' });
    expect(first.statusCode).toBe(200);
    const view = first.json().data;
    expect(view).toMatchObject({ network: 'TRON', networkName: 'Tron', networks: [], status: 'pending' });
    expect(view.payAddress).toMatch(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);
    expect(app.chains.get('TRON')?.isValidAddress(view.payAddress)).toBe(true);

    const again = (await post('network', { orderNo: order.orderNo, chainId: 'ETH' })).json().data;
    expect(again).toMatchObject({ network: 'TRON', payAddress: view.payAddress });
    const [row] = await app.db.select().from(orders).where(eq(orders.orderNo, order.orderNo));
    expect(row).toMatchObject({ network: 'TRON', payAddress: view.payAddress });
  });

  it('gives every racing choice the one winner', async () => {
    const order = await newOrder();
    const chains = ['ETH', 'TRON', 'BSC', 'POLYGON'];
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        post('network', { orderNo: order.orderNo, chainId: chains[i % 4] }),
      ),
    );
    const views = answers.map((r) => r.json().data);
    const [row] = await app.db.select().from(orders).where(eq(orders.orderNo, order.orderNo));
    expect(row?.network).not.toBeNull();
    for (const view of views)
      expect(view).toMatchObject({ network: row?.network, payAddress: row?.payAddress });
  });

  it('refuses a chain that does not carry the currency (3002) and an unknown order (404), changing nothing', async () => {
    const order = await newOrder();
    const doge = await post('network', { orderNo: order.orderNo, chainId: 'DOGE' });
    expect(doge.json().code).toBe(ErrorCode.CURRENCY_NOT_SUPPORTED);
    const unknown = await post('network', { orderNo: 'TG20261123AAAAAAAAAAAAAAAAAAAA', chainId: 'TRON' });
    expect(unknown.statusCode).toBe(404);
    const bad = await post('network', { orderNo: order.orderNo, chainId: 'tron; --' });
    expect(bad.json().code).toBe(ErrorCode.VALIDATION_FAILED);
    const [row] = await app.db.select().from(orders).where(eq(orders.orderNo, order.orderNo));
    expect(row).toMatchObject({ network: null, payAddress: null });
  });

  it('leaves an order that is no longer open as it is', async () => {
    const order = await newOrder();
    await app.db
      .update(orders)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(orders.id, order.id));
    const view = (await post('network', { orderNo: order.orderNo, chainId: 'TRON' })).json().data;
    expect(view).toMatchObject({ network: null, payAddress: null });
  });
});

describe('POST /front/cashier/simulate (devnet)', () => {
  it('walks an order from underpaid to confirming (n of m) to completed, through blocks and the watcher', async () => {
    const order = await newOrder({ network: 'TRON', amount: '40' });
    const first = await post('simulate', { orderNo: order.orderNo, amount: '15' });
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toEqual({ txHash: expect.stringMatching(/^[0-9a-f]{64}$/), amount: '15' });
    // Only a pending devnet transfer so far: the order is untouched until a block and the watcher.
    const [pending] = await app.db
      .select()
      .from(devnetTransfers)
      .where(eq(devnetTransfers.txHash, first.json().data.txHash));
    expect(pending).toMatchObject({ toAddress: order.payAddress, coinName: 'USDT', blockHeight: null });
    expect((await getView(order.orderNo)).json().data.paidAmount).toBe('0');

    await mine();
    expect((await getView(order.orderNo)).json().data).toMatchObject({
      status: 'pending',
      exception: null,
      paidAmount: '15',
      remaining: '25',
      confirmations: null,
      redirectUrl: null,
    });

    const second = await post('simulate', { orderNo: order.orderNo, amount: '25' });
    await mine();
    const confirming = (await getView(order.orderNo)).json().data;
    expect(
      confirming.transfers.map((t: { amount: string; confirmed: boolean }) => [t.amount, t.confirmed]),
    ).toEqual([
      ['15', false],
      ['25', false],
    ]);
    expect((await getView(order.orderNo)).json().data).toMatchObject({
      status: 'confirming',
      paidAmount: '40',
      remaining: '0',
      confirmations: { have: 1, need: 3 },
      redirectUrl: null,
    });
    await mine();
    expect((await getView(order.orderNo)).json().data.confirmations).toEqual({ have: 2, need: 3 });
    await mine();
    const paid = (await getView(order.orderNo)).json().data;
    expect(paid).toMatchObject({
      status: 'completed',
      exception: null,
      confirmations: null,
      redirectUrl: 'https://shop.example/thanks',
    });
    // Both transfers that paid it, oldest first (the page lists them all, not only the first);
    // devnet money has no explorer page.
    expect(paid.transfers).toEqual([
      { txHash: first.json().data.txHash, amount: '15', confirmed: true, explorerUrl: null },
      { txHash: second.json().data.txHash, amount: '25', confirmed: true, explorerUrl: null },
    ]);
    expect(paid.txHash).toBe(first.json().data.txHash);
  });

  it('shows an overpayment as overpaid with nothing remaining', async () => {
    const order = await newOrder({ network: 'ETH', amount: '10', redirectUrl: undefined });
    await post('simulate', { orderNo: order.orderNo, amount: '12.5' });
    await mine(3);
    expect((await getView(order.orderNo)).json().data).toMatchObject({
      status: 'completed',
      exception: 'overpaid',
      paidAmount: '12.5',
      remaining: '0',
      redirectUrl: null,
    });
  });

  it('refuses, writing nothing: no network yet, too many decimals, a bad amount, an unknown or a live order', async () => {
    const before = (await app.db.select().from(devnetTransfers)).length;
    const open = await newOrder();
    const noNetwork = await post('simulate', { orderNo: open.orderNo, amount: '1' });
    expect(noNetwork.json()).toMatchObject({
      code: ErrorCode.VALIDATION_FAILED,
      data: { errors: [{ field: 'orderNo' }] },
    });
    const tron = await newOrder({ network: 'TRON' });
    const decimals = await post('simulate', { orderNo: tron.orderNo, amount: '1.0000001' });
    expect(decimals.json()).toMatchObject({
      code: ErrorCode.VALIDATION_FAILED,
      data: { errors: [{ field: 'amount' }] },
    });
    for (const amount of ['0', '-1', 'ten', '']) {
      expect((await post('simulate', { orderNo: tron.orderNo, amount })).json().code).toBe(
        ErrorCode.VALIDATION_FAILED,
      );
    }
    // A trillion or more: its own message, not "greater than 0" (the cashier shows it as it is).
    for (const amount of ['1000000000000', '99999999999999999999999']) {
      const huge = await app.inject({
        method: 'POST',
        url: '/front/cashier/simulate',
        headers: { lang: 'en_US' },
        payload: { orderNo: tron.orderNo, amount },
        remoteAddress: nextIp(),
      });
      expect(huge.json()).toMatchObject({
        code: ErrorCode.VALIDATION_FAILED,
        data: { errors: [{ field: 'amount', message: 'The amount must be less than 1,000,000,000,000' }] },
      });
    }
    const unknown = await post('simulate', { orderNo: 'TG20261123AAAAAAAAAAAAAAAAAAAA', amount: '1' });
    expect(unknown.statusCode).toBe(404);
    // An order taken in live mode (not a test order) never receives simulated money.
    const live = await newOrder({ network: 'TRON' });
    await app.db.update(orders).set({ test: false }).where(eq(orders.id, live.id));
    expect((await post('simulate', { orderNo: live.orderNo, amount: '1' })).statusCode).toBe(404);
    expect((await getView(live.orderNo)).json().data.simulate).toBe(false);
    expect((await app.db.select().from(devnetTransfers)).length).toBe(before);
  });
});
