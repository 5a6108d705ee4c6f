import type { BrowserContext } from '@playwright/test';
import { expect, test } from '../src/fixtures';
import { freshMerchant, postFront } from '../src/fresh-merchant';
import { readBaseUrl } from '../src/server-env';
import { openFromMenu } from '../src/side-menu';
import { createSignedOrder, type ShopApp } from '../src/signed-orders';

/**
 * The reports (issue 9) in the browser, once per language, as a new merchant: the test makes two
 * payments (signed orders paid on the devnet cashier), waits until the server counts them, then
 * opens the collection report from the menu's Reports group and sees them: today's row, the
 * USDT total, the chart's tooltip in the page's language. Screenshots at 1440 and 390 px.
 */
const LANGUAGES = [
  {
    code: 'zh_CN',
    shot: 'zh-cn',
    group: '报表',
    entry: '代收报表',
    title: '代收报表',
    tooltip: '金额: 62.50 USDT',
  },
  {
    code: 'en_US',
    shot: 'en-us',
    group: 'Reports',
    entry: 'Collection report',
    title: 'Collection report',
    tooltip: 'Amount: 62.50 USDT',
  },
] as const;

const PAYMENT_TIMEOUT = 90_000;

async function createApp(token: string): Promise<ShopApp> {
  const data = await postFront('/app/create', { name: 'Report shop' }, { token, json: true });
  return { appId: (data.app as { appId: string }).appId, appSecret: data.appSecret as string };
}

async function logIn(context: BrowserContext, token: string, lang: string) {
  await context.addCookies([{ name: 'token', value: token, url: readBaseUrl(), sameSite: 'Strict' }]);
  await context.addInitScript((code) => window.localStorage.setItem('lang', code), lang);
}

/** Today in the merchant's time zone (Asia/Shanghai), YYYY-MM-DD. */
const merchantToday = () => new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);

for (const lang of LANGUAGES) {
  test(`${lang.code}: two payments made by the test show in the collection report`, async ({
    page,
    context,
  }, testInfo) => {
    test.setTimeout(240_000);
    const baseUrl = readBaseUrl();
    const merchant = await freshMerchant(`e2e-report-${lang.code.toLowerCase()}`);
    const shop = await createApp(merchant.token);
    await logIn(context, merchant.token, lang.code);

    await test.step('the customer pays two orders on the devnet cashier', async () => {
      for (const amount of ['50', '12.5']) {
        const order = await createSignedOrder(baseUrl, shop, { currency: 'USDT', network: 'TRON', amount });
        await postFront('/cashier/simulate', { orderNo: order.orderNo, amount }, { json: true });
      }
      const today = merchantToday();
      // The server's own report, until both orders are completed (blocks every DEVNET_BLOCK_MS).
      await expect
        .poll(
          async () => {
            const report = await postFront(
              '/report/collection',
              { timeFrom: today, timeTo: today },
              { token: merchant.token, json: true },
            );
            return (report.totalUsdt as { count: number }).count;
          },
          { timeout: PAYMENT_TIMEOUT, intervals: [1_000] },
        )
        .toBe(2);
    });

    await test.step('the report, opened from the Reports group, shows them with the USDT total', async () => {
      await page.setViewportSize({ width: 1440, height: 900 });
      await page.goto('/dashboard');
      await openFromMenu(page, lang.entry, lang.group);
      await expect(page).toHaveURL(/\/report\/collection$/);
      const view = page.getByTestId('page-report-collection');
      await expect(view.getByText(lang.title).first()).toBeVisible();
      const table = view.getByTestId('report-table');
      await expect(
        table.getByRole('row', {
          name: new RegExp(`^${merchantToday().replaceAll('-', '/')}\\s*USDT\\s*2\\s*62\\.5`),
        }),
      ).toBeVisible({
        timeout: 30_000,
      });
      await expect(view.getByTestId('report-usdt-count')).toHaveText('2');
      await expect(view.getByTestId('report-usdt-amount')).toHaveText('62.50');
    });

    await test.step("the chart draws today's bar, its tooltip in the page's language", async () => {
      const chart = page.getByTestId('report-chart');
      await expect(chart.locator('svg')).toBeVisible({ timeout: 30_000 });
      await chart.scrollIntoViewIfNeeded();
      const tooltip = page.locator('div', { hasText: lang.tooltip }).last();
      await expect(async () => {
        const box = await chart.boundingBox();
        if (!box) throw new Error('no chart');
        // Today is the last day of the range, left of the right axis's labels.
        await page.mouse.move(box.x + box.width - 60, box.y + box.height / 2);
        await expect(tooltip).toBeVisible({ timeout: 2_000 });
      }).toPass({ timeout: 20_000 });
      await page.screenshot({ path: testInfo.outputPath(`page-report-collection-1440-${lang.shot}.png`) });
      await page.setViewportSize({ width: 390, height: 844 });
      await expect(chart.locator('svg')).toBeVisible();
      await page.mouse.move(5, 5);
      await page.screenshot({ path: testInfo.outputPath(`page-report-collection-390-${lang.shot}.png`) });
      // The table under the chart (the shell scrolls inside, not the page).
      await page.getByTestId('report-usdt-row').scrollIntoViewIfNeeded();
      await page.screenshot({
        path: testInfo.outputPath(`page-report-collection-390-table-${lang.shot}.png`),
      });
    });
  });
}
