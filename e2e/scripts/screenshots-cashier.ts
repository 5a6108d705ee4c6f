/**
 * Screenshots of the hosted cashier for review, into docs/screenshots/cashier-*.png: in each of
 * the four languages, at 1440 and at a phone's 390 px, an order waiting for its network, one
 * underpaid, one confirming and one completed, each made through the signed API and paid with
 * the devnet simulate panel. Starts the production build like the e2e suite (needs the root
 * `npm run build` first), or uses a running server named by E2E_BASE_URL:
 *   npx tsx e2e/scripts/screenshots-cashier.ts
 */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, chromium, type Page } from 'playwright-core';
import { startApp } from '../src/app-server';
import { LAUNCH_OPTIONS } from '../src/browser';
import { ENV } from '../src/server-env';
import { createShopApp, createSignedOrder, type ShopApp } from '../src/signed-orders';
import { DESKTOP, PHONE, type Viewport } from './screenshot-kit';

const OUT_DIR = join(dirname(fileURLToPath(import.meta.url)), '../../docs/screenshots');
const LANGUAGES = ['zh_CN', 'zh_TW', 'en_US', 'vi_VN'] as const;
const PAYMENT_TIMEOUT = 60_000;

async function open(browser: Browser, url: string, viewport: Viewport): Promise<Page> {
  const isPhone = viewport.width < 768;
  const context = await browser.newContext({ viewport, isMobile: isPhone, hasTouch: isPhone });
  const page = await context.newPage();
  await page.goto(url);
  await page.getByTestId('status').waitFor({ state: 'attached' });
  return page;
}

async function shoot(page: Page, name: string) {
  await page.mouse.move(0, 0);
  await page.waitForTimeout(300); // let the copy buttons' and the progress bar's transitions settle
  await page.screenshot({ path: join(OUT_DIR, `${name}.png`), fullPage: true });
  console.log(`wrote ${name}.png`);
}

const phase = (page: Page, value: string) =>
  page
    .locator(`[data-testid="status"][data-phase="${value}"]`)
    .waitFor({ state: 'attached', timeout: PAYMENT_TIMEOUT });

async function simulate(page: Page, amount: string) {
  const panel = page.locator('section.simulate');
  await panel.locator('input').fill(amount);
  await panel.locator('button[type="submit"]').click();
  await panel.locator('.ok-text:not(:empty)').waitFor();
}

async function shootLanguage(browser: Browser, baseUrl: string, shop: ShopApp, language: string) {
  const suffix = language.toLowerCase().replace('_', '-');
  const name = (state: string, viewport: Viewport) => `cashier-${state}-${viewport.width}-${suffix}`;
  const order = (input: Record<string, unknown>) =>
    createSignedOrder(baseUrl, shop, { currency: 'USDT', language, description: 'Order #1024', ...input });

  const choose = await order({ amount: '25.5' });
  for (const viewport of [DESKTOP, PHONE]) {
    const page = await open(browser, choose.cashierUrl, viewport);
    await phase(page, 'choose');
    await shoot(page, name('choose', viewport));
    await page.context().close();
  }

  const underpaid = await order({ amount: '25.5', network: 'TRON' });
  const first = await open(browser, underpaid.cashierUrl, DESKTOP);
  await simulate(first, '10');
  await phase(first, 'underpaid');
  await shoot(first, name('underpaid', DESKTOP));
  await first.context().close();
  const phone = await open(browser, underpaid.cashierUrl, PHONE);
  await phase(phone, 'underpaid');
  await shoot(phone, name('underpaid', PHONE));
  await phone.context().close();

  const paid = await order({ amount: '12.34', network: 'ETH' });
  const payer = await open(browser, paid.cashierUrl, PHONE);
  await simulate(payer, '12.34');
  await phase(payer, 'confirming');
  await shoot(payer, name('confirming', PHONE));
  await phase(payer, 'completed');
  await shoot(payer, name('completed', PHONE));
  await payer.context().close();
  const done = await open(browser, paid.cashierUrl, DESKTOP);
  await phase(done, 'completed');
  await shoot(done, name('completed', DESKTOP));
  await done.context().close();
}

async function main() {
  const running = process.env[ENV.baseUrl] ? undefined : await startApp();
  const baseUrl = process.env[ENV.baseUrl] ?? running?.baseUrl ?? '';
  const browser = await chromium.launch(LAUNCH_OPTIONS);
  try {
    const shop = await createShopApp(baseUrl, 'Screenshot shop');
    for (const language of LANGUAGES) await shootLanguage(browser, baseUrl, shop, language);
  } finally {
    await browser.close();
    await running?.stop();
  }
}

await main();
