/**
 * Batch withdrawal (issue 8): the template in each language and read back, the upload checked by
 * content, the preview's error per rule (duplicates, the 10,000-row limit, empty and headerless
 * files), and the submission: one Google code, all rows in one transaction or none, once, and two
 * batches at once that together exceed the balance (one wins whole, the other changes nothing).
 * ledger:verify runs after.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  BATCH_COLUMN_TITLES,
  batchPreview,
  batchSubmitResult,
  LANGUAGES,
  toDecimalString,
} from '@tollgate/contracts';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOT_WALLET } from '../src/chains/chain-adapter';
import { balances, merchants, withdrawalBatches, withdrawals } from '../src/db/schema';
import { bindGoogleThroughApi } from './helpers/accounts';
import { csvOf, readXlsx, uploadBatchFile, uploadedKey, xlsxOf } from './helpers/batch-files';
import { buildTestApp, createTestClock } from './helpers/build-test-app';
import { getAs, googleCodeNow, postJson } from './helpers/calls';
import { createMerchant, logInAs, setBalance } from './helpers/factories';
import { expectLedgerClean, expectReportStatsExact } from './helpers/ledger';

const clock = createTestClock(new Date('2026-11-25T09:00:00.000Z'));
let app: FastifyInstance;
let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'tollgate-batch-'));
  app = await buildTestApp({ now: clock.now, env: { DATA_DIR: dataDir } });
  await app.ready();
  await app.chains.stop();
  await app.watcher.stop();
});
afterAll(async () => {
  await expectLedgerClean(app.db);
  await expectReportStatsExact(app.db);
  await app.close();
  await rm(dataDir, { recursive: true, force: true });
});

const TRON = 'TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH';
const TRON_2 = 'TJCnKsPa7y5okkXvQAidZBzqx3QyQ6sxMW';
const ETH = '0x9858EfFD232B4033E47d90003D41EC34EcaEda94';
const HEADER = ['coin', 'chain', 'address', 'amount', 'remark'];
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

interface Account {
  id: number;
  token: string;
  secret: string;
}

async function account(available: Record<string, string> = { USDT: '1000' }, autoApproveUsdt = '0') {
  const merchant = await createMerchant(app, { autoApproveUsdt });
  const token = await logInAs(app, merchant);
  const secret = await bindGoogleThroughApi(app, token, merchant.password);
  for (const [coinName, amount] of Object.entries(available)) {
    await setBalance(app, { merchantId: merchant.id, coinName, available: amount });
  }
  return { id: merchant.id, token, secret };
}

async function preview(who: Account, file: { bytes: Buffer; filename: string }, lang = 'en_US') {
  const fileKey = await uploadedKey(app, who.token, file);
  const response = await postJson(
    app,
    '/merchant/account/withdrawal/batch/preview',
    { fileKey, fileName: file.filename },
    { token: who.token, lang },
  );
  return response.json();
}

/** Without a code: the clock moves on 30 s and the code of that new window is used. */
async function submit(who: Account, batchId: string, googleCode?: string) {
  if (googleCode === undefined) clock.advance(30_000);
  const response = await postJson(
    app,
    '/merchant/account/withdrawal/batch/submit',
    { batchId, googleCode: googleCode ?? googleCodeNow(app, who.secret) },
    { token: who.token, lang: 'en_US' },
  );
  return response.json();
}

const balanceOf = async (merchantId: number, coinName = 'USDT') => {
  const [row] = await app.db
    .select({ available: balances.available, frozen: balances.frozen })
    .from(balances)
    .where(and(eq(balances.merchantId, merchantId), eq(balances.coinName, coinName)));
  return { available: toDecimalString(row?.available ?? '0'), frozen: toDecimalString(row?.frozen ?? '0') };
};
const withdrawalsOf = (merchantId: number) =>
  app.db.select().from(withdrawals).where(eq(withdrawals.merchantId, merchantId));
/** USDT on TRON to one address, 10, 11, 12… (each a new amount, so no row repeats another). */
const tronRows = (count: number) =>
  Array.from({ length: count }, (_, i) => ['USDT', 'TRON', TRON_2, String(10 + i), `row ${i}`]);

describe('the template', () => {
  it('has the headers in the caller’s language and an example row, as .xlsx and .csv, and reads back', async () => {
    const who = await account();
    for (const lang of LANGUAGES) {
      const titles = Object.values(BATCH_COLUMN_TITLES[lang]);
      const xlsx = await app.inject({
        url: '/front/merchant/account/withdrawal/batch/template?format=xlsx',
        headers: { 'x-auth-token': who.token, lang },
      });
      expect(xlsx.statusCode).toBe(200);
      expect(xlsx.headers['content-type']).toBe(
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      );
      expect(xlsx.headers['content-disposition']).toBe(
        `attachment; filename="batch-withdrawal-template-${lang}.xlsx"`,
      );
      const [header, example] = await readXlsx(xlsx.rawPayload);
      expect(header).toEqual(titles);
      expect(example?.slice(0, 4)).toEqual(['USDT', 'TRON', TRON, '100']);

      const csv = await getAs(app, '/merchant/account/withdrawal/batch/template?format=csv', {
        token: who.token,
        lang,
      });
      expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(csv.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
      expect(csv.body.replace(/^\uFEFF/, '').split('\r\n')[0]).toBe(titles.join(','));

      // Read back through the preview, by a merchant of another language: the example row is flagged.
      for (const [filename, bytes] of [
        ['t.xlsx', xlsx.rawPayload],
        ['t.csv', csv.rawPayload],
      ] as const) {
        const read = await preview(who, { bytes, filename }, 'en_US');
        expect(read.code, `${lang} ${filename}`).toBe(0);
        expect(read.data.rows).toEqual([
          expect.objectContaining({
            line: 2,
            coinName: 'USDT',
            chainId: 'TRON',
            amount: '100',
            error: "This is the template's example row: replace or delete it",
          }),
        ]);
      }
    }
    expect((await getAs(app, '/merchant/account/withdrawal/batch/template')).json().code).toBe(401);
    const badFormat = await getAs(app, '/merchant/account/withdrawal/batch/template?format=pdf', {
      token: who.token,
      lang: 'en_US',
    });
    expect(badFormat.json()).toMatchObject({
      code: 1001,
      message: 'The template format must be xlsx or csv',
    });
  });
});

describe('the upload (dir batch)', () => {
  it('takes .xlsx and .csv checked by content, refuses the rest in the SPEC’s words, and never serves them', async () => {
    const who = await account();
    const xlsx = await xlsxOf([HEADER, ['USDT', 'TRON', TRON, '20', '']]);
    const csv = csvOf([HEADER, ['USDT', 'TRON', TRON, '20', '']], { bom: true });
    const refused = 'Please upload in the specified format (.xlsx or .csv)';
    for (const [filename, bytes] of [
      ['icon.xlsx', PNG],
      ['icon.csv', PNG],
      ['sheet.csv', xlsx],
      ['data.xlsx', csv],
      ['data.txt', csv],
      ['data', csv],
    ] as const) {
      const response = await uploadBatchFile(app, who.token, { bytes, filename });
      expect(response.statusCode, filename).toBe(415);
      expect(response.json(), filename).toEqual({ code: 1004, data: null, message: refused });
    }
    const okCsv = await uploadBatchFile(app, who.token, { bytes: csv, filename: 'Payroll.CSV' });
    expect(okCsv.json().data).toMatchObject({ contentType: 'text/csv', url: '' });
    expect(okCsv.json().data.key).toMatch(new RegExp(`^batch/${who.id}/[0-9a-f]{32}\\.csv$`));
    const okXlsx = await uploadBatchFile(app, who.token, { bytes: xlsx, filename: 'payroll.xlsx' });
    const key = okXlsx.json().data.key as string;
    expect(key).toMatch(/\.xlsx$/);
    // Payees' addresses: never served, and no icon either.
    expect((await app.inject({ url: `/uploads/${key}` })).statusCode).toBe(404);
    const icon = await postJson(app, '/app/create', { name: 'Shop', icon: key }, { token: who.token });
    expect(icon.json().code).toBe(1001);
    const big = await uploadBatchFile(
      app,
      who.token,
      { bytes: Buffer.alloc(5 * 1024 * 1024 + 1, 0x41), filename: 'big.csv' },
      'zh_CN',
    );
    expect(big.json()).toEqual({ code: 1003, data: null, message: '文件不能超过 5MB' });
  });
});

describe('the preview', () => {
  it('gives each row its first error, in the caller’s language, flags duplicates and adds up the valid rows', async () => {
    const who = await account({ USDT: '60' });
    const bytes = await xlsxOf([
      ['', '', '', ''],
      // zh_CN titles, another order, for an en_US merchant.
      ['金额', '网络', '币种', '提现地址', '备注'],
      [20, 'tron', 'usdt', TRON, 'number cell'],
      ['20', 'TRON', '', TRON, 'no coin'],
      ['ten', 'TRON', 'USDT', TRON, ''],
      ['20', 'SOL', 'USDT', TRON, ''],
      ['20', 'DOGE', 'USDT', 'DBus3bamQjgJULBJtYXpEzDWQRwF5iwxgC', ''],
      ['20', 'TRON', 'USDT', ETH, ''],
      ['20.1234567', 'TRON', 'USDT', TRON, ''],
      ['5', 'TRON', 'USDT', TRON, ''],
      ['100001', 'TRON', 'USDT', TRON, ''],
      ['20', 'ETH', 'USDT', ETH.toLowerCase(), 'lower case'],
      ['20.000', 'ETH', 'USDT', ETH, 'duplicate of the row above'],
      [{ formula: '0.1+0.2+10', result: 10.299999999999999 }, 'TRON', 'USDT', TRON, 'formula'],
    ]);
    const body = await preview(who, { bytes, filename: 'batch.xlsx' });
    expect(body.code).toBe(0);
    const data = batchPreview.strict().parse(body.data);
    expect(data.batchId).toMatch(/^B[0-9A-F]{24}$/);
    expect(data.rows.map((row) => [row.line, row.amount, row.fee, row.error])).toEqual([
      [3, '20', '1', null],
      [4, '20', null, 'Coin is empty'],
      [5, 'ten', null, 'The amount must be a number greater than 0'],
      [6, '20', null, 'This currency or network is not supported or is disabled'],
      [7, '20', null, 'This currency is not carried on this network'],
      [8, '20', null, 'Not a valid TRON address'],
      [9, '20.1234567', null, 'Too many decimal places for this currency'],
      [10, '5', null, 'The minimum withdrawal is 10 USDT'],
      [11, '100001', null, 'The maximum withdrawal is 100,000 USDT'],
      [12, '20', '5', null],
      [13, '20.000', null, 'Duplicate of line 12 (same coin, chain, address and amount)'],
      [14, '10.3', '1', null],
    ]);
    expect(data.rows[0]).toMatchObject({ coinName: 'USDT', chainId: 'TRON', remark: 'number cell' });
    expect(data).toMatchObject({ rowCount: 12, errorCount: 9 });
    expect(data.totals).toEqual([
      { coinName: 'USDT', amount: '50.3', fee: '7', total: '57.3', available: '60', enough: true },
    ]);
    const [stored] = await app.db
      .select()
      .from(withdrawalBatches)
      .where(eq(withdrawalBatches.batchId, data.batchId));
    expect(stored).toMatchObject({ merchantId: who.id, status: 'previewed', rowCount: 12, errorCount: 9 });
    expect(stored?.fileName).toBe('batch.xlsx');
    // Localized: the same file for a zh_CN merchant.
    const zh = await preview(who, { bytes, filename: 'batch.xlsx' }, 'zh_CN');
    expect(zh.data.rows[1].error).toBe('“币种”为空');
  });

  it('shows a row to an address the platform holds as that row’s error, and the submission refuses it', async () => {
    const who = await account({ USDT: '100' });
    const deposit = await postJson(
      app,
      '/merchant/account/deposit',
      { coinName: 'USDT', chainId: 'ETH' },
      { token: who.token },
    );
    const depositAddress: string = deposit.json().data.address;
    const hot = app.chains.get('TRON')?.deriveAddress(HOT_WALLET.index, HOT_WALLET.account) ?? '';
    const body = await preview(who, {
      bytes: csvOf([
        HEADER,
        ['USDT', 'TRON', TRON, '10', 'outside'],
        ['USDT', 'ETH', depositAddress.toLowerCase(), '10', 'a deposit address'],
        ['USDT', 'TRON', hot, '10', 'the hot wallet'],
        ['USDT', 'POLYGON', ETH, '10', 'outside'],
      ]),
      filename: 'own.csv',
    });
    expect(body.code).toBe(0);
    const data = batchPreview.strict().parse(body.data);
    const own = (chain: string) =>
      `This ${chain} address belongs to the platform itself (an order's or a deposit address, or the hot or gas wallet): enter an address outside the platform`;
    expect(data.rows.map((row) => [row.line, row.error])).toEqual([
      [2, null],
      [3, own('ETH')],
      [4, own('TRON')],
      [5, null],
    ]);
    expect(data).toMatchObject({ rowCount: 4, errorCount: 2 });
    expect(data.totals).toEqual([
      { coinName: 'USDT', amount: '20', fee: '1.5', total: '21.5', available: '100', enough: true },
    ]);
    expect((await submit(who, data.batchId)).code).toBe(3302);
    expect(await balanceOf(who.id)).toEqual({ available: '100', frozen: '0' });
    expect(await withdrawalsOf(who.id)).toEqual([]);
  });

  it('refuses an empty file, a missing header, no rows, more than 10,000 rows and another’s file', async () => {
    const who = await account();
    const cases: [string, Buffer, string, string][] = [
      ['empty.csv', Buffer.alloc(0), 'The file is empty', '文件是空的'],
      [
        'blank.csv',
        csvOf([
          [' ', ''],
          ['', ''],
        ]),
        'The file is empty',
        '文件是空的',
      ],
      [
        'noheader.csv',
        csvOf([['USDT', 'TRON', TRON, '20']]),
        'The first row must be the header with the columns Coin, Chain, Address, Amount. Download the template and fill it in',
        '第一行必须是表头，并包含这些列：币种, 网络, 提现地址, 金额。请下载模板填写',
      ],
      [
        'header.xlsx',
        await xlsxOf([HEADER]),
        'There are no withdrawal rows below the header',
        '表头下面没有任何提现行',
      ],
      [
        'big.csv',
        csvOf([HEADER, ...tronRows(10_001)]),
        'At most 10000 rows per batch; this file has 10001. Split it into several files',
        '每批最多 10000 行，该文件有 10001 行。请拆分成多个文件',
      ],
    ];
    for (const [filename, bytes, en, zh] of cases) {
      for (const [lang, message] of [
        ['en_US', en],
        ['zh_CN', zh],
      ]) {
        const body = await preview(who, { bytes, filename }, lang);
        expect(body, `${filename} ${lang}`).toMatchObject({ code: 1001, message });
      }
    }
    // A quote never closed: refused from the line it opens on, not read as one long field.
    const unclosed = Buffer.from(`${HEADER.join(',')}\nUSDT,TRON,${TRON},"10\nUSDT,TRON,${TRON},20\n`);
    for (const [lang, message] of [
      [
        'en_US',
        'The CSV file is malformed from line 2: a quote (") is not closed or is out of place. Correct it and upload it again',
      ],
      ['zh_CN', 'CSV 文件第 2 行起格式有误：引号（"）未闭合或位置不对。请修改后重新上传'],
      ['zh_TW', 'CSV 檔案第 2 行起格式有誤：引號（"）未閉合或位置不對。請修改後重新上傳'],
      [
        'vi_VN',
        'Tệp CSV sai định dạng từ dòng 2: một dấu ngoặc kép (") chưa được đóng hoặc đặt sai chỗ. Hãy sửa rồi tải lên lại',
      ],
    ]) {
      const body = await preview(who, { bytes: unclosed, filename: 'unclosed.csv' }, lang);
      expect(body, lang).toMatchObject({ code: 1001, message, data: { errors: [{ field: 'fileKey' }] } });
    }
    // Text after a closing quote, on the fourth line (a quoted line break before it counts); a
    // quote inside an unquoted field, on the third.
    const afterQuote = Buffer.from(
      `${HEADER.join(',')}\r\nUSDT,TRON,${TRON},10,"two\r\nlines"\r\nUSDT,TRON,${TRON},"20"x\r\n`,
    );
    expect(await preview(who, { bytes: afterQuote, filename: 'after.csv' })).toMatchObject({
      code: 1001,
      message: expect.stringMatching(/^The CSV file is malformed from line 4:/),
    });
    const stray = Buffer.from(`${HEADER.join(',')}\nUSDT,TRON,${TRON},10,\nUSDT,TRON,${TRON},20,5" screen\n`);
    expect(await preview(who, { bytes: stray, filename: 'stray.csv' })).toMatchObject({
      code: 1001,
      message: expect.stringMatching(/^The CSV file is malformed from line 3:/),
    });
    // A workbook's zip with its parts listed but their content broken: read, then refused.
    const broken = await xlsxOf([HEADER, ...tronRows(50)]);
    broken.fill(0x7f, 200, 1200);
    expect(await preview(who, { bytes: broken, filename: 'broken.xlsx' })).toMatchObject({
      code: 1001,
      message: 'Upload failed: the file could not be read. Fill in the template and upload it again',
    });
    // Cut short, it is no zip at all: refused at the upload.
    const cut = await uploadBatchFile(app, who.token, {
      bytes: broken.subarray(0, 600),
      filename: 'cut.xlsx',
    });
    expect(cut.json().code).toBe(1004);

    const other = await account();
    const theirs = await uploadedKey(app, other.token, { bytes: csvOf([HEADER]), filename: 'a.csv' });
    const stolen = await postJson(
      app,
      '/merchant/account/withdrawal/batch/preview',
      { fileKey: theirs },
      { token: who.token, lang: 'en_US' },
    );
    expect(stolen.json()).toMatchObject({ code: 1001, message: 'The file was not found: upload it again' });
    expect(
      await app.db.select().from(withdrawalBatches).where(eq(withdrawalBatches.merchantId, who.id)),
    ).toEqual([]);
  });

  it('reads 10,000 rows', { timeout: 60_000 }, async () => {
    const who = await account();
    const body = await preview(who, { bytes: csvOf([HEADER, ...tronRows(10_000)]), filename: 'full.csv' });
    expect(body.data).toMatchObject({ rowCount: 10_000, errorCount: 0 });
    expect(body.data.totals[0]).toMatchObject({ fee: '10000', enough: false, available: '1000' });
    expect(body.data.rows[9_999]).toMatchObject({ line: 10_001, amount: '10009', error: null });
  });
});

describe('the submission', () => {
  it('freezes every row in one transaction with one Google code, once', async () => {
    const who = await account({ USDT: '100', ETH: '1' }, '15');
    const file = csvOf([
      HEADER,
      ['USDT', 'TRON', TRON, '10', 'Alice'],
      ['USDT', 'TRON', TRON_2, '20', 'Bob'],
      ['ETH', 'ETH', ETH, '0.01', 'Carol'],
    ]);
    const { data } = await preview(who, { bytes: file, filename: 'pay.csv' });
    expect(data.totals.map((t: { coinName: string; total: string }) => [t.coinName, t.total])).toEqual([
      ['USDT', '32'],
      ['ETH', '0.0115'],
    ]);
    const wrong = await submit(who, data.batchId, '000000');
    expect(wrong).toMatchObject({ code: 1203 });
    const body = await submit(who, data.batchId);
    expect(body.code).toBe(0);
    const result = batchSubmitResult.strict().parse(body.data);
    expect(result).toMatchObject({ batchId: data.batchId, count: 3 });
    // Auto-approval row by row (threshold 15 USDT): 10 + 1 fee passes, 20 + 1 waits, 0.0115 ETH ≈ 40 waits.
    expect(result.withdrawals.map((w) => [w.amount, w.fee, w.status])).toEqual([
      ['10', '1', 'processing'],
      ['20', '1', 'pending_review'],
      ['0.01', '0.0015', 'pending_review'],
    ]);
    // Frozen coin by coin (balance rows locked in one order); the answer keeps the file's order.
    const rows = (await withdrawalsOf(who.id)).sort((a, b) => a.remark.localeCompare(b.remark));
    expect(rows.map((row) => [row.source, row.batchId, row.remark])).toEqual([
      ['batch', data.batchId, 'Alice'],
      ['batch', data.batchId, 'Bob'],
      ['batch', data.batchId, 'Carol'],
    ]);
    expect(await balanceOf(who.id)).toEqual({ available: '68', frozen: '32' });
    expect(await balanceOf(who.id, 'ETH')).toEqual({ available: '0.9885', frozen: '0.0115' });
    expect(await submit(who, data.batchId)).toMatchObject({
      code: 3301,
      message: 'This batch has already been submitted',
    });
    expect(await withdrawalsOf(who.id)).toHaveLength(3);
  });

  it('refuses without Google, with errors, past the balance (naming the coin) and while locked, changing nothing', async () => {
    const unbound = await createMerchant(app);
    const unboundToken = await logInAs(app, unbound);
    const noGoogle = await postJson(
      app,
      '/merchant/account/withdrawal/batch/submit',
      { batchId: `B${'0'.repeat(24)}`, googleCode: '123456' },
      { token: unboundToken },
    );
    expect(noGoogle.json().code).toBe(1201);

    const who = await account({ USDT: '30' });
    expect(await submit(who, `B${'A'.repeat(24)}`)).toMatchObject({
      code: 404,
      message: 'This batch does not exist: upload the file again',
    });
    const withErrors = await preview(who, {
      bytes: csvOf([HEADER, ['USDT', 'TRON', TRON, '10', ''], ['USDT', 'TRON', 'nope', '10', '']]),
      filename: 'e.csv',
    });
    expect(await submit(who, withErrors.data.batchId)).toMatchObject({
      code: 3302,
      message: '1 rows have errors: fix the file and upload it again',
    });
    const tooMuch = await preview(who, { bytes: csvOf([HEADER, ...tronRows(3)]), filename: 'm.csv' });
    expect(tooMuch.data.totals[0]).toMatchObject({ total: '36', available: '30', enough: false });
    clock.advance(30_000);
    const code = googleCodeNow(app, who.secret);
    expect(await submit(who, tooMuch.data.batchId, code)).toMatchObject({
      code: 3201,
      data: { coinName: 'USDT', needed: '36', available: '30' },
      message: 'Not enough available balance: 36 USDT needed (amount and fee), 30 USDT available',
    });
    expect(await balanceOf(who.id)).toEqual({ available: '30', frozen: '0' });
    expect(await withdrawalsOf(who.id)).toEqual([]);
    // Nothing was spent: the batch and the same code go through once the balance is there.
    await setBalance(app, { merchantId: who.id, coinName: 'USDT', available: '6' });
    expect((await submit(who, tooMuch.data.batchId, code)).code).toBe(0);
    expect(await balanceOf(who.id)).toEqual({ available: '0', frozen: '36' });

    const locked = await account();
    const lockedBatch = await preview(locked, { bytes: csvOf([HEADER, ...tronRows(1)]), filename: 'l.csv' });
    await app.db
      .update(merchants)
      .set({ withdrawalLockedUntil: new Date(clock.now().getTime() + 3_600_000) })
      .where(eq(merchants.id, locked.id));
    expect((await submit(locked, lockedBatch.data.batchId)).code).toBe(3202);
    expect(await withdrawalsOf(locked.id)).toEqual([]);
  });

  it('two batches at once that together exceed the balance: one wins whole, the other changes nothing', async () => {
    // Each batch: 10 + 11 + … + 29 and 20 fees = 410 USDT; 500 fits one.
    const who = await account({ USDT: '500' });
    const a = await preview(who, { bytes: csvOf([HEADER, ...tronRows(20)]), filename: 'a.csv' });
    const b = await preview(who, { bytes: csvOf([HEADER, ...tronRows(20)]), filename: 'b.csv' });
    clock.advance(30_000);
    const [first, second] = await Promise.all([
      submit(who, a.data.batchId, googleCodeNow(app, who.secret, 1)),
      submit(who, b.data.batchId, googleCodeNow(app, who.secret, 0)),
    ]);
    expect([first.code, second.code].sort()).toEqual([0, 3201]);
    const winner = first.code === 0 ? a.data.batchId : b.data.batchId;
    const rows = await withdrawalsOf(who.id);
    expect(rows).toHaveLength(20);
    expect(new Set(rows.map((row) => row.batchId))).toEqual(new Set([winner]));
    expect(await balanceOf(who.id)).toEqual({ available: '90', frozen: '410' });
    const statuses = await app.db
      .select({ batchId: withdrawalBatches.batchId, status: withdrawalBatches.status })
      .from(withdrawalBatches)
      .where(eq(withdrawalBatches.merchantId, who.id));
    expect(statuses.find((s) => s.batchId === winner)?.status).toBe('submitted');
    expect(statuses.find((s) => s.batchId !== winner)?.status).toBe('previewed');
  });

  it('one batch submitted twice at once: made once', async () => {
    const who = await account();
    const batch = await preview(who, { bytes: csvOf([HEADER, ...tronRows(5)]), filename: 't.csv' });
    clock.advance(30_000);
    const [first, second] = await Promise.all([
      submit(who, batch.data.batchId, googleCodeNow(app, who.secret, 0)),
      submit(who, batch.data.batchId, googleCodeNow(app, who.secret, 1)),
    ]);
    expect([first.code, second.code].sort()).toEqual([0, 3301]);
    expect(await withdrawalsOf(who.id)).toHaveLength(5);
  });
});
