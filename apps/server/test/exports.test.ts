/**
 * Exports (issue 9): POST /front/export answers the file itself up to EXPORT_DIRECT_MAX_ROWS
 * (6 here) and a job beyond it; GET /front/export/status and /front/export/download. Files are
 * parsed back (CSV by hand, XLSX with exceljs) and compared with the list calls' own answers:
 * the same rows in the same order, the same decimals, the merchant's own rows only.
 */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../src/db/schema';
import { postFundRecord } from '../src/modules/ledger/post-fund-record';
import { buildTestApp, createTestClock } from './helpers/build-test-app';
import { getAs, postJson } from './helpers/calls';
import { createMerchant, logInAs, setBalance } from './helpers/factories';
import { createTestApplication } from './helpers/order-fixtures';

const clock = createTestClock(new Date('2026-11-26T02:30:00.000Z'));
const HOUR = 3_600_000;
let app: FastifyInstance;
let dataDir: string;
let token: string;
let otherToken: string;

const TRICKY = [
  { merchantOrderNo: '=HYPERLINK("http://evil")', amount: '0.000000000000000001' },
  { merchantOrderNo: '-2+3', amount: '12345678901234567890.123456789012345678' },
  { merchantOrderNo: '@SUM(A1)', amount: '100.5' },
  { merchantOrderNo: 'a,b "c"', amount: '7' },
  { merchantOrderNo: '+cmd', amount: '0.1' },
];

async function addOrders(
  merchantId: number,
  applicationId: number,
  type: 'collection' | 'payout',
  specs: { merchantOrderNo?: string; amount: string }[],
) {
  await app.db.insert(orders).values(
    specs.map((spec, i) => ({
      orderNo: `T${randomBytes(10).toString('hex')}`,
      type,
      merchantId,
      applicationId,
      merchantOrderNo: spec.merchantOrderNo ?? randomBytes(8).toString('hex'),
      currency: 'USDT',
      network: 'TRON',
      amount: spec.amount,
      fee: '0.25',
      status: type === 'payout' ? ('processing' as const) : ('pending' as const),
      test: true,
      requestHash: randomBytes(16).toString('hex'),
      // Two orders share a time, so the (time, id) order and its keyset are both exercised.
      createdAt: new Date(clock.now().getTime() - Math.floor(i / 2) * HOUR),
      expiresAt: new Date(clock.now().getTime() + HOUR),
    })),
  );
}

/** RFC 4180 with the byte order mark removed: rows of fields. */
function parseCsv(text: string): string[][] {
  const body = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < body.length; i++) {
    const c = body[i];
    if (quoted) {
      if (c === '"' && body[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\r' && body[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else field += c;
  }
  return rows;
}

async function parseXlsx(buffer: Buffer): Promise<string[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(buffer as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  const rows: string[][] = [];
  const width = sheet?.getRow(1).cellCount ?? 0;
  sheet?.eachRow((row) => {
    const values = Array.from({ length: width }, (_, i) => row.getCell(i + 1).value);
    for (const value of values) expect(value === null || typeof value === 'string').toBe(true);
    rows.push(values.map((value) => (value === null ? '' : String(value))));
  });
  return rows;
}

const exportAs = (as: string, body: unknown, lang = 'en_US') =>
  postJson(app, '/export', body, { token: as, lang });

async function listOrders(type: 'collection' | 'payout', filters: Record<string, unknown> = {}) {
  const response = await postJson(
    app,
    '/mchOrder/page',
    { type, pageNo: 1, pageSize: 100, ...filters },
    { token },
  );
  return response.json().data.list as { orderNo: string; merchantOrderNo: string; amount: string }[];
}

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'tollgate-exports-'));
  // EXPORT_RATE_LIMIT: this file exports more than ten times a minute (the limit's own test is exports-limits).
  app = await buildTestApp({
    now: clock.now,
    env: { DATA_DIR: dataDir, EXPORT_DIRECT_MAX_ROWS: '8', EXPORT_RATE_LIMIT: '1000' },
  });
  await app.ready();
  const merchant = await createMerchant(app);
  token = await logInAs(app, merchant);
  const shop = await createTestApplication(app, merchant.id, { name: '=shop' });
  await addOrders(merchant.id, shop.id, 'collection', TRICKY);
  await addOrders(
    merchant.id,
    shop.id,
    'payout',
    Array.from({ length: 11 }, (_, i) => ({ amount: `${i + 1}.5` })),
  );
  const other = await createMerchant(app);
  otherToken = await logInAs(app, other);
  const otherShop = await createTestApplication(app, other.id);
  await addOrders(other.id, otherShop.id, 'collection', [{ amount: '1' }, { amount: '2' }]);
  // Fund flow: +100.5, then a debit of 5.25 (a negative change that must stay a number).
  await setBalance(app, { merchantId: merchant.id, coinName: 'USDT', available: '100.5' });
  await app.db.transaction((tx) =>
    postFundRecord(tx, {
      merchantId: merchant.id,
      currency: 'USDT',
      type: 'withdraw',
      bucket: 'available',
      change: '-5.25',
      amount: '5',
      fee: '0.25',
      orderNo: 'W-1',
      txHash: null,
      address: '=cmd|x',
      network: 'TRON',
      status: 'completed',
      now: app.now(),
    }),
  );
  // A deposit the day before (the report then spans two days, listed newest first).
  await app.db.transaction((tx) =>
    postFundRecord(tx, {
      merchantId: merchant.id,
      currency: 'USDT',
      type: 'deposit',
      bucket: 'available',
      change: '2',
      amount: '2',
      fee: '0',
      orderNo: 'D-1',
      txHash: null,
      address: 'T-address',
      network: 'TRON',
      status: 'completed',
      now: new Date(app.now().getTime() - 24 * HOUR),
    }),
  );
});

afterAll(async () => {
  await app?.close();
  await rm(dataDir, { recursive: true, force: true });
});

function expectFile(response: LightMyRequestResponse, type: RegExp) {
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toMatch(type);
  expect(response.headers['content-disposition']).toMatch(
    /^attachment; filename="[\x20-\x7e]+"; filename\*=UTF-8''/,
  );
}

describe('POST /front/export, answered as the file', () => {
  it('CSV: the list call rows in its order, exact decimals, headers in the language, formulas neutralized', async () => {
    const response = await exportAs(token, { kind: 'collection', format: 'csv' });
    expectFile(response, /^text\/csv/);
    expect(response.headers['content-disposition']).toContain(
      "filename*=UTF-8''collection-records-20261126-103000.csv",
    );
    const [header, ...rows] = parseCsv(response.body);
    expect(header?.slice(0, 3)).toEqual(['Platform order no.', 'Merchant order no.', 'Application']);
    const listed = await listOrders('collection');
    expect(rows.map((row) => row[0])).toEqual(listed.map((order) => order.orderNo));
    expect(rows.map((row) => row[5])).toEqual(listed.map((order) => order.amount));
    const merchantOrderNos = rows.map((row) => row[1]);
    expect(merchantOrderNos).toContain(`'=HYPERLINK("http://evil")`);
    expect(merchantOrderNos).toContain(`'-2+3`);
    expect(merchantOrderNos).toContain(`'@SUM(A1)`);
    expect(merchantOrderNos).toContain('a,b "c"');
    expect(merchantOrderNos).toContain(`'+cmd`);
    expect(rows.every((row) => row[2] === `'=shop`)).toBe(true);
    // Dates in Asia/Shanghai by default, in the SPEC's format.
    expect(rows[0]?.[12]).toBe('2026/11/26 10:30:00');
  });

  it('XLSX: the same rows as text cells, the same decimals', async () => {
    const csv = parseCsv((await exportAs(token, { kind: 'collection', format: 'csv' })).body);
    const response = await exportAs(token, { kind: 'collection', format: 'xlsx' });
    expectFile(response, /spreadsheetml/);
    expect(await parseXlsx(response.rawPayload)).toEqual(csv);
  });

  it('respects the filters of the list call, and the time zone asked for', async () => {
    const filters = { amountMin: '5', amountMax: '200' };
    const response = await exportAs(
      token,
      { kind: 'collection', format: 'csv', filters, timeZone: 'America/New_York' },
      'zh_CN',
    );
    const [header, ...rows] = parseCsv(response.body);
    expect(header?.[0]).toBe('平台订单号');
    const listed = await listOrders('collection', filters);
    expect(listed).toHaveLength(2);
    expect(rows.map((row) => row[0])).toEqual(listed.map((order) => order.orderNo));
    // Both were made an hour before the clock (01:30Z): 20:30 the day before in New York.
    expect(rows[0]?.[12]).toBe('2026/11/25 20:30:00');
  });

  it("lists only the caller's own rows", async () => {
    const [, ...rows] = parseCsv((await exportAs(otherToken, { kind: 'collection', format: 'csv' })).body);
    expect(rows.map((row) => row[5]).sort()).toEqual(['1', '2']);
    const [, ...filtered] = parseCsv(
      (await exportAs(token, { kind: 'collection', format: 'csv', filters: { merchantId: '999999' } })).body,
    );
    expect(filtered).toEqual([]);
  });

  it('fund flow: a negative change stays a readable number, a formula-like address is quoted', async () => {
    const response = await exportAs(token, { kind: 'fundFlow', format: 'csv' }, 'zh_CN');
    const [header, ...rows] = parseCsv(response.body);
    expect(header?.[0]).toBe('时间');
    expect(rows).toHaveLength(3);
    expect(rows[0]?.[11]).toBe('可用');
    expect(rows[0]?.[13]).toBe('-5.25');
    expect(rows[0]?.[12]).toBe('100.5');
    expect(rows[0]?.[14]).toBe('95.25');
    expect(rows[0]?.[5]).toBe(`'=cmd|x`);
    expect(rows[0]?.[1]).toBe('提现');
    // What each record did (issue 31): the withdrawal's completed record is its settle, the
    // deposit a credit carrying its platform number.
    expect(header?.[2]).toBe('动作');
    expect(rows.map((row) => [row[2], row[3]])).toEqual([
      ['结算出账', 'W-1'],
      ['入账', ''],
      ['入账', 'D-1'],
    ]);
    const xlsx = await parseXlsx(
      (await exportAs(token, { kind: 'fundFlow', format: 'xlsx' }, 'zh_CN')).rawPayload,
    );
    expect(xlsx).toEqual([header, ...rows]);
  });

  it('an empty list is a file with its header only', async () => {
    const response = await exportAs(token, {
      kind: 'deposit',
      format: 'csv',
      filters: { status: 'rejected' },
    });
    expect(parseCsv(response.body)).toHaveLength(1);
    const withdrawals = await exportAs(token, { kind: 'withdrawal', format: 'csv' });
    expect(parseCsv(withdrawals.body)).toHaveLength(1);
  });
});

describe('POST /front/export of a report', () => {
  it("the report call's days (newest first), totals and USDT total, as the page lists them, with its filters", async () => {
    const filters = { timeFrom: '2026-11-25', timeTo: '2026-11-26' };
    const report = (await postJson(app, '/report/bill', filters, { token })).json().data as {
      days: { day: string; coinName: string; count: number; amount: string; net: string }[];
      totals: { coinName: string; count: number; net: string }[];
      totalUsdt: { count: number; amountUsdt: string; netUsdt: string; inUsdt: string; outUsdt: string };
    };
    expect(new Set(report.days.map((day) => day.day)).size).toBeGreaterThan(1);
    const response = await exportAs(token, { kind: 'billReport', format: 'csv', filters }, 'en_US');
    expectFile(response, /^text\/csv/);
    expect(response.headers['content-disposition']).toContain("filename*=UTF-8''bill-report-");
    const [header, ...rows] = parseCsv(response.body);
    expect(header).toEqual([
      'Day',
      'Currency',
      'Type',
      'Count',
      'Amount',
      'Fee',
      'Net',
      'Amount (USDT)',
      'Fee (USDT)',
      'Net (USDT)',
    ]);
    expect(rows).toHaveLength(report.days.length + report.totals.length + 3);
    expect(rows.slice(0, report.days.length).map((row) => [row[0], row[1], row[3], row[6]])).toEqual(
      [...report.days]
        .reverse()
        .map((day) => [day.day.replaceAll('-', '/'), day.coinName, String(day.count), day.net]),
    );
    expect(rows.at(-4)?.[0]).toBe('Total');
    // Money in, money out and their net in USDT (issue 31): never in and out added together.
    const usdt = report.totalUsdt;
    // In: the deposits 100.5 and 2; out: the withdrawal's 5.25 (amountUsdt adds them: 107.5).
    expect(usdt).toMatchObject({ inUsdt: '102.5', outUsdt: '5.25', netUsdt: '97.25' });
    expect(rows.slice(-3)).toEqual([
      ['Money in (USDT)', 'USDT', '', '', '', '', '', '', '', '102.5'],
      ['Money out (USDT)', 'USDT', '', '', '', '', '', '', '', '5.25'],
      ['Net (USDT)', 'USDT', '', String(usdt.count), '', '', '', '', '', '97.25'],
    ]);
    // The withdrawal's net is the debit, -5.25: a plain decimal, written as it is.
    expect(rows.map((row) => row[6])).toContain('-5.25');
    const xlsx = await parseXlsx(
      (await exportAs(token, { kind: 'billReport', format: 'xlsx', filters }, 'en_US')).rawPayload,
    );
    expect(xlsx).toEqual([header, ...rows]);
  });

  it("a report's own filters are checked (a range is required)", async () => {
    const response = await exportAs(token, { kind: 'paymentReport', format: 'csv' }, 'zh_CN');
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe(1001);
  });
});

describe('POST /front/export, refused', () => {
  it('bad input is a localized validation error', async () => {
    for (const body of [
      { kind: 'orders', format: 'csv' },
      { kind: 'collection', format: 'pdf' },
      { kind: 'collection', format: 'csv', timeZone: 'Mars/Olympus' },
      { kind: 'collection', format: 'csv', filters: { amountMin: 'abc' } },
      { kind: 'fundFlow', format: 'csv', filters: { type: 'gift' } },
    ]) {
      const response = await exportAs(token, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().code).toBe(1001);
    }
    const noToken = await postJson(app, '/export', { kind: 'collection', format: 'csv' });
    expect(noToken.statusCode).toBe(401);
  });
});

describe('beyond the direct limit: a job', () => {
  it('answers { exportId }, reports progress, serves the file to its owner only, then expires', async () => {
    const started = await exportAs(token, { kind: 'payout', format: 'xlsx' });
    expect(started.statusCode).toBe(200);
    const { exportId, rows } = started.json().data as { exportId: string; rows: number };
    expect(rows).toBe(9); // counted no further than the limit + 1
    const queued = await getAs(app, `/export/status?exportId=${exportId}`, { token });
    expect(queued.json().data).toMatchObject({ status: expect.stringMatching(/queued|running|done/) });

    await app.jobs.drain();
    const status = (await getAs(app, `/export/status?exportId=${exportId}`, { token })).json().data;
    expect(status).toMatchObject({
      status: 'done',
      rows: 11,
      total: 11,
      progress: 100,
      downloadUrl: `/front/export/download?exportId=${exportId}`,
      fileName: 'payout-records-20261126-103000.xlsx',
    });

    const other = await getAs(app, `/export/status?exportId=${exportId}`, { token: otherToken });
    expect(other.statusCode).toBe(404);
    expect(
      (await getAs(app, status.downloadUrl.replace('/front', ''), { token: otherToken })).statusCode,
    ).toBe(404);

    const download = await getAs(app, status.downloadUrl.replace('/front', ''), { token });
    expectFile(download, /spreadsheetml/);
    const [, ...fileRows] = await parseXlsx(download.rawPayload);
    const listed = await listOrders('payout');
    expect(fileRows.map((row) => row[0])).toEqual(listed.map((order) => order.orderNo));
    expect(fileRows.map((row) => row[5])).toEqual(listed.map((order) => order.amount));
    expect(await readdir(join(dataDir, 'exports'))).toEqual([`${exportId}.xlsx`]);

    // 24 h later the file is gone for the merchant at once, and deleted by the expiry job.
    clock.advance(24 * HOUR);
    expect((await getAs(app, `/export/status?exportId=${exportId}`, { token })).json().data.status).toBe(
      'expired',
    );
    await app.jobs.drain();
    expect(existsSync(join(dataDir, 'exports', `${exportId}.xlsx`))).toBe(false);
    const gone = await getAs(app, status.downloadUrl.replace('/front', ''), { token, lang: 'en_US' });
    expect(gone.statusCode).toBe(410);
    expect(gone.json()).toMatchObject({ code: 3403, message: expect.stringMatching(/export again/) });
  });

  it('an unknown or malformed export id', async () => {
    const unknown = await getAs(app, '/export/status?exportId=00000000-0000-4000-8000-000000000000', {
      token,
    });
    expect(unknown.statusCode).toBe(404);
    const malformed = await getAs(app, '/export/status?exportId=x', { token });
    expect(malformed.statusCode).toBe(400);
  });
});
