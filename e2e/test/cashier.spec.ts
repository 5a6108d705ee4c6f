import { expect, test } from '@playwright/test';
import { findAxeViolations } from '../src/axe';
import { watchConsole } from '../src/console-watch';
import { readBaseUrl } from '../src/server-env';
import { createShopApp, createSignedOrder, type ShopApp } from '../src/signed-orders';

/**
 * The hosted cashier as a customer meets it: an order made by a shop's server through the
 * signed API, opened at its cashierUrl; the network chosen on the page, then the devnet
 * "Simulate payment" panel pays too little and then the rest, and the page follows over its
 * live stream (underpaid, confirming n of 3, completed, back to the shop). On a phone, in
 * Chinese: no sideways scrolling, an overpayment. Blocks come every DEVNET_BLOCK_MS (3 s),
 * so a payment takes a few blocks: the waits are for what the page shows, never fixed sleeps.
 */
let shop: ShopApp;

test.beforeAll(async () => {
  shop = await createShopApp(readBaseUrl(), 'Cashier e2e shop');
});

/** Three confirmations at one block every 3 s, plus the watcher's passes, on a busy machine. */
const PAYMENT_TIMEOUT = 45_000;

test('a customer picks a network, underpays, pays the rest and is sent back to the shop (en_US)', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const problems = watchConsole(page);
  const baseUrl = readBaseUrl();
  const order = await createSignedOrder(baseUrl, shop, {
    currency: 'USDT',
    amount: '25.5',
    language: 'en_US',
    description: 'Two coffees',
    redirectUrl: `${baseUrl}/health`,
  });
  expect(order.network).toBeNull();

  await page.goto(order.cashierUrl);
  await expect(page.getByRole('heading', { name: 'Payment', exact: true })).toBeVisible();
  await expect(page.getByTestId('amount')).toHaveText('25.5');
  await expect(page.getByTestId('test-banner')).toContainText('Test mode (devnet)');
  await expect(page.getByTestId('countdown')).toHaveText(/^(29|30):\d\d$/);

  expect(await findAxeViolations(page)).toEqual([]);

  // No network yet: choosing one assigns the order's own address.
  await page.getByRole('button', { name: /Tron/ }).click();
  const address = page.getByTestId('pay-address');
  await expect(address).toHaveText(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);
  await expect(page.getByRole('img', { name: 'QR code of the payment address' })).toBeVisible();
  await expect(page.getByTestId('send-amount')).toHaveText('25.5 USDT');
  await expect(page.getByTestId('status')).toHaveAttribute('data-phase', 'waiting');

  // Too little first: the panel is prefilled with what is missing.
  const simulate = page.getByRole('region', { name: 'Simulate payment (test mode)' });
  const amountField = simulate.getByLabel('Amount (USDT)');
  await expect(amountField).toHaveValue('25.5');
  await amountField.fill('10');
  await simulate.getByRole('button', { name: 'Simulate payment' }).click();
  await expect(simulate.getByText('Sent 10 USDT; it shows after the next block.')).toBeVisible();
  const status = page.getByTestId('status');
  await expect(status).toHaveAttribute('data-phase', 'underpaid', { timeout: PAYMENT_TIMEOUT });
  await expect(status).toHaveText(
    'Received 10 USDT; 15.5 USDT still missing. Send the rest before the time runs out.',
  );
  await expect(page.getByTestId('send-amount')).toHaveText('15.5 USDT');
  // The payment has been seen: the panel's "shows after the next block" line is gone.
  await expect(simulate.getByText('Sent 10 USDT; it shows after the next block.')).toHaveCount(0);
  expect(await findAxeViolations(page)).toEqual([]);

  // Then the rest, prefilled again.
  await expect(amountField).toHaveValue('15.5');
  await simulate.getByRole('button', { name: 'Simulate payment' }).click();
  await expect(status).toHaveAttribute('data-phase', 'confirming', { timeout: PAYMENT_TIMEOUT });
  await expect(page.getByTestId('confirmations')).toHaveText(/^[1-3] of 3 confirmations$/);
  await expect(page.getByRole('progressbar')).toHaveAttribute('aria-valuemax', '3');
  await expect(status).toHaveAttribute('data-phase', 'completed', { timeout: PAYMENT_TIMEOUT });
  await expect(status).toContainText('Payment complete');
  await expect(status).toContainText('Thank you: 25.5 USDT received.');
  // Nothing more to pay: the simulate panel is gone (and with it its last "sent" line).
  await expect(simulate).toHaveCount(0);
  // Both transactions that paid it are listed, not only the first, each with its hash.
  const transfers = page.getByRole('region', { name: 'Payments received' }).getByTestId('transfer');
  await expect(transfers).toHaveCount(2);
  await expect(transfers.nth(0)).toContainText('10 USDT');
  await expect(transfers.nth(1)).toContainText('15.5 USDT');
  for (const transfer of await transfers.all()) {
    await expect(transfer.getByTestId('transfer-hash')).toHaveText(/^[0-9a-f]{64}$/);
  }
  const back = page.getByRole('link', { name: 'Return to the merchant now' });
  await expect(back).toHaveAttribute('href', `${baseUrl}/health`);
  await expect(status).toContainText(/Returning to the merchant in [1-5] s/);
  // After the short countdown the browser goes back to the shop by itself.
  await page.waitForURL(`${baseUrl}/health`, { timeout: 15_000 });
  expect(problems).toEqual([]);
});

test('on a phone in Chinese: no sideways scrolling, and an overpayment is said as such', async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  const problems = watchConsole(page);
  const order = await createSignedOrder(readBaseUrl(), shop, {
    currency: 'USDT',
    network: 'TRON',
    amount: '12.34',
    language: 'zh_CN',
  });
  await page.goto(order.cashierUrl);
  await expect(page.getByRole('heading', { name: '收银台' })).toBeVisible();
  await expect(page.getByText('应付金额')).toBeVisible();
  await expect(page.getByTestId('pay-address')).toHaveText(/^T/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(await overflow()).toBeLessThanOrEqual(0);

  const simulate = page.getByRole('region', { name: '模拟付款（测试模式）' });
  await simulate.getByLabel('金额（USDT）').fill('20');
  await simulate.getByRole('button', { name: '模拟付款' }).click();
  const status = page.getByTestId('status');
  await expect(status).toHaveAttribute('data-phase', /confirming|completed/, { timeout: PAYMENT_TIMEOUT });
  await expect(status).toContainText('您共支付了 20 USDT，超过应付的 12.34 USDT');
  await expect(status).toHaveAttribute('data-phase', 'completed', { timeout: PAYMENT_TIMEOUT });
  await expect(status).toContainText('支付成功');
  // No redirect URL was given: the page stays, with nothing to go back to.
  await expect(page.getByRole('link', { name: '立即返回商户' })).toHaveCount(0);
  expect(await overflow()).toBeLessThanOrEqual(0);
  expect(problems).toEqual([]);
  await context.close();
});

test('without its live stream the page polls, and still follows the order (vi_VN)', async ({ page }) => {
  test.setTimeout(120_000);
  // A proxy that refuses the event stream: EventSource gives up, the page polls instead.
  await page.route('**/front/cashier/events**', (route) => route.fulfill({ status: 502, body: '' }));
  const order = await createSignedOrder(readBaseUrl(), shop, {
    currency: 'USDT',
    network: 'BSC',
    amount: '7',
    language: 'vi_VN',
  });
  await page.goto(order.cashierUrl);
  await expect(
    page.getByText('Cập nhật trực tiếp tạm dừng; đang kiểm tra lại sau mỗi vài giây.'),
  ).toBeVisible();
  const simulate = page.getByRole('region', { name: 'Mô phỏng thanh toán (chế độ thử nghiệm)' });
  await simulate.getByLabel('Số tiền (USDT)').fill('2');
  await simulate.getByRole('button', { name: 'Mô phỏng thanh toán' }).click();
  const status = page.getByTestId('status');
  await expect(status).toHaveAttribute('data-phase', 'underpaid', { timeout: PAYMENT_TIMEOUT });
  await expect(status).toContainText('Đã nhận 2 USDT, còn thiếu 5 USDT.');
});

test('an unknown order says so in the browser language', async ({ page }) => {
  await page.goto('/pay/TG20261123AAAAAAAAAAAAAAAAAAAA');
  await expect(page.getByRole('alert')).toContainText('Order not found');
  await expect(page.getByRole('button', { name: 'Try again' })).toHaveCount(0);
});

test("an order without a language opens in the payer's browser language; the switch changes it", async ({
  browser,
}) => {
  const context = await browser.newContext({ locale: 'zh-TW' });
  const page = await context.newPage();
  const problems = watchConsole(page);
  const order = await createSignedOrder(readBaseUrl(), shop, {
    currency: 'USDT',
    network: 'TRON',
    amount: '3',
  });
  await page.goto(order.cashierUrl);
  await expect(page.getByRole('heading', { level: 1, name: '收銀台' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-TW');
  const language = page.getByRole('combobox', { name: '語言' });
  await expect(language).toHaveValue('zh_TW');

  await language.selectOption('en_US');
  await expect(page.getByRole('heading', { level: 1, name: 'Payment' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
  await expect(page.getByText('Amount to pay')).toBeVisible();
  // The choice holds for the tab.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Payment' })).toBeVisible();
  expect(problems).toEqual([]);
  await context.close();
});

test("an order's own language wins over the browser's; a browser in none of the four gets English", async ({
  browser,
}) => {
  const german = await browser.newContext({ locale: 'de-DE' });
  const page = await german.newPage();
  const base = readBaseUrl();
  const chosen = await createSignedOrder(base, shop, { currency: 'USDT', amount: '4', language: 'vi_VN' });
  await page.goto(chosen.cashierUrl);
  await expect(page.getByRole('heading', { level: 1, name: 'Thanh toán' })).toBeVisible();
  const none = await createSignedOrder(base, shop, { currency: 'USDT', amount: '4' });
  await page.goto(none.cashierUrl);
  await expect(page.getByRole('heading', { level: 1, name: 'Payment' })).toBeVisible();
  await german.close();
});

test('on a phone the language switch fits beside the title in every language', async ({ browser }) => {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    locale: 'vi-VN',
  });
  const page = await context.newPage();
  const order = await createSignedOrder(readBaseUrl(), shop, {
    currency: 'USDT',
    network: 'TRON',
    amount: '5',
  });
  await page.goto(order.cashierUrl);
  await expect(page.locator('html')).toHaveAttribute('lang', 'vi-VN');
  const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  for (const language of ['vi_VN', 'zh_CN', 'zh_TW', 'en_US']) {
    const select = page.getByTestId('language-switch');
    await select.selectOption(language);
    await expect(select).toHaveValue(language);
    const title = await page.getByRole('heading', { level: 1 }).boundingBox();
    const box = await select.boundingBox();
    // One row: the switch's top is within the title's line, and all of it on screen.
    expect(box && title && Math.abs(box.y + box.height / 2 - (title.y + title.height / 2))).toBeLessThan(12);
    expect(box && box.x + box.width).toBeLessThanOrEqual(390);
    expect(await overflow()).toBeLessThanOrEqual(0);
  }
  expect(await findAxeViolations(page)).toEqual([]);
  await context.close();
});
