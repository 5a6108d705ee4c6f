/**
 * Screenshots of the web app for review, into docs/screenshots/. Starts the production build
 * on a fresh database with a local SMTP receiver (as the e2e suite does), so it needs the root
 * `npm run build` first:
 *   npx tsx e2e/scripts/screenshots.ts
 * Every login-page state and the merchant info page (Google unbound with its QR code, then
 * bound) are taken in zh_CN and en_US, each language with its own freshly registered account;
 * the shell in zh_CN, vi_VN and en_US as the demo merchant; then every page, whole, at 1440
 * and at a phone's 390 px in zh_CN and en_US (screenshots-pages.ts).
 */
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, chromium, type Page } from 'playwright-core';
import { startApp } from '../src/app-server';
import { DEMO_ACCOUNT, LAUNCH_OPTIONS } from '../src/browser';
import { typeGoogleCode } from '../src/google-code';
import { waitForCode } from '../src/mailbox';
import { ENV } from '../src/server-env';
import { GoogleCodes } from '../src/totp';
import { DESKTOP, openAs, PHONE, shoot as shootInto } from './screenshot-kit';
import { shootEveryPage } from './screenshots-pages';

const OUT_DIR = join(dirname(fileURLToPath(import.meta.url)), '../../docs/screenshots');

const shoot = (page: Page, name: string) => shootInto(OUT_DIR, page, name);

async function closeModal(page: Page, formTestId: string) {
  await page
    .locator('.ant-modal', { has: page.getByTestId(formTestId) })
    .locator('.ant-modal-close')
    .click();
  await page.getByTestId(formTestId).waitFor({ state: 'hidden' });
}

async function logIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByTestId('login-email').fill(email);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
}

/** Every state of the login page and the merchant info page, for one language. */
async function shootAccountScreens(browser: Browser, baseUrl: string, language: string, suffix: string) {
  const page = await openAs(browser, baseUrl, language);
  const email = `screens-${suffix}-${Date.now()}@tollgate.test`;
  const [password, newPassword] = ['Screens2026a', 'Screens2026b'];

  await page.goto('/login');
  await page.getByTestId('login-form').waitFor();
  await shoot(page, `login-password-${suffix}`);
  await page.getByTestId('login-mode-code').click();
  await shoot(page, `login-code-${suffix}`);
  await page.getByTestId('login-tab-phone').click();
  await page
    .getByTestId('login-country')
    .locator('.ant-select-content, .ant-select-selector')
    .first()
    .waitFor();
  await page.waitForFunction(() =>
    document.querySelector('[data-testid="phone-login-form"]')?.textContent?.includes('+'),
  );
  await shoot(page, `login-phone-${suffix}`);

  // Registration: both steps, then the account the other screens use.
  await page.getByTestId('login-tab-email').click();
  await page.getByTestId('open-register').click();
  await page.getByTestId('register-email').fill(email);
  let since = Date.now();
  await page.getByTestId('register-send-code').click();
  await page.getByTestId('register-code').fill(await waitForCode(email, since));
  await shoot(page, `register-step1-${suffix}`);
  await page.getByTestId('register-verify').click();
  await page.getByTestId('register-step-password').waitFor();
  await shoot(page, `register-step2-${suffix}`);
  await page.getByTestId('register-password').fill(password);
  await page.getByTestId('register-confirm-password').fill(password);
  await page.getByTestId('register-submit').click();
  await page.getByTestId('login-notice').waitFor();
  await shoot(page, `login-registered-${suffix}`);

  // Forgot password: both steps, ending on the login page with its notice.
  await page.getByTestId('open-forgot').click();
  await page.getByTestId('reset-email').fill(email);
  since = Date.now();
  await page.getByTestId('reset-send-code').click();
  await page.getByTestId('reset-code').fill(await waitForCode(email, since));
  await shoot(page, `forgot-step1-${suffix}`);
  await page.getByTestId('reset-verify').click();
  await page.getByTestId('reset-step-password').waitFor();
  await shoot(page, `forgot-step2-${suffix}`);
  await page.getByTestId('reset-password').fill(newPassword);
  await page.getByTestId('reset-confirm-password').fill(newPassword);
  await page.getByTestId('reset-submit').click();
  await page.getByTestId('login-notice').waitFor();

  // Merchant info: unbound with the QR code, then bound.
  await logIn(page, email, newPassword);
  await page.waitForURL('**/dashboard');
  await page.goto('/merchant/info');
  await page.getByTestId('google-qr').waitFor();
  await page.getByTestId('login-records-table').locator('tbody tr').first().waitFor();
  await shoot(page, `merchant-info-unbound-${suffix}`);
  await page.getByTestId('open-change-password').click();
  await page.getByTestId('change-password-form').waitFor();
  await shoot(page, `merchant-info-change-password-${suffix}`);
  await closeModal(page, 'change-password-form');
  await page.getByTestId('open-set-phone').click();
  await page.getByTestId('set-phone-form').waitFor();
  await shoot(page, `merchant-info-set-phone-${suffix}`);
  await closeModal(page, 'set-phone-form');
  const secret = /[A-Z2-7]{16,}/.exec(await page.getByTestId('google-secret').innerText())?.[0] ?? '';
  const codes = new GoogleCodes(secret);
  await page.getByTestId('google-bind-password').fill(newPassword);
  await typeGoogleCode(page.getByTestId('google-bind-code'), await codes.next());
  await page.getByTestId('google-bind-submit').click();
  await page.getByTestId('google-bound-panel').waitFor();
  await page.waitForTimeout(3500); // the success message fades
  await shoot(page, `merchant-info-bound-${suffix}`);
  await page.getByTestId('google-unbind').click();
  await page.getByTestId('google-unbind-warning-ok').waitFor();
  await shoot(page, `merchant-info-unbind-warning-${suffix}`);

  // The Google step of the next login.
  await page.context().clearCookies();
  await page.evaluate(() => window.sessionStorage.clear());
  await logIn(page, email, newPassword);
  await page.getByTestId('google-step').waitFor();
  await shoot(page, `login-google-${suffix}`);
  await page.context().close();
}

async function shootShell(browser: Browser, baseUrl: string, language: string, suffix: string) {
  const page = await openAs(browser, baseUrl, language);
  await logIn(page, DEMO_ACCOUNT.email, DEMO_ACCOUNT.password);
  await page.waitForURL('**/dashboard');
  await page.getByTestId('balance-table').waitFor();
  await shoot(page, `shell-${suffix}`);
  if (language === 'zh_CN') {
    await page.getByTestId('sidebar-toggle').click();
    await page.getByTestId('logo-mini').waitFor();
    await shoot(page, 'shell-collapsed');
    await page.getByTestId('sidebar-toggle').click();
    await page.getByTestId('user-avatar').hover();
    await page.getByTestId('user-popover').waitFor();
    await page.waitForTimeout(500);
    await page.screenshot({ path: join(OUT_DIR, 'user-popover-zh-cn.png') });
    console.log('wrote user-popover-zh-cn.png');
  }
  await page.context().close();
}

async function main() {
  mkdirSync(OUT_DIR, { recursive: true });
  const app = await startApp();
  process.env[ENV.mailDir] = app.mailDir;
  const browser = await chromium.launch(LAUNCH_OPTIONS);
  try {
    for (const [language, suffix] of [
      ['zh_CN', 'zh-cn'],
      ['en_US', 'en-us'],
    ] as const) {
      await shootAccountScreens(browser, app.baseUrl, language, suffix);
    }
    for (const [language, suffix] of [
      ['zh_CN', 'zh-cn'],
      ['vi_VN', 'vi-vn'],
      ['en_US', 'en-us'],
    ] as const) {
      await shootShell(browser, app.baseUrl, language, suffix);
    }
    for (const viewport of [DESKTOP, PHONE]) {
      for (const [language, suffix] of [
        ['zh_CN', 'zh-cn'],
        ['en_US', 'en-us'],
      ] as const) {
        await shootEveryPage(browser, app.baseUrl, OUT_DIR, language, suffix, viewport);
      }
    }
  } finally {
    await browser.close();
    await app.stop();
  }
}

await main();
