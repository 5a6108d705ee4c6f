import { readFile } from 'node:fs/promises';
import type { Download, Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { expect, test } from '../src/fixtures';
import { freshMerchant, postFront } from '../src/fresh-merchant';
import { readBaseUrl } from '../src/server-env';
import { createSignedOrder, type ShopApp } from '../src/signed-orders';

/**
 * Exports (issue 9) from the collection records, as a new merchant whose orders the test makes
 * through the signed API. The e2e server answers up to 5 rows as the file itself
 * (EXPORT_DIRECT_MAX_ROWS=5, e2e/src/app-server.ts) and makes a job of more:
 * 1. 3 orders: CSV downloads at once; parsed back, it holds the rows on screen (order number,
 *    amount, status, order time as shown);
 * 2. 6 orders: XLSX becomes a job; its progress modal ends with a download link; the file,
 *    parsed with exceljs, holds the rows on screen as text cells. Screenshots of the modal in
 *    zh_CN and en_US at 1440 and 390 px.
 */
const LANGUAGES = [
  { code: 'zh_CN', shot: 'zh-cn', header: '平台订单号', pending: '待支付', done: /导出完成：6 行/ },
  {
    code: 'en_US',
    shot: 'en-us',
    header: 'Platform order no.',
    pending: 'Awaiting payment',
    done: /Export finished: 6 rows/,
  },
] as const;

interface ScreenRow {
  orderNo: string;
  amount: string;
  status: string;
  createdAt: string;
}

async function rowsOnScreen(page: Page): Promise<ScreenRow[]> {
  const rows = page.getByTestId('collection-records').locator('tbody tr[data-row-key]');
  return rows.evaluateAll((trs) =>
    trs.map((tr) => {
      // The columns by their class (shared/records/table-fit.ts), not their position.
      const cell = (selector: string) => tr.querySelector(selector)?.textContent?.trim() ?? '';
      return {
        orderNo: cell('[data-testid="record-order-no"]'),
        // The screen groups thousands (1,000); the file holds the plain decimal (1000).
        amount: cell('td.col-amount')
          .replace(/\s*USDT$/, '')
          .replaceAll(',', ''),
        status: cell('[data-testid="order-status"]'),
        createdAt: cell('td.col-created'),
      };
    }),
  );
}

function parseCsv(text: string): string[][] {
  const body = text.replace(/^\uFEFF/, '');
  return body
    .split('\r\n')
    .filter((line) => line !== '')
    .map((line) => line.split(','));
}

async function parseXlsx(download: Download): Promise<string[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await readFile((await download.path()) ?? '')) as unknown as ExcelJS.Buffer);
  const sheet = workbook.worksheets[0];
  const width = sheet?.getRow(1).cellCount ?? 0;
  const rows: string[][] = [];
  sheet?.eachRow((row) => {
    const values = Array.from({ length: width }, (_, i) => row.getCell(i + 1).value);
    for (const value of values) expect(value === null || typeof value === 'string').toBe(true);
    rows.push(values.map((value) => (value === null ? '' : String(value))));
  });
  return rows;
}

const ORDER_NO = 0;
const AMOUNT = 5;
const STATUS = 8;
const CREATED = 12;

function expectSameRows(file: string[][], screen: ScreenRow[]) {
  expect(file.map((row) => row[ORDER_NO])).toEqual(screen.map((row) => row.orderNo));
  expect(file.map((row) => row[AMOUNT])).toEqual(screen.map((row) => row.amount));
  expect(file.map((row) => row[STATUS])).toEqual(screen.map((row) => row.status));
  expect(file.map((row) => row[CREATED])).toEqual(screen.map((row) => row.createdAt));
}

for (const lang of LANGUAGES) {
  test(`exports the collection records as the screen shows them (${lang.code})`, async ({
    page,
    context,
  }, testInfo) => {
    // Two downloads and a job through the worker: more than one page's budget on a loaded machine.
    test.slow();
    const baseUrl = readBaseUrl();
    const merchant = await freshMerchant(`export-${lang.shot}`);
    const created = await postFront(
      '/app/create',
      { name: 'Export shop' },
      { token: merchant.token, json: true },
    );
    const shop: ShopApp = {
      appId: (created.app as { appId: string }).appId,
      appSecret: created.appSecret as string,
    };
    const order = (amount: string) => createSignedOrder(baseUrl, shop, { amount, currency: 'USDT' });
    for (const amount of ['12.345678', '0.1', '1000']) await order(amount);

    await context.addCookies([{ name: 'token', value: merchant.token, url: baseUrl, sameSite: 'Lax' }]);
    await page.addInitScript((code) => window.localStorage.setItem('lang', code), lang.code);
    await page.goto('/application/collection');
    const records = page.getByTestId('collection-records');
    await expect(records.locator('tbody tr[data-row-key]')).toHaveCount(3, { timeout: 30_000 });

    await test.step('3 rows: the CSV downloads at once', async () => {
      const screen = await rowsOnScreen(page);
      expect(screen.map((row) => row.status)).toEqual([lang.pending, lang.pending, lang.pending]);
      await records.getByTestId('export-button').click();
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByTestId('export-csv').click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/\.csv$/);
      const [header, ...rows] = parseCsv(await readFile((await download.path()) ?? '', 'utf8'));
      expect(header?.[0]).toBe(lang.header);
      expectSameRows(rows, screen);
    });

    await test.step('6 rows: the XLSX is a job, followed to its download', async () => {
      for (const amount of ['0.000001', '250.5', '7']) await order(amount);
      await records.getByTestId('records-search').click();
      await expect(records.locator('tbody tr[data-row-key]')).toHaveCount(6);
      const screen = await rowsOnScreen(page);
      await records.getByTestId('export-button').click();
      await page.getByTestId('export-xlsx').click();
      const modal = page.getByRole('dialog');
      await expect(modal).toBeVisible();
      await expect(modal.getByTestId('export-job-done')).toHaveText(lang.done);
      for (const width of [1440, 390]) {
        await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
        await expect(modal).toBeVisible();
        await page.screenshot({ path: testInfo.outputPath(`export-job-${width}-${lang.shot}.png`) });
      }
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        modal.getByTestId('export-job-download').click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
      const [header, ...rows] = await parseXlsx(download);
      expect(header?.[0]).toBe(lang.header);
      expectSameRows(rows, screen);
    });
  });
}
