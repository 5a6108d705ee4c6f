/**
 * Screenshots of the withdrawal address whitelist for review, into docs/screenshots: the card on
 * merchant info (on, one Tron address) and the add modal filled in, in zh_CN and en_US at 1440
 * px, and the card at 390 px. The demo merchant (its own temporary database) gets Google bound
 * and an address added with the mailed code. Needs the root `npm run build` first:
 *   npx tsx e2e/scripts/screenshots-whitelist.ts
 */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { startApp } from '../src/app-server';
import { DEMO_ACCOUNT, LAUNCH_OPTIONS } from '../src/browser';
import { fetchDemoToken } from '../src/fixtures';
import { waitForCode } from '../src/mailbox';
import { ENV } from '../src/server-env';
import { GoogleCodes } from '../src/totp';
import { DESKTOP, openAs, PHONE, shoot } from './screenshot-kit';

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

async function main() {
  const running = process.env[ENV.baseUrl] ? undefined : await startApp();
  if (running) process.env[ENV.mailDir] = running.mailDir;
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
    const info = await call(baseUrl, token, 'GET', '/merchant/info');
    const since = Date.now();
    await call(baseUrl, token, 'POST', '/merchant/whitelist/code', {});
    await call(baseUrl, token, 'POST', '/merchant/whitelist/add', {
      chainId: 'TRON',
      address: 'TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH',
      label: 'Cold wallet',
      emailCode: await waitForCode(info.email as string, since),
      googleCode: await codes.next(),
    });
    await call(baseUrl, token, 'POST', '/merchant/whitelist/switch', {
      enabled: true,
      googleCode: await codes.next(),
    });

    for (const language of LANGUAGES) {
      const suffix = language.toLowerCase().replace('_', '-');
      for (const viewport of [DESKTOP, PHONE]) {
        const tag = `${viewport.width}-${suffix}`;
        const page = await openAs(browser, baseUrl, language, viewport);
        await page.context().addCookies([{ name: 'token', value: token, url: baseUrl }]);
        await page.goto('/merchant/info');
        const card = page.getByTestId('whitelist-card');
        await card.getByTestId('whitelist-table').locator('tbody tr.ant-table-row').first().waitFor();
        await card.scrollIntoViewIfNeeded();
        await card.screenshot({ path: join(OUT_DIR, `whitelist-card-${tag}.png`) });
        console.log(`wrote whitelist-card-${tag}.png`);
        if (viewport === DESKTOP) {
          await page.getByTestId('whitelist-open-add').click();
          await page.getByTestId('whitelist-add-form').waitFor();
          await page.getByTestId('whitelist-add-chain').click();
          await page.locator('.ant-select-item-option', { hasText: 'Ethereum' }).click();
          await page.getByTestId('whitelist-add-address').fill('0x9858EfFD232B4033E47d90003D41EC34EcaEda94');
          await page.getByTestId('whitelist-add-label').fill(language === 'en_US' ? 'Exchange' : '交易所');
          await page.getByTestId('whitelist-add-email-code').fill('');
          await shoot(OUT_DIR, page, `whitelist-add-${tag}`);
        }
        await page.context().close();
      }
    }
  } finally {
    await browser.close();
    await running?.stop();
  }
}

await main();
