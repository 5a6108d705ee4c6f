/**
 * Records at scale (issue 9): the order and fund record lists page through their first
 * RECORDS_WINDOW rows (3 here) and count no further: `total` is exact up to the window, then the
 * window with `totalCapped`; a page starting beyond it is refused with a localized 1001, and the
 * joined filters (application, address, transaction hash) written as id sets still find their rows.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chainTransfers, orders, withdrawals } from '../src/db/schema';
import { postFundRecords } from '../src/modules/ledger/post-fund-record';
import { buildTestApp, createTestClock } from './helpers/build-test-app';
import { postJson } from './helpers/calls';
import { createMerchant, logInAs } from './helpers/factories';
import { createTestApplication } from './helpers/order-fixtures';

const clock = createTestClock(new Date('2026-11-20T02:00:00.000Z'));
const HOUR = 3_600_000;
let app: FastifyInstance;
let token: string;
let merchantId: number;
/** The five collection orders' numbers, newest first. */
const orderNos: string[] = [];

const page = (body: Record<string, unknown>, lang = 'en_US') =>
  postJson(app, '/mchOrder/page', { type: 'collection', pageSize: 2, ...body }, { token, lang });
const funds = (body: Record<string, unknown>, lang = 'en_US') =>
  postJson(app, '/merchant/account/funds-record', { pageSize: 2, ...body }, { token, lang });

beforeAll(async () => {
  app = await buildTestApp({ now: clock.now, env: { RECORDS_WINDOW: '3' } });
  await app.ready();
  const merchant = await createMerchant(app);
  merchantId = merchant.id;
  token = await logInAs(app, merchant);
  const shop = await createTestApplication(app, merchant.id, { name: 'Window Shop' });
  const other = await createTestApplication(app, merchant.id, { name: 'Small Shop' });
  const rows = await app.db
    .insert(orders)
    .values(
      Array.from({ length: 6 }, (_, i) => ({
        orderNo: `W${randomBytes(8).toString('hex')}`,
        type: i === 5 ? ('payout' as const) : ('collection' as const),
        merchantId,
        applicationId: i === 4 ? other.id : shop.id,
        merchantOrderNo: `M-${i}`,
        currency: 'USDT',
        network: 'TRON',
        amount: `${i + 1}`,
        fee: '0',
        status: 'pending' as const,
        payAddress: i === 5 ? null : `TAddr${i}`,
        txHash: i === 1 ? 'own-hash' : null,
        test: true,
        requestHash: randomBytes(16).toString('hex'),
        createdAt: new Date(clock.now().getTime() - i * HOUR),
        expiresAt: new Date(clock.now().getTime() + HOUR),
      })),
    )
    .returning();
  orderNos.push(...rows.filter((r) => r.type === 'collection').map((r) => r.orderNo));
  const payout = rows[5];
  if (!payout) throw new Error('payout expected');
  await app.db.insert(withdrawals).values({
    withdrawalNo: `WD${randomBytes(6).toString('hex')}`,
    merchantId,
    orderId: payout.id,
    source: 'api',
    coinName: 'USDT',
    chainId: 'TRON',
    address: 'TDestination',
    amount: '6',
    fee: '0',
    usdtValue: '6',
    status: 'processing',
    test: true,
    createdAt: clock.now(),
    updatedAt: clock.now(),
  });
  await app.db.insert(chainTransfers).values({
    chainId: 'TRON',
    txHash: 'transfer-hash',
    logIndex: 0,
    fromAddress: 'TFrom',
    toAddress: 'TAddr3',
    coinName: 'USDT',
    amount: '4',
    blockHeight: 1,
    orderId: rows[3]?.id,
    status: 'confirming',
    seenAt: clock.now(),
  });
  await app.db.transaction((tx) =>
    postFundRecords(
      tx,
      Array.from({ length: 5 }, (_, i) => ({
        merchantId,
        currency: i === 4 ? 'TRX' : 'USDT',
        type: 'deposit' as const,
        bucket: 'available' as const,
        change: `${i + 1}`,
        amount: `${i + 1}`,
        fee: '0',
        orderNo: `F-${i}`,
        txHash: null,
        address: null,
        network: 'TRON',
        status: 'completed',
        now: clock.now(),
      })),
    ),
  );
});

afterAll(async () => {
  await app?.close();
});

describe('the records window (RECORDS_WINDOW=3)', () => {
  it('counts orders up to the window, then says there are more', async () => {
    const first = (await page({ pageNo: 1 })).json();
    expect(first.code).toBe(0);
    expect(first.data).toMatchObject({ total: 3, totalCapped: true, pageNo: 1, pageSize: 2 });
    expect(first.data.list.map((o: { orderNo: string }) => o.orderNo)).toEqual(orderNos.slice(0, 2));
    // The last page inside the window stops at the window's last row.
    const second = (await page({ pageNo: 2 })).json();
    expect(second.data.list.map((o: { orderNo: string }) => o.orderNo)).toEqual([orderNos[2]]);
    expect(second.data).toMatchObject({ total: 3, totalCapped: true });
    // Exactly the window: exact, not capped.
    const three = (await page({ pageNo: 1, amountMax: '3' })).json();
    expect(three.data).toMatchObject({ total: 3, totalCapped: false });
    const two = (await page({ pageNo: 1, amountMin: '4' })).json();
    expect(two.data).toMatchObject({ total: 2, totalCapped: false });
  });

  it('refuses a page beyond the window with a localized 1001 in each language', async () => {
    const messages = new Set<string>();
    for (const lang of ['en_US', 'zh_CN', 'zh_TW', 'vi_VN']) {
      const response = await page({ pageNo: 3 }, lang);
      expect(response.statusCode).toBe(400);
      const body = response.json();
      expect(body.code).toBe(1001);
      expect(JSON.stringify(body)).toContain('3');
      messages.add(JSON.stringify(body.data));
    }
    expect(messages.size).toBe(4);
    const en = (await page({ pageNo: 3 })).json();
    expect(JSON.stringify(en.data)).toMatch(/Only the first 3 records/);
    // A page of 1 on the window's last row is still fine; the next is not.
    expect((await page({ pageNo: 3, pageSize: 1 })).json().code).toBe(0);
    expect((await page({ pageNo: 4, pageSize: 1 })).json().code).toBe(1001);
  });

  it('finds the rows of the joined filters (application, address, transaction hash)', async () => {
    const byApp = (await page({ pageNo: 1, appName: 'small' })).json();
    expect(byApp.data.list.map((o: { orderNo: string }) => o.orderNo)).toEqual([orderNos[4]]);
    expect(byApp.data).toMatchObject({ total: 1, totalCapped: false });
    expect((await page({ pageNo: 1, appName: 'nothing' })).json().data).toMatchObject({ total: 0, list: [] });
    const own = (await page({ pageNo: 1, payAddress: 'TAddr2' })).json();
    expect(own.data.list.map((o: { orderNo: string }) => o.orderNo)).toEqual([orderNos[2]]);
    const destination = (await page({ type: 'payout', pageNo: 1, payAddress: 'TDestination' })).json();
    expect(destination.data.total).toBe(1);
    expect(destination.data.list[0].payAddress).toBe('TDestination');
    const ownHash = (await page({ pageNo: 1, txHash: 'own-hash' })).json();
    expect(ownHash.data.list.map((o: { orderNo: string }) => o.orderNo)).toEqual([orderNos[1]]);
    const transfer = (await page({ pageNo: 1, txHash: 'transfer-hash' })).json();
    expect(transfer.data.list.map((o: { orderNo: string }) => o.orderNo)).toEqual([orderNos[3]]);
  });

  it('caps the fund flow alike', async () => {
    const first = (await funds({ pageNo: 1 })).json();
    expect(first.data).toMatchObject({ total: 3, totalCapped: true });
    expect(first.data.list.map((r: { orderNo: string }) => r.orderNo)).toEqual(['F-4', 'F-3']);
    const second = (await funds({ pageNo: 2 })).json();
    expect(second.data.list.map((r: { orderNo: string }) => r.orderNo)).toEqual(['F-2']);
    const usdt = (await funds({ pageNo: 1, currency: 'TRX' })).json();
    expect(usdt.data).toMatchObject({ total: 1, totalCapped: false });
    const deep = (await funds({ pageNo: 2, pageSize: 3 }, 'zh_CN')).json();
    expect(deep.code).toBe(1001);
    expect(JSON.stringify(deep.data)).toContain('只能翻阅前 3 条记录');
  });
});
