/**
 * The records: POST /front/mchOrder/page (every filter), GET /front/mchOrder/getById (the order,
 * its transfers, its delivery log) and POST /front/merchant/account/funds-record, on orders paid
 * through the devnet chains and the app's watcher.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applications, orders } from '../src/db/schema';
import type { OrderRow } from '../src/modules/orders/order.repository';
import { assignOrderNetwork, createCollectionOrder } from '../src/modules/orders/order.service';
import { buildTestApp, createTestClock } from './helpers/build-test-app';
import { type CallbackReceiver, createApplication, startCallbackReceiver } from './helpers/callback-receiver';
import { getAs, postJson } from './helpers/calls';
import { createMerchant, logInAs } from './helpers/factories';
import { expectLedgerClean } from './helpers/ledger';
import { createTestApplication } from './helpers/order-fixtures';

const t0 = new Date('2026-11-20T02:00:00.000Z');
const clock = createTestClock(t0);
const HOUR = 3_600_000;
let app: FastifyInstance;
let receiver: CallbackReceiver;
let token: string;
let otherToken: string;
let merchantId: number;
const o: Record<'paid' | 'under' | 'usdc' | 'over' | 'foreign', OrderRow> = {} as never;
const txOf: Record<string, string[]> = {};

const devnet = () => {
  if (!app.chains.devnet) throw new Error('devnet expected');
  return app.chains.devnet;
};
async function pay(order: OrderRow, amount: string) {
  const transfer = await devnet().transfer({
    chainId: order.network ?? '',
    toAddress: order.payAddress ?? '',
    coinName: order.currency,
    amount,
  });
  txOf[order.orderNo] = [...(txOf[order.orderNo] ?? []), transfer.txHash];
}
async function settle() {
  for (let i = 0; i < 3; i++) await devnet().produceBlock();
  await app.watcher.tick();
}

beforeAll(async () => {
  receiver = await startCallbackReceiver();
  app = await buildTestApp({ now: clock.now, env: { ALLOW_PRIVATE_CALLBACKS: '1' } });
  await app.ready();
  await app.chains.stop();
  await app.watcher.stop();
  const merchant = await createMerchant(app);
  merchantId = merchant.id;
  token = await logInAs(app, merchant);
  const alpha = await createApplication(app, merchant.id, { callbackUrl: receiver.url() });
  await app.db.update(applications).set({ name: 'Alpha Shop' }).where(eq(applications.id, alpha.id));
  const beta = await createTestApplication(app, merchant.id, { name: 'Beta 100%' });
  const create = (shop: { id: number; merchantId: number }, no: string, input: Record<string, string>) =>
    createCollectionOrder(app, {
      application: shop,
      input: { merchantOrderNo: no, currency: 'USDT', amount: '10', expiresIn: 86_400, ...input },
      source: 'api',
    });

  o.paid = await create(alpha, 'A-1', { network: 'TRON', amount: '10' });
  clock.advance(HOUR);
  o.under = await create(alpha, 'A-2', { network: 'TRON', amount: '20' });
  clock.advance(HOUR);
  o.usdc = await create(beta, 'B-1', { currency: 'USDC', amount: '30' });
  clock.advance(HOUR);
  o.over = await create(alpha, 'A-3', { amount: '40' });
  o.over = await assignOrderNetwork(app, o.over.orderNo, 'BSC');

  const other = await createMerchant(app);
  otherToken = await logInAs(app, other);
  o.foreign = await create(await createTestApplication(app, other.id, { name: 'Alpha Shop' }), 'A-1', {
    network: 'TRON',
  });

  clock.advance(HOUR); // t0 + 4 h: the first payments
  await pay(o.paid, '10');
  await pay(o.under, '5');
  await pay(o.foreign, '10');
  await settle();
  clock.advance(HOUR); // t0 + 5 h
  await pay(o.over, '30');
  await pay(o.over, '15');
  await settle();
  await app.jobs.drain();
});
afterAll(async () => {
  await expectLedgerClean(app.db);
  await app.close();
  await receiver.close();
});

const page = (body: Record<string, unknown>, as = token) =>
  postJson(
    app,
    '/mchOrder/page',
    { type: 'collection', pageNo: 1, pageSize: 10, ...body },
    { token: as, lang: 'en_US' },
  );
const orderNos = async (body: Record<string, unknown>) => {
  const response = await page(body);
  expect(response.json().code).toBe(0);
  return (response.json().data.list as { orderNo: string }[]).map((item) => item.orderNo);
};
const iso = (ms: number) => new Date(t0.getTime() + ms).toISOString();

describe('POST /front/mchOrder/page', () => {
  it("lists the merchant's own orders, newest first, as Order objects with appName", async () => {
    const response = await page({});
    expect(response.json()).toMatchObject({ code: 0, data: { total: 4, pageNo: 1, pageSize: 10 } });
    const list = response.json().data.list;
    expect(list.map((item: { orderNo: string }) => item.orderNo)).toEqual([
      o.over.orderNo,
      o.usdc.orderNo,
      o.under.orderNo,
      o.paid.orderNo,
    ]);
    expect(list[3]).toEqual({
      orderNo: o.paid.orderNo,
      merchantOrderNo: 'A-1',
      appId: expect.stringMatching(/^app_/),
      appName: 'Alpha Shop',
      currency: 'USDT',
      network: 'TRON',
      amount: '10',
      paidAmount: '10',
      fee: '0.08',
      status: 'completed',
      exception: null,
      payAddress: o.paid.payAddress,
      cashierUrl: `${app.config.publicUrl}/pay/${o.paid.orderNo}`,
      txHash: txOf[o.paid.orderNo]?.[0],
      test: true,
      createdAt: iso(0),
      expiresAt: iso(86_400_000),
      completedAt: iso(4 * HOUR),
      type: 'collection',
    });
    expect(list[0]).toMatchObject({
      status: 'completed',
      exception: 'overpaid',
      paidAmount: '45',
      network: 'BSC',
    });
    expect(list[1]).toMatchObject({
      appName: 'Beta 100%',
      network: null,
      payAddress: null,
      status: 'pending',
    });
  });

  it('pages', async () => {
    const second = await page({ pageNo: 2, pageSize: 3 });
    expect(second.json().data).toMatchObject({ total: 4, pageNo: 2, pageSize: 3 });
    expect(second.json().data.list.map((i: { orderNo: string }) => i.orderNo)).toEqual([o.paid.orderNo]);
  });

  it('filters by each field', async () => {
    expect(await orderNos({ currency: 'USDC' })).toEqual([o.usdc.orderNo]);
    expect(await orderNos({ amountMin: '20', amountMax: '30' })).toEqual([o.usdc.orderNo, o.under.orderNo]);
    expect(await orderNos({ createdFrom: iso(HOUR), createdTo: iso(3 * HOUR) })).toEqual([
      o.usdc.orderNo,
      o.under.orderNo,
    ]);
    expect(await orderNos({ arrivedFrom: iso(4 * HOUR), arrivedTo: iso(5 * HOUR) })).toEqual([
      o.under.orderNo,
      o.paid.orderNo,
    ]);
    expect(await orderNos({ arrivedFrom: iso(5 * HOUR) })).toEqual([o.over.orderNo]);
    expect(await orderNos({ status: 'pending' })).toEqual([o.usdc.orderNo, o.under.orderNo]);
    // Any transfer's hash finds its order, not only the first one shown on the order.
    expect(await orderNos({ txHash: txOf[o.over.orderNo]?.[1] })).toEqual([o.over.orderNo]);
    expect(await orderNos({ payAddress: o.under.payAddress })).toEqual([o.under.orderNo]);
    // An EVM address typed in lower case (as explorers show it), a hash in upper case.
    expect(o.over.payAddress).toMatch(/[A-F]/);
    expect(await orderNos({ payAddress: o.over.payAddress?.toLowerCase() })).toEqual([o.over.orderNo]);
    expect(await orderNos({ txHash: txOf[o.over.orderNo]?.[1]?.toUpperCase() })).toEqual([o.over.orderNo]);
    expect(await orderNos({ appName: 'alpha' })).toEqual([o.over.orderNo, o.under.orderNo, o.paid.orderNo]);
    // % is a character to match, not a wildcard.
    expect(await orderNos({ appName: '100%' })).toEqual([o.usdc.orderNo]);
    expect(await orderNos({ appName: 'a%p' })).toEqual([]);
    expect(await orderNos({ merchantOrderNo: 'A-2' })).toEqual([o.under.orderNo]);
    expect(await orderNos({ orderNo: o.paid.orderNo })).toEqual([o.paid.orderNo]);
    expect(await orderNos({ merchantId: String(merchantId), status: 'completed' })).toEqual([
      o.over.orderNo,
      o.paid.orderNo,
    ]);
    expect(await orderNos({ merchantId: String(merchantId + 1) })).toEqual([]);
    expect(await orderNos({ type: 'payout' })).toEqual([]);
  });

  it('takes empty filters (a reset form) as none, and never shows another merchant’s order', async () => {
    expect(await orderNos({ currency: '', status: null, createdFrom: '', appName: '' })).toHaveLength(4);
    expect(await orderNos({ orderNo: o.foreign.orderNo })).toEqual([]);
    const theirs = await page({}, otherToken);
    expect(theirs.json().data.list.map((i: { orderNo: string }) => i.orderNo)).toEqual([o.foreign.orderNo]);
  });

  it('refuses bad paging, times and statuses with localized field errors, and needs a login', async () => {
    const tooBig = await page({ pageSize: 101 });
    expect(tooBig.json()).toMatchObject({
      code: 1001,
      data: {
        errors: [{ field: 'pageSize', message: 'The page size must be a whole number from 1 to 100' }],
      },
    });
    const zh = await postJson(
      app,
      '/mchOrder/page',
      { type: 'collection', pageNo: 0 },
      { token, lang: 'zh_CN' },
    );
    expect(zh.json().data.errors).toEqual([{ field: 'pageNo', message: '页码须为不小于 1 的整数' }]);
    expect((await page({ createdFrom: 'yesterday' })).json().data.errors[0].field).toBe('createdFrom');
    expect((await page({ status: 'paid' })).json().code).toBe(1001);
    expect((await page({ type: 'refund' })).json().code).toBe(1001);
    expect((await page({ amountMin: '1e3' })).json().code).toBe(1001);
    // A merchant ID is digits: "abc" is refused, said in the caller's language.
    expect((await page({ merchantId: 'abc' })).json()).toMatchObject({
      code: 1001,
      data: { errors: [{ field: 'merchantId', message: 'The merchant ID is digits only' }] },
    });
    const zhId = await postJson(
      app,
      '/mchOrder/page',
      { type: 'collection', pageNo: 1, pageSize: 10, merchantId: '12a' },
      { token, lang: 'zh_CN' },
    );
    expect(zhId.json().data.errors).toEqual([{ field: 'merchantId', message: '商户 ID 只能是数字' }]);
    const anonymous = await postJson(app, '/mchOrder/page', { type: 'collection', pageNo: 1, pageSize: 10 });
    expect(anonymous.json().code).toBe(401);
  });
});

describe('GET /front/mchOrder/getById', () => {
  const detail = (orderNo: string, as = token) =>
    getAs(app, `/mchOrder/getById?id=${orderNo}`, { token: as });

  it('gives the order, its transfers with their confirmations, and its delivery log', async () => {
    const response = await detail(o.over.orderNo);
    expect(response.json().code).toBe(0);
    const data = response.json().data;
    expect(data.order).toMatchObject({
      orderNo: o.over.orderNo,
      appName: 'Alpha Shop',
      status: 'completed',
      exception: 'overpaid',
      description: '',
      // None named: the cashier follows the payer's browser.
      language: null,
      callbackUrl: '',
      redirectUrl: '',
      arrivedAt: iso(5 * HOUR),
      type: 'collection',
    });
    expect(data.withdrawal).toBeNull();
    expect(data.transfers).toEqual([
      expect.objectContaining({
        chainId: 'BSC',
        txHash: txOf[o.over.orderNo]?.[0],
        toAddress: o.over.payAddress,
        coinName: 'USDT',
        amount: '30',
        status: 'credited',
        confirmations: 3,
        confirmationsRequired: 3,
        creditedAt: iso(5 * HOUR),
      }),
      expect.objectContaining({ txHash: txOf[o.over.orderNo]?.[1], amount: '15', status: 'credited' }),
    ]);
    // 30 made it confirming, the 15 beside it a payment, then completed: each delivered to the
    // application's URL and acknowledged.
    expect(data.deliveryLog).toMatchObject({ pushStatus: 'delivered', notificationSuccess: true });
    expect(data.deliveryLog.attempts.map((a: { eventType: string }) => a.eventType).sort()).toEqual([
      'collection.completed',
      'collection.confirming',
      'collection.payment_received',
    ]);
    expect(data.deliveryLog.attempts[0]).toMatchObject({
      url: receiver.url(),
      responseStatus: 200,
      acknowledged: true,
    });
  });

  it("shows an epusdt order's fiat price, and none for another order", async () => {
    expect((await detail(o.usdc.orderNo)).json().data.order).toMatchObject({ fiat: null, fiatAmount: null });
    await app.db.update(orders).set({ fiat: 'CNY', fiatAmount: '28.880' }).where(eq(orders.id, o.usdc.id));
    expect((await detail(o.usdc.orderNo)).json().data.order).toMatchObject({
      fiat: 'CNY',
      fiatAmount: '28.88',
    });
    await app.db.update(orders).set({ fiat: null, fiatAmount: null }).where(eq(orders.id, o.usdc.id));
  });

  it('shows an unpaid order without transfers or deliveries', async () => {
    const data = (await detail(o.usdc.orderNo)).json().data;
    expect(data.transfers).toEqual([]);
    expect(data.deliveryLog).toEqual({
      attempts: [],
      pushStatus: 'none',
      notificationSuccess: false,
      nextAttemptAt: null,
      // Its application has no callback URL: a resend would be refused (3102), so it says so.
      resendBlockedBy: 'no_callback_url',
    });
  });

  it("answers 404 for another merchant's order or an unknown one, 1001 without an id", async () => {
    expect((await detail(o.foreign.orderNo)).json().code).toBe(404);
    expect((await detail('TG20260101000000000000000000AA')).json().code).toBe(404);
    expect((await getAs(app, '/mchOrder/getById', { token })).json().code).toBe(1001);
    // Too long: said so, not "enter the order number".
    const long = (
      await getAs(app, `/mchOrder/getById?id=${'A'.repeat(65)}`, { token, lang: 'en_US' })
    ).json();
    expect(long).toMatchObject({ code: 1001, message: 'Too long' });
  });
});

describe('POST /front/merchant/account/funds-record', () => {
  const funds = (body: Record<string, unknown>, as = token) =>
    postJson(app, '/merchant/account/funds-record', { pageNo: 1, pageSize: 10, ...body }, { token: as });

  it('lists the credits newest first with the SPEC columns', async () => {
    const response = await funds({});
    expect(response.json().code).toBe(0);
    const { list, total } = response.json().data;
    // o.under's 5 USDT waits for its order to complete or expire: not credited yet.
    expect(total).toBe(3);
    expect(list.map((r: { orderNo: string; amount: string }) => [r.orderNo, r.amount])).toEqual([
      [o.over.orderNo, '15'],
      [o.over.orderNo, '30'],
      [o.paid.orderNo, '10'],
    ]);
    expect(list[2]).toEqual({
      createdAt: iso(4 * HOUR),
      type: 'collection',
      orderNo: o.paid.orderNo,
      hash: txOf[o.paid.orderNo]?.[0],
      address: o.paid.payAddress,
      currency: 'USDT',
      network: 'TRON',
      amount: '10',
      fee: '0.08',
      status: 'completed',
      bucket: 'available',
      balanceBefore: '0',
      changeAmount: '9.92',
      balanceAfter: '9.92',
      action: 'credit',
    });
    expect(list[0]).toMatchObject({
      network: 'BSC',
      fee: '0.12',
      balanceBefore: '39.68',
      balanceAfter: '54.56',
    });
  });

  it('filters by type, currency, time and order, and pages', async () => {
    const orderNosOf = async (body: Record<string, unknown>) =>
      ((await funds(body)).json().data.list as { orderNo: string }[]).map((r) => r.orderNo);
    expect(await orderNosOf({ type: 'collection', currency: 'USDT' })).toHaveLength(3);
    expect(await orderNosOf({ type: 'withdraw' })).toEqual([]);
    expect(await orderNosOf({ currency: 'USDC' })).toEqual([]);
    expect(await orderNosOf({ timeFrom: iso(5 * HOUR) })).toEqual([o.over.orderNo, o.over.orderNo]);
    expect(await orderNosOf({ timeTo: iso(5 * HOUR) })).toEqual([o.paid.orderNo]);
    expect(await orderNosOf({ orderNo: o.paid.orderNo })).toEqual([o.paid.orderNo]);
    const second = (await funds({ pageNo: 2, pageSize: 2 })).json().data;
    expect(second).toMatchObject({ total: 3, list: [{ orderNo: o.paid.orderNo }] });
    expect((await funds({ type: 'gift' })).json().code).toBe(1001);
    const theirs = (await funds({}, otherToken)).json().data;
    expect(theirs.list.map((r: { orderNo: string }) => r.orderNo)).toEqual([o.foreign.orderNo]);
  });

  it('shows an underpaid order’s credit once it expired, and the header balance agrees', async () => {
    clock.advance(24 * HOUR);
    await app.watcher.tick();
    const { list } = (await funds({ pageSize: 1 })).json().data;
    expect(list[0]).toMatchObject({
      orderNo: o.under.orderNo,
      amount: '5',
      fee: '0.04',
      balanceAfter: '59.52',
    });
    const info = (await getAs(app, '/merchant/account/info', { token })).json().data;
    expect(info.userBalanceList.find((b: { coinName: string }) => b.coinName === 'USDT').available).toBe(
      '59.52',
    );
    expect((await page({ status: 'expired', orderNo: o.under.orderNo })).json().data.list[0]).toMatchObject({
      orderNo: o.under.orderNo,
      exception: 'underpaid',
    });
  });
});
