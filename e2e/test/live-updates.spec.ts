import type { BrowserContext } from '@playwright/test';
import { expect, test } from '../src/fixtures';
import { freshMerchant, postFront } from '../src/fresh-merchant';
import { readBaseUrl } from '../src/server-env';
import { createSignedOrder, type ShopApp } from '../src/signed-orders';

/**
 * Live updates (issue 9) in the browser, once per language, as a new merchant: with the
 * dashboard open, a payment made by the test (a signed order, then the devnet cashier's
 * simulated payment) shows in today's orders, the balance card and the header without a
 * reload; with the collection records open, a new order appears and is marked, is said to be
 * partly paid once part of its amount arrives, and is marked again when its payment changes its
 * status. Every wait is for what the page shows; blocks
 * come every DEVNET_BLOCK_MS.
 */
const LANGUAGES = [
  {
    code: 'zh_CN',
    shot: 'zh-cn',
    partlyPaid: '部分付款',
    totalBalance: (amount: string) => `总余额 ≈ ${amount} USDT`,
  },
  {
    code: 'en_US',
    shot: 'en-us',
    partlyPaid: 'Partly paid',
    totalBalance: (amount: string) => `Total balance ≈ ${amount} USDT`,
  },
] as const;

const PAYMENT_TIMEOUT = 60_000;

async function createApp(token: string): Promise<ShopApp> {
  const data = await postFront('/app/create', { name: 'Live shop' }, { token, json: true });
  return { appId: (data.app as { appId: string }).appId, appSecret: data.appSecret as string };
}

async function pay(orderNo: string, amount: string): Promise<void> {
  await postFront('/cashier/simulate', { orderNo, amount }, { json: true });
}

async function logIn(context: BrowserContext, token: string, lang: string) {
  await context.addCookies([{ name: 'token', value: token, url: readBaseUrl(), sameSite: 'Strict' }]);
  await context.addInitScript((code) => window.localStorage.setItem('lang', code), lang);
}

for (const lang of LANGUAGES) {
  test(`${lang.code}: a payment shows on the open dashboard and records page without reload`, async ({
    page,
    context,
  }, testInfo) => {
    test.setTimeout(240_000);
    const baseUrl = readBaseUrl();
    const merchant = await freshMerchant(`e2e-live-${lang.code.toLowerCase()}`);
    const shop = await createApp(merchant.token);
    await logIn(context, merchant.token, lang.code);
    const newOrder = () =>
      createSignedOrder(baseUrl, shop, {
        currency: 'USDT',
        network: 'TRON',
        amount: '50',
        language: lang.code,
      });

    await test.step('the open dashboard counts the order and the payment, and the balance moves', async () => {
      await page.goto('/dashboard');
      // The first page of a fresh context loads every chunk: on a busy machine that took 20 s.
      await expect(page.getByTestId('today-collection-created')).toContainText('0', { timeout: 45_000 });
      await expect(page.getByTestId('header-balance')).toHaveText(lang.totalBalance('0.00'));
      // Survives only as long as the page is not reloaded.
      await page.evaluate(() => {
        (window as unknown as { liveMarker: number }).liveMarker = 1;
      });

      const order = await newOrder();
      await expect(page.getByTestId('today-collection-created')).toContainText('1');
      await pay(order.orderNo, '50');
      await expect(page.getByTestId('today-collection-completed')).toContainText('1', {
        timeout: PAYMENT_TIMEOUT,
      });
      await expect(page.getByTestId('today-collection-amount')).toContainText('50.00');
      await expect(page.getByTestId('balance-total')).toContainText('49.6');
      await expect(page.getByTestId('header-balance')).toHaveText(lang.totalBalance('49.60'));
      expect(await page.evaluate(() => (window as unknown as { liveMarker?: number }).liveMarker)).toBe(1);
    });

    await test.step('the open records page shows a new order marked, then marks it again when paid', async () => {
      await page.goto('/application/collection');
      const records = page.getByTestId('collection-records');
      await expect(records.getByTestId('records-table').locator('tbody tr.ant-table-row')).toHaveCount(1);

      const order = await newOrder();
      // By its key: on a phone the order number is shortened to fit (the copy button copies it whole).
      const row = records.locator(`tr.ant-table-row[data-row-key="${order.orderNo}"]`);
      await expect(row).toHaveClass(/live-changed/);
      await expect(records.getByTestId('records-table').locator('tbody tr.ant-table-row')).toHaveCount(2);
      await row.scrollIntoViewIfNeeded();
      await records.screenshot({ path: testInfo.outputPath(`live-records-new-1440-${lang.shot}.png`) });
      // The mark fades and goes.
      await expect(row).not.toHaveClass(/live-changed/);

      await page.setViewportSize({ width: 390, height: 844 });
      // Part of the amount: still pending, and said to be partly paid.
      await pay(order.orderNo, '20');
      await expect(row.getByTestId('order-partly-paid')).toHaveText(lang.partlyPaid, {
        timeout: PAYMENT_TIMEOUT,
      });
      await expect(row).not.toHaveClass(/live-changed/);
      await row.getByTestId('order-partly-paid').scrollIntoViewIfNeeded();
      await page.screenshot({ path: testInfo.outputPath(`live-records-partly-paid-390-${lang.shot}.png`) });
      await pay(order.orderNo, '30');
      await expect(row).toHaveClass(/live-changed/, { timeout: PAYMENT_TIMEOUT });
      await expect(row.getByTestId('order-partly-paid')).toHaveCount(0, { timeout: PAYMENT_TIMEOUT });
      await row.scrollIntoViewIfNeeded();
      await page.screenshot({ path: testInfo.outputPath(`live-records-changed-390-${lang.shot}.png`) });
    });
  });
}
