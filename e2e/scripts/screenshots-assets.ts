/**
 * Screenshots of the asset page for review, into docs/screenshots: populated (two deposits
 * credited, one below the minimum, withdrawals pending and completed), the deposit modal with
 * its address and QR code, and the withdraw modal filled in, in zh_CN and en_US at 1440 and
 * 390 px. The demo merchant (its own temporary database) gets Google bound and devnet deposits.
 * Starts the production build like the e2e suite (needs the root `npm run build` first):
 *   npx tsx e2e/scripts/screenshots-assets.ts
 */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { startApp } from '../src/app-server';
import { DEMO_ACCOUNT, LAUNCH_OPTIONS } from '../src/browser';
import { fetchDemoToken } from '../src/fixtures';
import { ENV } from '../src/server-env';
import { GoogleCodes } from '../src/totp';
import { DESKTOP, openAs, PHONE, shoot, shootWholeView } from './screenshot-kit';

const OUT_DIR = join(dirname(fileURLToPath(import.meta.url)), '../../docs/screenshots');
const LANGUAGES = ['zh_CN', 'en_US'] as const;

async function call(baseUrl: string, token: string, method: 'GET' | 'POST', path: string, body?: unknown) {
  const response = await fetch(`${baseUrl}/front${path}`, {
    method,
    headers: { 'content-type': 'application/json', 'x-auth-token': token },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const envelope = (await response.json()) as {
    code: number;
    message: string;
    data: Record<string, unknown>;
  };
  if (envelope.code !== 0) throw new Error(`${path}: ${envelope.code} ${envelope.message}`);
  return envelope.data;
}

async function waitFor(check: () => Promise<boolean>) {
  for (let i = 0; i < 120; i++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('timed out');
}

async function main() {
  const running = process.env[ENV.baseUrl] ? undefined : await startApp();
  const baseUrl = process.env[ENV.baseUrl] ?? running?.baseUrl ?? '';
  const browser = await chromium.launch(LAUNCH_OPTIONS);
  try {
    const token = await fetchDemoToken(baseUrl);
    const check = await call(baseUrl, token, 'GET', '/google/check');
    const codes = new GoogleCodes(check.secret as string);
    await call(baseUrl, token, 'POST', '/google/send', {
      password: DEMO_ACCOUNT.password,
      code: await codes.next(),
    });
    for (const [coinName, chainId, amount] of [
      ['USDT', 'TRON', '1250'],
      ['DOGE', 'DOGE', '3200'],
      ['USDT', 'ETH', '0.4'],
    ] as const) {
      await call(baseUrl, token, 'POST', '/test/deposit', { coinName, chainId, amount });
    }
    const settled = async (type: string, count: number) => {
      const page = await call(baseUrl, token, 'POST', '/merchant/account/transaction-record', { type });
      const list = page.list as { status: string }[];
      return list.length === count && list.every((r) => !['confirming', 'processing'].includes(r.status));
    };
    await waitFor(() => settled('deposit', 3));
    // Small: approved at once (the demo's 1,000 USDT threshold) and completed; large: waits for review.
    await call(baseUrl, token, 'POST', '/merchant/account/withdrawal', {
      coinName: 'USDT',
      chainId: 'TRON',
      address: 'TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH',
      amount: '120',
      googleCode: await codes.next(),
    });
    await call(baseUrl, token, 'POST', '/merchant/account/withdrawal', {
      coinName: 'DOGE',
      chainId: 'DOGE',
      address: 'DBus3bamQjgJULBJtYXpEzDWQRwF5iwxgC',
      amount: '2000',
      googleCode: await codes.next(),
    });
    await waitFor(() => settled('withdrawal', 2));

    for (const language of LANGUAGES) {
      const suffix = language.toLowerCase().replace('_', '-');
      for (const viewport of [DESKTOP, PHONE]) {
        const tag = `${viewport.width}-${suffix}`;
        const page = await openAs(browser, baseUrl, language, viewport);
        await page.context().addCookies([{ name: 'token', value: token, url: baseUrl }]);
        await page.goto('/finance');
        await page.getByTestId('records-deposit-table').locator('tbody tr.ant-table-row').first().waitFor();
        await shootWholeView(OUT_DIR, page, `assets-populated-${tag}`, viewport);
        await page.getByTestId('deposit-USDT').click();
        await page.getByTestId('deposit-qr').waitFor();
        await shoot(OUT_DIR, page, `assets-deposit-${tag}`);
        await page.keyboard.press('Escape');
        await page.getByTestId('deposit-qr').waitFor({ state: 'detached' });
        await page.getByTestId('withdraw-USDT').click();
        await page.getByTestId('withdraw-form').waitFor();
        await page.getByTestId('withdraw-network').click();
        await page.locator('.ant-select-item-option', { hasText: 'Tron' }).click();
        await page.getByTestId('withdraw-address').fill('TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH');
        await page.getByTestId('withdraw-amount').fill('250');
        await page.getByTestId('withdraw-total').filter({ hasText: '251' }).waitFor();
        await shoot(OUT_DIR, page, `assets-withdraw-${tag}`);
        await page.keyboard.press('Escape');
        await page.getByTestId('finance-records').getByRole('tab').nth(1).click();
        await page
          .getByTestId('records-withdrawal-table')
          .locator('tbody tr.ant-table-row')
          .first()
          .waitFor();
        await page.getByTestId('records-withdrawal-table').scrollIntoViewIfNeeded();
        await shoot(OUT_DIR, page, `assets-withdrawals-${tag}`);
        await page.context().close();
      }
    }
  } finally {
    await browser.close();
    await running?.stop();
  }
}

await main();
