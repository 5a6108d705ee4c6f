/**
 * Screenshots of the operator console's Chains and Unmatched transfers pages (issue 32), into
 * docs/screenshots: every devnet chain with its scan and its wallets; a USDC payment to a USDT
 * order waiting on the Unmatched page, and its return dialog; at 1440 px in zh_CN and en_US
 * and at 390 px in en_US and vi_VN. Starts the production build like the e2e suite (needs the root
 * `npm run build` first):
 *   npx tsx e2e/scripts/screenshots-chains.ts
 */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { startApp } from '../src/app-server';
import { LAUNCH_OPTIONS } from '../src/browser';
import { ENV } from '../src/server-env';
import { createShopApp, createSignedOrder, payTestCollection } from '../src/signed-orders';
import { DESKTOP, openAs, PHONE, shoot, type Viewport } from './screenshot-kit';

const OUT_DIR = join(dirname(fileURLToPath(import.meta.url)), '../../docs/screenshots');
const DEMO_OPERATOR = { email: 'ops@tollgate.dev', password: 'Tollgate2026' };
const SHOTS: [string, Viewport][] = [
  ['zh_CN', DESKTOP],
  ['en_US', DESKTOP],
  ['en_US', PHONE],
  ['vi_VN', PHONE],
];

async function main() {
  const running = process.env[ENV.baseUrl] ? undefined : await startApp();
  const baseUrl = process.env[ENV.baseUrl] ?? running?.baseUrl ?? '';
  const browser = await chromium.launch(LAUNCH_OPTIONS);
  try {
    const login = await fetch(`${baseUrl}/front/ops/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(DEMO_OPERATOR),
    });
    const opsToken = ((await login.json()) as { data: { token: string } }).data.token;
    const shop = await createShopApp(baseUrl, 'Screenshot shop');
    const order = await createSignedOrder(baseUrl, shop, { currency: 'USDT', network: 'ETH', amount: '30' });
    await payTestCollection(baseUrl, shop, order.orderNo, '29.5', 'USDC');
    for (let i = 0; ; i++) {
      const page = await fetch(`${baseUrl}/front/ops/unmatched/page`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-ops-token': opsToken },
        body: '{}',
      });
      const { data } = (await page.json()) as { data: { total: number } };
      if (data.total > 0) break;
      if (i > 120) throw new Error('no unmatched transfer seen');
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    for (const [language, viewport] of SHOTS) {
      const page = await openAs(browser, baseUrl, language, viewport);
      await page
        .context()
        .addInitScript((token) => window.sessionStorage.setItem('opsToken', token), opsToken);
      await page.goto('/ops/chains');
      await page.getByTestId('ops-chain-DOGE').waitFor();
      const height = await page.evaluate(() => {
        const content = document.querySelector<HTMLElement>('[data-testid="ops-content"]');
        return content ? content.getBoundingClientRect().top + content.scrollHeight : 0;
      });
      await page.setViewportSize({
        width: viewport.width,
        height: Math.max(viewport.height, Math.ceil(height)),
      });
      const tag = `${viewport.width}-${language.toLowerCase().replace('_', '-')}`;
      await shoot(OUT_DIR, page, `ops-chains-${tag}`);
      await page.setViewportSize(viewport);
      await page.goto('/ops/unmatched');
      await page.getByTestId('ops-unmatched-credit').first().waitFor();
      await shoot(OUT_DIR, page, `ops-unmatched-${tag}`);
      await page.getByTestId('ops-unmatched-return').first().click();
      await page.getByRole('dialog').waitFor();
      await shoot(OUT_DIR, page, `ops-unmatched-return-${tag}`);
      await page.context().close();
    }
  } finally {
    await browser.close();
    await running?.stop();
  }
}

await main();
