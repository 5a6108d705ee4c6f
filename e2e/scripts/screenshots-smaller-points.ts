/**
 * Screenshots of issue 31's smaller points (menu entries for the records, a withdrawal's reason
 * under its status, a disabled resend with its reason, the merchant ID filter's message, the
 * code button's wait, the tabs after a language switch), in zh_CN and en_US at 1440 and 390 px,
 * into SHOTS_DIR (default /tmp/shots): for review, not committed to docs/screenshots. Rows the
 * demo merchant does not have (a rejected withdrawal, an order without events) are served by
 * the page's routes. Needs the root `npm run build` first:
 *   npx tsx e2e/scripts/screenshots-smaller-points.ts
 */
import { chromium, type Page } from 'playwright-core';
import { startApp } from '../src/app-server';
import { LAUNCH_OPTIONS } from '../src/browser';
import { fetchDemoToken } from '../src/fixtures';
import { ENV } from '../src/server-env';
import { createShopApp, createSignedOrder } from '../src/signed-orders';
import { DESKTOP, openAs, PHONE, shoot, type Viewport } from './screenshot-kit';

const OUT_DIR = process.env.SHOTS_DIR ?? '/tmp/shots';
const LANGUAGES = ['zh_CN', 'en_US'] as const;

const envelope = (data: unknown) => JSON.stringify({ code: 0, data, message: 'ok' });

const WITHDRAWALS = [
  ['w1', 'rejected', '120', 'Destination failed the compliance check (address on a watch list)'],
  ['w2', 'failed', '30', 'reverted'],
  ['w3', 'completed', '45.5', null],
].map(([id, status, amount, reason]) => ({
  id,
  type: 'withdrawal',
  coinName: 'USDT',
  chainId: 'TRON',
  amount,
  fee: '1',
  address: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE',
  fromAddress: null,
  txHash: status === 'rejected' ? null : 'ab'.repeat(32),
  status,
  reason,
  confirmations: 3,
  confirmationsRequired: 3,
  createdAt: '2026-12-07T03:00:00.000Z',
  withdrawalSource: 'single',
  payoutOrderNo: null,
}));

async function loggedIn(page: Page, token: string, baseUrl: string) {
  await page.context().addCookies([{ name: 'token', value: token, url: baseUrl, sameSite: 'Lax' }]);
}

async function openMenu(page: Page, isPhone: boolean) {
  if (isPhone) {
    await page.getByTestId('sidebar-toggle').click();
    await page.getByTestId('sidebar-drawer').getByRole('menu').waitFor();
  }
}

async function main() {
  const running = process.env[ENV.baseUrl] ? undefined : await startApp();
  const baseUrl = process.env[ENV.baseUrl] ?? running?.baseUrl ?? '';
  const browser = await chromium.launch(LAUNCH_OPTIONS);
  try {
    const token = await fetchDemoToken(baseUrl);
    for (const language of LANGUAGES) {
      for (const [size, viewport] of [
        ['1440', DESKTOP],
        ['390', PHONE],
      ] as [string, Viewport][]) {
        const isPhone = viewport.width < 768;
        const name = (what: string) => `${what}-${language}-${size}`;
        const page = await openAs(browser, baseUrl, language, viewport);
        await loggedIn(page, token, baseUrl);

        // 1. The menu entries, landing on the records.
        await page.goto('/application/collection#records');
        await page.getByTestId('collection-records').waitFor();
        await openMenu(page, isPhone);
        await shoot(OUT_DIR, page, name('menu-records'));
        if (isPhone) await page.keyboard.press('Escape');

        // 6. The merchant ID filter refuses "abc".
        await page.getByTestId('filter-merchantId').fill('abc');
        await page.getByTestId('records-search').click();
        await page.locator('.ant-form-item-explain-error').first().waitFor();
        await page.getByTestId('filter-merchantId').scrollIntoViewIfNeeded();
        await shoot(OUT_DIR, page, name('merchant-id-filter'));

        // 3. Resend disabled on an order with nothing to send (its detail served with no event).
        await page.route('**/front/mchOrder/getById**', async (route) => {
          const response = await route.fetch();
          const body = await response.json();
          body.data.deliveryLog.resendBlockedBy = 'no_event';
          await route.fulfill({ response, body: JSON.stringify(body) });
        });
        // 2. A rejected and a failed withdrawal, their reasons under the status.
        await page.route('**/front/merchant/account/transaction-record**', (route) =>
          route.fulfill({
            contentType: 'application/json',
            body: envelope({ list: WITHDRAWALS, total: 3, pageNo: 1, pageSize: 10 }),
          }),
        );
        await page.goto('/finance');
        await page.getByTestId('finance-records').getByRole('tab').nth(1).click();
        const table = page.getByTestId('records-withdrawal-table');
        await table.getByTestId('record-reason').first().waitFor();
        await table.evaluate((el) => el.scrollIntoView({ block: 'start' }));
        if (!isPhone) {
          await table
            .locator('.ant-table-body, .ant-table-content')
            .first()
            .evaluate((el) => {
              el.scrollLeft = el.scrollWidth;
            });
        } else {
          await table
            .locator('.ant-table-content, .ant-table-body')
            .first()
            .evaluate((el) => {
              el.scrollLeft = el.scrollWidth;
            });
        }
        await shoot(OUT_DIR, page, name('withdrawal-reason'));
        await page.close();
      }
    }

    // 3. "Resend notification" off on a new order of an application without a callback URL.
    const shop = await createShopApp(baseUrl, 'No callback shop', token);
    const order = await createSignedOrder(baseUrl, shop, { amount: '10', currency: 'USDT' });
    for (const language of LANGUAGES) {
      for (const [size, viewport] of [
        ['1440', DESKTOP],
        ['390', PHONE],
      ] as [string, Viewport][]) {
        const page = await openAs(browser, baseUrl, language, viewport);
        await loggedIn(page, token, baseUrl);
        await page.goto('/application/collection#records');
        const records = page.getByTestId('collection-records');
        await records.getByTestId('filter-orderNo').fill(order.orderNo);
        await records.getByTestId('records-search').click();
        await records.locator('tbody tr.ant-table-row', { hasText: order.orderNo }).waitFor();
        await records.getByTestId('record-detail').first().click();
        const blocked = page.getByTestId('order-resend-blocked');
        await blocked.waitFor();
        await page.getByTestId('order-deliveries').scrollIntoViewIfNeeded();
        await shoot(OUT_DIR, page, `resend-disabled-${language}-${size}`);
        await page.close();
      }
    }

    // 7. The code button's wait, and 4. the tabs after a language switch: zh_CN → en_US.
    for (const [size, viewport] of [
      ['1440', DESKTOP],
      ['390', PHONE],
    ] as [string, Viewport][]) {
      for (const language of LANGUAGES) {
        const page = await openAs(browser, baseUrl, language, viewport);
        await page.goto('/login');
        const email = `wait-${language}-${size}@tollgate.dev`;
        // The first send goes through; a reload forgets the button's count, the second is refused.
        await page.getByTestId('login-mode-code').click();
        await page.getByTestId('login-email').fill(email);
        await page.getByTestId('login-send-code').click();
        await page.getByTestId('login-code-sent').waitFor();
        await page.reload();
        await page.getByTestId('login-mode-code').click();
        await page.getByTestId('login-email').fill(email);
        await page.getByTestId('login-send-code').click();
        await page.getByTestId('login-error').waitFor();
        await shoot(OUT_DIR, page, `code-wait-${language}-${size}`);
        await page.close();
      }
      const page = await openAs(browser, baseUrl, 'zh_CN', viewport);
      await loggedIn(page, token, baseUrl);
      await page.goto('/fundFlow');
      await page.getByTestId('page-fund-flow').waitFor();
      await page.goto('/merchant/rate');
      await page.getByTestId('page-rate').waitFor();
      await page.goto('/finance');
      await page.getByTestId('page-finance').waitFor();
      await shoot(OUT_DIR, page, `tabs-before-zh_CN-${size}`);
      await page.evaluate(() => window.localStorage.setItem('lang', 'en_US'));
      await page.context().addInitScript(() => window.localStorage.setItem('lang', 'en_US'));
      await page.reload();
      await page.getByTestId('page-finance').waitFor();
      await shoot(OUT_DIR, page, `tabs-after-en_US-${size}`);
      await page.close();
    }
  } finally {
    await browser.close();
    await running?.stop();
  }
}

await main();
