import { readFile } from 'node:fs/promises';
import type { BrowserContext } from '@playwright/test';
import ExcelJS from 'exceljs';
import { expect, test } from '../src/fixtures';
import { freshMerchant, postFront } from '../src/fresh-merchant';
import { typeGoogleCode } from '../src/google-code';
import { readBaseUrl } from '../src/server-env';
import { GoogleCodes } from '../src/totp';

/**
 * Issue 8's batch withdrawal in the browser (end to end, step 5), as a new merchant:
 * 1. 1,000 USDT deposited by simulation (devnet), Google bound through the API;
 * 2. the .xlsx template downloads, with the headers in the page's language;
 * 3. a 20-row .xlsx made here with exceljs, 2 rows bad (an address of another chain, an amount
 *    below the minimum): the preview shows 2 errors, the only-errors filter shows those 2, and
 *    submit is disabled with the reason;
 * 4. the corrected file uploaded again: no error, submitted with the Google code;
 * 5. the 20 withdrawals are in the withdrawal records, pending review, amount + fee frozen.
 * A screenshot of the preview with its errors goes to the test's output folder.
 */
const CREDIT_TIMEOUT = 60_000;
const TRON = 'TJCnKsPa7y5okkXvQAidZBzqx3QyQ6sxMW';
const ETH = '0x9858EfFD232B4033E47d90003D41EC34EcaEda94';

async function logIn(context: BrowserContext, token: string) {
  await context.addCookies([{ name: 'token', value: token, url: readBaseUrl(), sameSite: 'Lax' }]);
}

/** 20 rows of USDT on Tron, 10 to 29 USDT; `bad` swaps in two refused rows. */
async function payroll(bad: boolean): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('payroll');
  sheet.addRow(['Coin', 'Chain', 'Address', 'Amount', 'Remark']);
  for (let i = 0; i < 20; i++) {
    const address = bad && i === 4 ? ETH : TRON;
    const amount = bad && i === 11 ? '5' : String(10 + i);
    sheet.addRow(['USDT', 'TRON', address, amount, `Employee ${i + 1}`]);
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

test('batch withdrawal: template, a 20-row file with 2 bad rows previewed, fixed, submitted with one Google code (en_US)', async ({
  page,
  context,
}, testInfo) => {
  test.setTimeout(150_000);
  const merchant = await freshMerchant('batch');
  const check = await fetch(`${readBaseUrl()}/front/google/check`, {
    headers: { 'x-auth-token': merchant.token },
  });
  const codes = new GoogleCodes(((await check.json()) as { data: { secret: string } }).data.secret);
  await postFront(
    '/google/send',
    { password: merchant.password, code: await codes.next() },
    { token: merchant.token, json: true },
  );
  await postFront(
    '/test/deposit',
    { coinName: 'USDT', chainId: 'TRON', amount: '1000' },
    { token: merchant.token, json: true },
  );
  await logIn(context, merchant.token);
  await page.addInitScript(() => window.localStorage.setItem('lang', 'en_US'));
  await page.goto('/finance');
  await expect(page.getByTestId('asset-total')).toContainText('1,000', { timeout: CREDIT_TIMEOUT });
  const batch = page.getByTestId('finance-batch');

  await test.step('the template downloads, headers in English', async () => {
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      batch.getByTestId('batch-template-xlsx').click(),
    ]);
    expect(download.suggestedFilename()).toBe('batch-withdrawal-template-en_US.xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await readFile((await download.path()) ?? '')) as unknown as ExcelJS.Buffer);
    expect(workbook.worksheets[0]?.getRow(1).values).toEqual([
      undefined,
      'Coin',
      'Chain',
      'Address',
      'Amount',
      'Remark',
    ]);
  });

  const input = batch.getByTestId('batch-upload').locator('input[type=file]');
  await test.step('20 rows, 2 bad: the preview shows both, the filter keeps them, submit waits', async () => {
    await input.setInputFiles({
      name: 'payroll.xlsx',
      mimeType: 'application/octet-stream',
      buffer: await payroll(true),
    });
    await expect(batch.getByTestId('batch-preview')).toBeVisible({ timeout: 30_000 });
    await expect(batch.getByTestId('batch-row-count')).toHaveText('20 rows');
    await expect(batch.getByTestId('batch-error-count')).toHaveText('2 with errors');
    await expect(batch.getByTestId('batch-submit')).toBeDisabled();
    await expect(batch.getByTestId('batch-blocked')).toContainText('Rows with errors: 2');
    // Tall enough for the whole card: the screenshot of the preview for review (docs/screenshots).
    await page.setViewportSize({ width: 1440, height: 2000 });
    await batch.screenshot({ path: testInfo.outputPath('batch-preview-1440-en-us.png') });
    await batch.getByTestId('batch-only-errors').click();
    const rows = batch.getByTestId('batch-rows').locator('tbody tr.ant-table-row');
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(0)).toContainText('Not a valid TRON address');
    await expect(rows.nth(1)).toContainText('The minimum withdrawal is 10 USDT');
    await batch.screenshot({ path: testInfo.outputPath('batch-preview-only-errors-1440-en-us.png') });
  });

  await test.step('the corrected file: no error, submitted with the Google code', async () => {
    await input.setInputFiles({
      name: 'payroll-fixed.xlsx',
      mimeType: 'application/octet-stream',
      buffer: await payroll(false),
    });
    await expect(batch.getByTestId('batch-error-count')).toHaveText('0 with errors', { timeout: 30_000 });
    await expect(batch.getByTestId('batch-enough-USDT')).toHaveText('Enough');
    await typeGoogleCode(batch.getByTestId('batch-google-code'), await codes.next());
    await batch.getByTestId('batch-submit').click();
    await expect(batch.getByTestId('batch-result')).toContainText('20 withdrawals submitted');
  });

  await test.step('the 20 withdrawals are in the records; amount + fee frozen', async () => {
    await page.getByRole('tab', { name: 'Withdrawals' }).click();
    const table = page.getByTestId('records-withdrawal-table');
    await expect(table.getByRole('row', { name: /TJCnKsPa/ }).first()).toBeVisible();
    await expect(page.getByText('20 records')).toBeVisible();
    // Each says it came from a spreadsheet.
    await expect(table.getByTestId('record-source').first()).toHaveText('Batch withdrawal');
    // 10 + 11 + … + 29 = 390, and 20 fees of 1: 410 frozen, 590 left.
    const usdt = page.getByTestId('asset-table').getByRole('row').nth(1);
    await expect(usdt).toContainText('590');
    await expect(usdt).toContainText('410');
  });
});
