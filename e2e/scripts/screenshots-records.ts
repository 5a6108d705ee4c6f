/**
 * Screenshots of the record tables and their filter bars (issue 31), at 1440 and 390 px: the
 * collection and payout records, the fund flow, the asset page (assets and withdrawal records)
 * and the operator's queue, in the languages given (default zh_CN, en_US, vi_VN, zh_TW). A
 * merchant of its own gets a row in each (e2e/src/records-seed.ts). Starts the production build
 * like the e2e suite (needs the root `npm run build` first), into RECORDS_SHOTS_DIR (default
 * /tmp/records-shots):
 *   npx tsx e2e/scripts/screenshots-records.ts [zh_CN en_US]
 */
import { mkdirSync } from 'node:fs';
import { chromium, type Page } from 'playwright-core';
import { startApp } from '../src/app-server';
import { LAUNCH_OPTIONS } from '../src/browser';
import { seedRecords } from '../src/records-seed';
import { ENV } from '../src/server-env';
import { DESKTOP, openAs, PHONE, shootWholeView, type Viewport } from './screenshot-kit';

const OUT_DIR = process.env.RECORDS_SHOTS_DIR ?? '/tmp/records-shots';
const LANGUAGES = process.argv.slice(2).length ? process.argv.slice(2) : ['zh_CN', 'en_US', 'vi_VN', 'zh_TW'];
const DEMO_OPERATOR = { email: 'ops@tollgate.dev', password: 'Tollgate2026' };

const PAGES = [
  ['collection', '/application/collection', 'collection-records'],
  ['payout', '/application/payer', 'payout-records'],
  ['fund-flow', '/fundFlow', 'fund-table'],
  ['finance', '/finance', 'asset-table'],
] as const;

async function opsToken(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}/front/ops/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(DEMO_OPERATOR),
  });
  const envelope = (await response.json()) as { data: { token: string } };
  return envelope.data.token;
}

async function shootOpsContent(page: Page, name: string, viewport: Viewport) {
  const height = await page.evaluate(() => {
    const content = document.querySelector<HTMLElement>('[data-testid="ops-content"]');
    return content ? content.getBoundingClientRect().top + content.scrollHeight : 0;
  });
  await page.setViewportSize({ width: viewport.width, height: Math.max(viewport.height, Math.ceil(height)) });
  await page.mouse.move(0, 0);
  await page.screenshot({ path: `${OUT_DIR}/${name}.png` });
  console.log(`wrote ${name}.png`);
  await page.setViewportSize(viewport);
}

async function main() {
  mkdirSync(OUT_DIR, { recursive: true });
  const running = process.env[ENV.baseUrl] ? undefined : await startApp();
  if (running) {
    process.env[ENV.mailDir] = running.mailDir;
    process.env[ENV.baseUrl] = running.baseUrl;
  }
  const baseUrl = process.env[ENV.baseUrl] ?? '';
  const browser = await chromium.launch(LAUNCH_OPTIONS);
  try {
    const seeded = await seedRecords(baseUrl);
    const operator = await opsToken(baseUrl);
    for (const language of LANGUAGES) {
      for (const viewport of [DESKTOP, PHONE]) {
        const tag = `${viewport.width}-${language.toLowerCase().replace('_', '-')}`;
        const page = await openAs(browser, baseUrl, language, viewport);
        await page
          .context()
          .addCookies([{ name: 'token', value: seeded.token, url: baseUrl, sameSite: 'Lax' }]);
        for (const [name, path, ready] of PAGES) {
          await page.goto(path);
          await page.getByTestId(ready).locator('tbody tr:not([aria-hidden])').first().waitFor();
          await page.getByTestId(ready).scrollIntoViewIfNeeded();
          await shootWholeView(OUT_DIR, page, `records-${name}-${tag}`, viewport);
        }
        await page.goto('/finance');
        await page.getByTestId('finance-records').getByRole('tab').nth(1).click();
        await page
          .getByTestId('records-withdrawal-table')
          .locator('tbody tr.ant-table-row')
          .first()
          .waitFor();
        await shootWholeView(OUT_DIR, page, `records-withdrawals-${tag}`, viewport);
        await page.context().close();

        const ops = await openAs(browser, baseUrl, language, viewport);
        await ops
          .context()
          .addInitScript((token) => window.sessionStorage.setItem('opsToken', token), operator);
        await ops.goto('/ops/queue');
        await ops.getByTestId('ops-queue-table').locator('tbody tr.ant-table-row').first().waitFor();
        await shootOpsContent(ops, `records-ops-queue-${tag}`, viewport);
        await ops.context().close();
      }
    }
  } finally {
    await browser.close();
    await running?.stop();
  }
}

await main();
