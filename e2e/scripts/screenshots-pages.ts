import type { Browser } from 'playwright-core';
import { DEMO_ACCOUNT } from '../src/browser';
import { openAs, PHONE, shoot, shootWholeView, type Viewport } from './screenshot-kit';

/**
 * Every page of the shell as the demo merchant, whole, at one width and in one language
 * (`page-<name>-<width>-<lang>.png`); at a phone's width also the login page and the open menu
 * drawer. Each page is loaded afresh, so it shows as a visitor arriving there sees it.
 */
const PAGES = [
  { name: 'dashboard', path: '/dashboard', ready: 'balance-table' },
  { name: 'application', path: '/application', ready: 'page-application' },
  { name: 'collection', path: '/application/collection', ready: 'page-collection' },
  { name: 'payer', path: '/application/payer', ready: 'page-payer' },
  { name: 'fund-flow', path: '/fundFlow', ready: 'page-fund-flow' },
  { name: 'finance', path: '/finance', ready: 'asset-table' },
  { name: 'notice', path: '/dashboard/notice', ready: 'page-notice' },
  { name: 'merchant-info', path: '/merchant/info', ready: 'login-records-table' },
  { name: 'rate', path: '/merchant/rate', ready: 'rate-chain-DOGE' },
] as const;

export async function shootEveryPage(
  browser: Browser,
  baseUrl: string,
  outDir: string,
  language: string,
  suffix: string,
  viewport: Viewport,
) {
  const page = await openAs(browser, baseUrl, language, viewport);
  const tag = `${viewport.width}-${suffix}`;
  if (viewport.width === PHONE.width) {
    await page.goto('/login');
    await page.getByTestId('login-form').waitFor();
    await shoot(outDir, page, `login-password-${tag}`);
    await page.getByTestId('login-tab-phone').click();
    await page.waitForFunction(() =>
      document.querySelector('[data-testid="phone-login-form"]')?.textContent?.includes('+'),
    );
    await shoot(outDir, page, `login-phone-${tag}`);
    await page.getByTestId('login-tab-email').click();
  } else {
    await page.goto('/login');
  }
  await page.getByTestId('login-email').fill(DEMO_ACCOUNT.email);
  await page.getByTestId('login-password').fill(DEMO_ACCOUNT.password);
  await page.getByTestId('login-submit').click();
  await page.waitForURL('**/dashboard');

  for (const entry of PAGES) {
    await page.goto(entry.path);
    await page.getByTestId(entry.ready).waitFor();
    await page.getByTestId('header-balance').waitFor();
    if (entry.name === 'merchant-info') await page.getByTestId('google-qr').waitFor();
    await shootWholeView(outDir, page, `page-${entry.name}-${tag}`, viewport);
  }
  if (viewport.width === PHONE.width) {
    await page.goto('/dashboard');
    await page.getByTestId('balance-table').waitFor();
    await page.getByTestId('sidebar-toggle').click();
    await page.getByRole('dialog').getByTestId('side-menu').waitFor();
    await shoot(outDir, page, `phone-drawer-${tag}`);
  }
  await page.context().close();
}
