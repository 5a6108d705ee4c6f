/**
 * The reports (issue 9): POST /front/report/{bill|recharge|withdrawal|collection|payment}, read
 * from merchant_daily_stats. A mixed workload through the real writers (devnet deposits, signed
 * collections paid and overpaid after completion, withdrawals completed, rejected and failed on
 * chain, API payouts accepted as one group) must leave the aggregates equal to their
 * recomputation from the raw rows, and each report must count what its decision record says;
 * the merchant's day turns at 16:00 UTC; the range is checked.
 */

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { money, reportResult, toDecimalString } from '@tollgate/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fundRecords, merchantDailyStats, orders, withdrawals } from '../src/db/schema';
import { findWithdrawalByNo } from '../src/modules/assets/withdrawal.repository';
import { approveWithdrawal, rejectWithdrawal } from '../src/modules/assets/withdrawal.service';
import { verifyDailyStats } from '../src/modules/reports/verify-daily-stats';
import { bindGoogleThroughApi } from './helpers/accounts';
import { buildTestApp, createTestClock } from './helpers/build-test-app';
import { googleCodeNow, postJson } from './helpers/calls';
import { createMerchant, logInAs, setBalance } from './helpers/factories';
import { expectLedgerClean, expectReportStatsExact } from './helpers/ledger';
import { type ApiCredentials, createApiApplication, postSigned } from './helpers/signed-api';

// 2026-11-26 23:00 in Shanghai: that day ends at 2026-11-26T16:00Z.
const clock = createTestClock(new Date('2026-11-26T15:00:00.000Z'));
const TRON_ADDRESS = 'TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH';
let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp({ now: clock.now, env: { API_RATE_LIMIT: '100000' } });
  await app.ready();
  await app.chains.stop();
  await app.watcher.stop();
  await app.jobs.stop();
});
afterAll(async () => {
  await expectLedgerClean(app.db);
  await expectReportStatsExact(app.db);
  await app.close();
});

async function blocks(n: number) {
  for (let i = 0; i < n; i++) {
    await app.chains.devnet?.produceBlock();
    await app.watcher.tick();
  }
}
const deps = () => ({ db: app.db, now: app.now, chains: app.chains });

async function ok(token: string, url: string, body: unknown) {
  const response = await postJson(app, url, body, { token, lang: 'en_US' });
  const json = response.json();
  expect(json.code, JSON.stringify(json)).toBe(0);
  return json.data;
}
const report = async (token: string, kind: string, body: Record<string, unknown>) =>
  reportResult.strict().parse(await ok(token, `/report/${kind}`, body));
const s = merchantDailyStats;
const statsOrder = [s.merchantId, s.kind, s.day, s.type, s.coin] as const;
const normalized = (row: typeof merchantDailyStats.$inferSelect) => ({
  ...row,
  amount: toDecimalString(row.amount),
  fee: toDecimalString(row.fee),
  net: toDecimalString(row.net),
});
const RANGE = { timeFrom: '2026-11-20', timeTo: '2026-11-30' };

interface Shop {
  id: number;
  token: string;
  secret: string;
  api: ApiCredentials;
}
async function newShop(): Promise<Shop> {
  const merchant = await createMerchant(app);
  const token = await logInAs(app, merchant);
  const secret = await bindGoogleThroughApi(app, token, merchant.password);
  const api = await createApiApplication(app, { merchantId: merchant.id });
  return { id: merchant.id, token, secret, api };
}
async function withdraw(shop: Shop, amount: string) {
  clock.advance(30_000); // a Google code of a window not used yet
  const data = await ok(shop.token, '/merchant/account/withdrawal', {
    coinName: 'USDT',
    chainId: 'TRON',
    address: TRON_ADDRESS,
    amount,
    googleCode: googleCodeNow(app, shop.secret),
  });
  const row = await findWithdrawalByNo(app.db, data.withdrawal.withdrawalNo);
  if (!row) throw new Error('no withdrawal');
  return row;
}
async function collect(shop: Shop, no: string, amount: string, pays: string[]) {
  const created = await postSigned(app, shop.api, '/api/v1/collections', {
    merchantOrderNo: no,
    currency: 'USDT',
    network: 'BSC',
    amount,
  });
  expect(created.body.code, JSON.stringify(created.body)).toBe(0);
  for (const pay of pays) {
    const paid = await postSigned(
      app,
      shop.api,
      `/api/v1/test/collections/${created.body.data.orderNo}/pay`,
      {
        amount: pay,
      },
    );
    expect(paid.body.code, JSON.stringify(paid.body)).toBe(0);
    await blocks(4);
  }
  return created.body.data.orderNo as string;
}

describe('a mixed workload', () => {
  let shop: Shop;
  beforeAll(async () => {
    shop = await newShop();
    // Deposits through the devnet chain.
    await ok(shop.token, '/test/deposit', { coinName: 'USDT', chainId: 'TRON', amount: '400' });
    await ok(shop.token, '/test/deposit', { coinName: 'USDT', chainId: 'TRON', amount: '100.5' });
    await blocks(4);
    // Collections: one paid exactly; one paid, completed, then paid again (its fee grows after completion).
    await collect(shop, 'c-1', '12', ['12']);
    await collect(shop, 'c-2', '10', ['10', '3']);
    await collect(shop, 'c-3', '7', []); // never paid: not counted
    // Withdrawals: one completed, one rejected, one failed on chain.
    const done = await withdraw(shop, '20');
    await approveWithdrawal(deps(), done.id, 'ops:1');
    const rejected = await withdraw(shop, '30');
    await rejectWithdrawal(deps(), rejected.id, 'ops:1', 'no');
    const failed = await withdraw(shop, '15');
    await approveWithdrawal(deps(), failed.id, 'ops:1', { failOnChain: true });
    // Payouts through the API, at once (one group), two approved and one rejected.
    const answers = await Promise.all(
      ['p-1', 'p-2', 'p-3'].map((no, i) =>
        postSigned(app, shop.api, '/api/v1/payouts', {
          merchantOrderNo: no,
          currency: 'USDT',
          network: 'TRON',
          address: TRON_ADDRESS,
          amount: `${10 + i}`,
        }),
      ),
    );
    for (const answer of answers) expect(answer.body.code, JSON.stringify(answer.body)).toBe(0);
    const payouts = await app.db
      .select()
      .from(withdrawals)
      .where(and(eq(withdrawals.merchantId, shop.id), eq(withdrawals.source, 'api')))
      .orderBy(withdrawals.id);
    await approveWithdrawal(deps(), payouts[0]?.id ?? 0, 'ops:1');
    await approveWithdrawal(deps(), payouts[1]?.id ?? 0, 'ops:1');
    await rejectWithdrawal(deps(), payouts[2]?.id ?? 0, 'ops:1', 'no');
    await blocks(4);
  });

  it('leaves the aggregates equal to their recomputation from the raw rows', async () => {
    expect(await verifyDailyStats(app.db)).toEqual([]);
  });

  it("the migration's backfill rebuilds the same aggregates from the raw rows", async () => {
    const kept = await app.db
      .select()
      .from(merchantDailyStats)
      .orderBy(...statsOrder);
    const inserts = (file: string) =>
      readFileSync(join(import.meta.dirname, '../drizzle', file), 'utf8')
        .split('--> statement-breakpoint')
        .filter((part) => /^\s*(--.*\n)*\s*INSERT/i.test(part));
    // 0008's collection, withdrawal and payment rows; the bill rows as 0017 recomputes them.
    const first = inserts('0008_reports-daily-stats.sql');
    expect(first).toHaveLength(3);
    const bill = inserts('0017_bill-counts.sql');
    expect(bill).toHaveLength(1);
    const backfill = [...first.slice(1), ...bill];
    await app.db.transaction(async (tx) => {
      await tx.delete(merchantDailyStats);
      for (const statement of backfill) await tx.execute(sql.raw(statement));
    });
    const rebuilt = await app.db
      .select()
      .from(merchantDailyStats)
      .orderBy(...statsOrder);
    expect(rebuilt.map(normalized)).toEqual(kept.map(normalized));
    expect(kept.length).toBeGreaterThan(5);
    expect(await verifyDailyStats(app.db)).toEqual([]);
  });

  it('bill: fund records by type, a withdrawal or payout counted once (its completion), net the sum of the changes', async () => {
    const records = await app.db.select().from(fundRecords).where(eq(fundRecords.merchantId, shop.id));
    const bill = await report(shop.token, 'bill', RANGE);
    const done = await app.db
      .select()
      .from(withdrawals)
      .where(and(eq(withdrawals.merchantId, shop.id), eq(withdrawals.status, 'completed')));
    for (const type of ['deposit', 'collection', 'withdraw', 'payout'] as const) {
      const mine = records.filter((r) => r.type === type);
      const total = bill.totals.find((t) => t.type === type && t.coinName === 'USDT');
      // A withdrawal's (or payout's) three records (frozen out of available and into frozen,
      // then out of frozen) are one withdrawal; one rejected or failed is none.
      const finished =
        type === 'withdraw' || type === 'payout'
          ? done.filter((w) => (w.orderId === null) === (type === 'withdraw'))
          : mine;
      expect(finished.length, type).toBeGreaterThan(0);
      expect(total?.count, type).toBe(finished.length);
      expect(Number(total?.amount), type).toBeCloseTo(
        finished.reduce((sum, r) => sum + Number(r.amount), 0),
        9,
      );
      expect(Number(total?.fee), type).toBeCloseTo(
        finished.reduce((sum, r) => sum + Number(r.fee), 0),
        9,
      );
      expect(Number(total?.net)).toBeCloseTo(
        mine.reduce((sum, r) => sum + Number(r.changeAmount), 0),
        9,
      );
    }
    expect(bill.days.every((d) => d.day === '2026-11-26')).toBe(true);
    // In USDT: what came in (deposits, collections) and what went out (withdrawals, payouts),
    // apart, and their net (issue 31); the amount total adds both directions.
    const netOf = (types: string[]) =>
      bill.totals
        .filter((t) => t.type !== null && types.includes(t.type))
        .reduce((sum, t) => sum.plus(t.netUsdt), money('0'));
    const { inUsdt, outUsdt, netUsdt, amountUsdt } = bill.totalUsdt;
    expect(inUsdt).toBe(toDecimalString(netOf(['deposit', 'collection'])));
    expect(outUsdt).toBe(toDecimalString(netOf(['withdraw', 'payout']).negated()));
    expect(money(outUsdt ?? '0').greaterThan(0)).toBe(true);
    expect(netUsdt).toBe(toDecimalString(money(inUsdt ?? '0').minus(outUsdt ?? '0')));
    expect(money(amountUsdt).greaterThan(inUsdt ?? '0')).toBe(true);
  });

  it('recharge: the deposits credited, with the USDT total', async () => {
    const recharge = await report(shop.token, 'recharge', RANGE);
    expect(recharge.totals).toEqual([
      expect.objectContaining({
        coinName: 'USDT',
        type: null,
        count: 2,
        amount: '500.5',
        fee: '0',
        net: '500.5',
      }),
    ]);
    expect(recharge.totalUsdt).toEqual({
      count: 2,
      amountUsdt: '500.5',
      feeUsdt: '0',
      netUsdt: '500.5',
      inUsdt: null,
      outUsdt: null,
    });
    expect(recharge.days).toEqual([
      expect.objectContaining({ day: '2026-11-26', coinName: 'USDT', count: 2, amount: '500.5' }),
    ]);
  });

  it('collection: the orders completed, the order amount and its fees (a fee after completion included)', async () => {
    const completed = await app.db
      .select()
      .from(orders)
      .where(
        and(eq(orders.merchantId, shop.id), eq(orders.type, 'collection'), eq(orders.status, 'completed')),
      );
    expect(completed).toHaveLength(2);
    const fee = completed.reduce((sum, o) => sum + Number(o.fee), 0);
    expect(fee).toBeGreaterThan(0);
    const collection = await report(shop.token, 'collection', RANGE);
    const [total] = collection.totals;
    expect(collection.totals).toHaveLength(1);
    expect(total).toMatchObject({ coinName: 'USDT', count: 2, amount: '22' });
    expect(Number(total?.fee)).toBeCloseTo(fee, 12);
    expect(Number(total?.net)).toBeCloseTo(22 - fee, 12);
  });

  it('withdrawal: the back-office withdrawals completed only (rejected and failed are not)', async () => {
    const withdrawal = await report(shop.token, 'withdrawal', RANGE);
    expect(withdrawal.totals).toEqual([
      expect.objectContaining({ coinName: 'USDT', count: 1, amount: '20', fee: '1', net: '21' }),
    ]);
  });

  it('payment: the API payouts completed', async () => {
    const payment = await report(shop.token, 'payment', RANGE);
    expect(payment.totals).toEqual([
      expect.objectContaining({ coinName: 'USDT', count: 2, amount: '21', fee: '2', net: '23' }),
    ]);
    // Another merchant sees none of it; a currency filter keeps its own.
    const other = await newShop();
    expect((await report(other.token, 'payment', RANGE)).totals).toEqual([]);
    expect((await report(shop.token, 'payment', { ...RANGE, coinName: 'DOGE' })).days).toEqual([]);
  });
});

describe("the merchant's day", () => {
  it('turns at 16:00 UTC: a record at 15:59:59.999 is the day before one at 16:00', async () => {
    const shop = await newShop();
    clock.advance(new Date('2026-11-27T15:59:59.999Z').getTime() - clock.now().getTime());
    await setBalance(app, { merchantId: shop.id, coinName: 'USDT', available: '1' });
    clock.advance(1);
    await setBalance(app, { merchantId: shop.id, coinName: 'USDT', available: '2' });
    const recharge = await report(shop.token, 'recharge', { timeFrom: '2026-11-27', timeTo: '2026-11-28' });
    expect(recharge.days.map((d) => [d.day, d.count, d.amount])).toEqual([
      ['2026-11-27', 1, '1'],
      ['2026-11-28', 1, '2'],
    ]);
    const oneDay = await report(shop.token, 'recharge', { timeFrom: '2026-11-28', timeTo: '2026-11-28' });
    expect(oneDay.totalUsdt).toEqual({
      count: 1,
      amountUsdt: '2',
      feeUsdt: '0',
      netUsdt: '2',
      inUsdt: null,
      outUsdt: null,
    });
  });
});

describe('the range', () => {
  it('refuses a bad day, a reversed range and more than 366 days with a localized message, and asks a login', async () => {
    const shop = await newShop();
    const refused = async (body: Record<string, unknown>, lang = 'en_US') => {
      const response = await postJson(app, '/report/collection', body, { token: shop.token, lang });
      expect(response.statusCode).toBe(400);
      const json = response.json();
      expect(json.code).toBe(1001);
      return json.data.errors.map((e: { field: string; message: string }) => `${e.field}: ${e.message}`);
    };
    expect(await refused({ timeFrom: '2026-02-30', timeTo: '2026-03-01' })).toEqual([
      'timeFrom: Enter a day as YYYY-MM-DD',
    ]);
    expect(await refused({ timeFrom: '2026-11-26T00:00:00Z', timeTo: '2026-11-27' })).toEqual([
      'timeFrom: Enter a day as YYYY-MM-DD',
    ]);
    expect(await refused({ timeFrom: '2026-11-27', timeTo: '2026-11-26' })).toEqual([
      'timeTo: The end day cannot be before the start day',
    ]);
    expect(await refused({ timeFrom: '2025-11-26', timeTo: '2026-11-27' }, 'zh_CN')).toEqual([
      'timeTo: 报表的日期范围最多 366 天',
    ]);
    expect(await refused({ timeTo: '2026-11-27' })).toEqual([expect.stringMatching(/^timeFrom: /)]);
    // 366 days, both ends included, is allowed.
    expect((await report(shop.token, 'bill', { timeFrom: '2025-11-27', timeTo: '2026-11-27' })).days).toEqual(
      [],
    );
    const anonymous = await postJson(app, '/report/bill', RANGE);
    expect(anonymous.statusCode).toBe(401);
  });
});
