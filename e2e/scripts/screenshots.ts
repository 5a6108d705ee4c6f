/**
 * Screenshots of the web app for review, into docs/screenshots/. Run against a running app:
 *   BASE_URL=http://127.0.0.1:8080 npx tsx e2e/scripts/screenshots.ts
 * (default http://127.0.0.1:5173, the vite dev server proxying to the API on 8080).
 */
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type BrowserContext, chromium, type Page } from 'playwright-core';
import { DEMO_ACCOUNT, LAUNCH_OPTIONS } from '../src/browser';

const BASE_URL = process.env.BASE_URL ?? 'http://127.0.0.1:5173';
const OUT_DIR = join(dirname(fileURLToPath(import.meta.url)), '../../docs/screenshots');
const VIEWPORT = { width: 1440, height: 900 };

async function openAs(context: BrowserContext, language: string): Promise<Page> {
  await context.addInitScript((lang) => window.localStorage.setItem('lang', lang), language);
  return context.newPage();
}

async function login(page: Page) {
  await page.goto(`${BASE_URL}/login`);
  await page.getByTestId('login-email').fill(DEMO_ACCOUNT.email);
  await page.getByTestId('login-password').fill(DEMO_ACCOUNT.password);
  await page.getByTestId('login-submit').click();
  await page.waitForURL('**/dashboard');
  await page.getByTestId('header-balance').waitFor();
  await page.getByTestId('balance-table').waitFor();
}

async function shoot(page: Page, name: string) {
  await page.waitForTimeout(400); // let transitions settle
  await page.screenshot({ path: join(OUT_DIR, `${name}.png`) });
  console.log(`wrote ${name}.png`);
}

async function main() {
  mkdirSync(OUT_DIR, { recursive: true });
  const browser = await chromium.launch(LAUNCH_OPTIONS);
  try {
    for (const [language, name] of [
      ['zh_CN', 'shell-zh-cn'],
      ['vi_VN', 'shell-vi-vn'],
      ['en_US', 'shell-en-us'],
    ] as const) {
      const context = await browser.newContext({ viewport: VIEWPORT });
      const page = await openAs(context, language);
      if (language === 'zh_CN') {
        await page.goto(`${BASE_URL}/login`);
        await page.getByTestId('login-form').waitFor();
        await shoot(page, 'login');
      }
      await login(page);
      await page.getByRole('menuitem').filter({ hasText: /./ }).first().waitFor();
      await shoot(page, name);
      if (language === 'zh_CN') {
        await page.getByTestId('sidebar-toggle').click();
        await page.getByTestId('logo-mini').waitFor();
        await shoot(page, 'shell-collapsed');
        await page.getByTestId('sidebar-toggle').click();
        await page.goto(`${BASE_URL}/merchant/info`);
        await page.getByTestId('merchant-info-card').waitFor();
        await page.getByTestId('user-avatar').hover();
        await page.getByTestId('user-popover').waitFor();
        await shoot(page, 'merchant-info-zh-cn');
      }
      await context.close();
    }
  } finally {
    await browser.close();
  }
}

await main();
