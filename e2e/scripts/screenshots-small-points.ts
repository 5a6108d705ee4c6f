/**
 * Screenshots of issue 31's smaller points (the login page and its ids, the password rule, the
 * phone wraps of vi_VN and zh_TW, two-character buttons, the empty weekly chart, the Google code
 * boxes, the cashier's paid page with its transactions), in the four languages at 1440 and 390
 * px, into SHOTS_DIR (default /tmp/tollgate-small-points). Needs the root `npm run build` first:
 *   npx tsx e2e/scripts/screenshots-small-points.ts
 */
import { mkdirSync } from 'node:fs';
import { chromium, type Page } from 'playwright-core';
import { startApp } from '../src/app-server';
import { DEMO_ACCOUNT, LAUNCH_OPTIONS } from '../src/browser';
import { fetchDemoToken } from '../src/fixtures';
import { ENV } from '../src/server-env';
import { createShopApp, createSignedOrder } from '../src/signed-orders';
import { GoogleCodes } from '../src/totp';
import { DESKTOP, openAs, PHONE, shoot, shootWholeView, type Viewport } from './screenshot-kit';

const OUT_DIR = process.env.SHOTS_DIR ?? '/tmp/tollgate-small-points';
const LANGUAGES = ['zh_CN', 'en_US', 'vi_VN', 'zh_TW'] as const;

async function call(baseUrl: string, token: string, path: string, body: unknown) {
  const response = await fetch(`${baseUrl}/front${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-auth-token': token },
    body: JSON.stringify(body),
  });
  const envelope = (await response.json()) as {
    code: number;
    message: string;
    data: Record<string, unknown>;
  };
  if (envelope.code !== 0) throw new Error(`${path}: ${envelope.code} ${envelope.message}`);
  return envelope.data;
}

async function getCall(baseUrl: string, token: string, path: string) {
  const response = await fetch(`${baseUrl}/front${path}`, { headers: { 'x-auth-token': token } });
  return ((await response.json()) as { data: Record<string, unknown> }).data;
}

/** A paid order: 10 then the rest, both through the devnet, waited for until completed. */
async function paidOrder(baseUrl: string, language: string) {
  const shop = await createShopApp(baseUrl, `Shots ${language}`);
  const order = await createSignedOrder(baseUrl, shop, {
    currency: 'USDT',
    amount: '25.5',
    network: 'TRON',
    language,
    description: 'Two coffees',
  });
  const orderNo = order.orderNo as string;
  const simulate = (amount: string) =>
    fetch(`${baseUrl}/front/cashier/simulate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ orderNo, amount }),
    });
  const waitFor = async (check: (view: Record<string, unknown>) => boolean) => {
    for (let i = 0; i < 120; i++) {
      const response = await fetch(`${baseUrl}/front/cashier/order?orderNo=${orderNo}`);
      const view = ((await response.json()) as { data: Record<string, unknown> }).data;
      if (check(view)) return;
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    throw new Error(`order ${orderNo} did not get there`);
  };
  await simulate('10');
  await waitFor((view) => view.paidAmount === '10');
  await simulate('15.5');
  await waitFor((view) => view.status === 'completed');
  return order.cashierUrl as string;
}

async function shootMerchantPages(page: Page, tag: string, viewport: Viewport) {
  await page.goto('/login');
  // The app has taken over the page the server sent (in the language of no cookie yet).
  await page.waitForFunction(() => !document.querySelector('#root > [data-prerendered]'));
  await page.getByTestId('login-form').waitFor();
  await shoot(OUT_DIR, page, `login-${tag}`);

  await page.context().addCookies([{ name: 'token', value: token, url: baseUrl, sameSite: 'Lax' }]);
  await page.goto('/dashboard');
  await page.getByTestId('balance-table').waitFor();
  await page.getByTestId('weekly-chart-canvas').locator('svg').waitFor();
  await shootWholeView(OUT_DIR, page, `dashboard-${tag}`, viewport);
  await page.getByTestId('balance-overview').screenshot({ path: `${OUT_DIR}/part-balances-${tag}.png` });
  await page
    .getByTestId('weekly-chart-type')
    .getByText(/代付|Payout|Chi hộ/)
    .click();
  await page
    .getByTestId('weekly-chart-totals')
    .filter({ hasText: /0|No|Không|没有|沒有/ })
    .waitFor();
  await page.getByTestId('weekly-chart').screenshot({ path: `${OUT_DIR}/part-week-empty-${tag}.png` });

  await page.goto('/merchant/info');
  await page.getByTestId('login-records-table').waitFor();
  await shootWholeView(OUT_DIR, page, `merchant-info-${tag}`, viewport);
  await page.getByTestId('whitelist-card').screenshot({ path: `${OUT_DIR}/part-whitelist-${tag}.png` });
  await page.getByTestId('open-change-password').click();
  await page.getByTestId('change-password-new').fill('short');
  await page.getByTestId('change-password-submit').click();
  await page.locator('.ant-form-item-explain-error').first().waitFor();
  await shoot(OUT_DIR, page, `change-password-${tag}`);

  await page.goto('/finance');
  await page.getByTestId('asset-table').waitFor();
  await shootWholeView(OUT_DIR, page, `finance-${tag}`, viewport);
  await page.getByTestId('asset-table').screenshot({ path: `${OUT_DIR}/part-assets-${tag}.png` });
  await page.getByTestId('withdraw-USDT').first().click();
  await page.getByTestId('withdraw-google-code').waitFor();
  await shoot(OUT_DIR, page, `withdraw-${tag}`);
}

let baseUrl = '';
let token = '';

async function main() {
  mkdirSync(OUT_DIR, { recursive: true });
  const running = process.env[ENV.baseUrl] ? undefined : await startApp();
  baseUrl = process.env[ENV.baseUrl] ?? running?.baseUrl ?? '';
  const browser = await chromium.launch(LAUNCH_OPTIONS);
  try {
    token = await fetchDemoToken(baseUrl);
    const cashierUrls = new Map<string, string>();
    for (const language of LANGUAGES) cashierUrls.set(language, await paidOrder(baseUrl, language));
    // Google bound, so the withdrawal form asks for its code.
    const check = await getCall(baseUrl, token, '/google/check');
    const codes = new GoogleCodes(check.secret as string);
    await call(baseUrl, token, '/google/send', { password: DEMO_ACCOUNT.password, code: await codes.next() });
    for (const language of LANGUAGES) {
      for (const viewport of [DESKTOP, PHONE]) {
        const tag = `${viewport.width}-${language}`;
        const page = await openAs(browser, baseUrl, language, viewport);
        await shootMerchantPages(page, tag, viewport);
        await page.goto(cashierUrls.get(language) ?? '');
        await page.getByTestId('transfers').waitFor();
        await page.screenshot({ path: `${OUT_DIR}/cashier-paid-${tag}.png`, fullPage: true });
        await page.context().close();
      }
    }
  } finally {
    await browser.close();
    await running?.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
