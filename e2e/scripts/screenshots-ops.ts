/**
 * Screenshots of the operator console for review, into docs/screenshots: its login, the review
 * queue with a withdrawal's detail open (the address's history), the reject dialog, merchants,
 * fees & rates and the audit log, in zh_CN and en_US at 1440 px. The demo merchant (its own
 * temporary database) gets devnet deposits and four withdrawals above its 1,000 USDT threshold;
 * the demo operator approves one, rejects one and edits a fee, a rate and a threshold, so every
 * screen has something to show. Starts the production build like the e2e suite (needs the
 * root `npm run build` first):
 *   npx tsx e2e/scripts/screenshots-ops.ts
 */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { startApp } from '../src/app-server';
import { DEMO_ACCOUNT, LAUNCH_OPTIONS } from '../src/browser';
import { fetchDemoToken } from '../src/fixtures';
import { ENV } from '../src/server-env';
import { GoogleCodes } from '../src/totp';
import { DESKTOP, openAs, shoot } from './screenshot-kit';

const OUT_DIR = join(dirname(fileURLToPath(import.meta.url)), '../../docs/screenshots');
const LANGUAGES = ['zh_CN', 'en_US'] as const;
const DEMO_OPERATOR = { email: 'ops@tollgate.dev', password: 'Tollgate2026' };
const TRON_ADDRESS = 'TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH';
const ETH_ADDRESS = '0x8ba1f109551bd432803012645ac136ddd64dba72';

type Data = Record<string, unknown>;

async function call(baseUrl: string, headers: Record<string, string>, path: string, body?: unknown) {
  const response = await fetch(`${baseUrl}/front${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json', lang: 'en_US', ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const envelope = (await response.json()) as { code: number; message: string; data: Data };
  if (envelope.code !== 0) throw new Error(`${path}: ${envelope.code} ${envelope.message}`);
  return envelope.data;
}

async function waitFor(check: () => Promise<boolean>) {
  for (let i = 0; i < 180; i++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('timed out');
}

async function prepare(baseUrl: string): Promise<string> {
  const merchant = { 'x-auth-token': await fetchDemoToken(baseUrl) };
  const check = await call(baseUrl, merchant, '/google/check');
  const codes = new GoogleCodes(check.secret as string);
  await call(baseUrl, merchant, '/google/send', {
    password: DEMO_ACCOUNT.password,
    code: await codes.next(),
  });
  for (const [coinName, chainId, amount] of [
    ['USDT', 'TRON', '8000'],
    ['DOGE', 'DOGE', '3200'],
  ] as const) {
    await call(baseUrl, merchant, '/test/deposit', { coinName, chainId, amount });
  }
  await waitFor(async () => {
    const page = await call(baseUrl, merchant, '/merchant/account/transaction-record', { type: 'deposit' });
    return (page.list as { status: string }[]).filter((r) => r.status === 'completed').length === 2;
  });
  // All above the demo's 1,000 USDT threshold: each waits for review. The first two to the
  // TRON address give it a history; the ETH address has none.
  const withdraw = async (chainId: string, address: string, amount: string) => {
    const result = await call(baseUrl, merchant, '/merchant/account/withdrawal', {
      coinName: 'USDT',
      chainId,
      address,
      amount,
      googleCode: await codes.next(),
    });
    return (result.withdrawal as { withdrawalNo: string }).withdrawalNo;
  };
  const toApprove = await withdraw('TRON', TRON_ADDRESS, '1050');
  const toReject = await withdraw('TRON', TRON_ADDRESS, '1300');
  await withdraw('TRON', TRON_ADDRESS, '1500');
  await withdraw('ETH', ETH_ADDRESS, '1100');

  const login = await call(baseUrl, {}, '/ops/login', DEMO_OPERATOR);
  const opsToken = login.token as string;
  const ops = { 'x-ops-token': opsToken };
  await call(baseUrl, ops, '/ops/withdrawals/approve', { withdrawalNo: toApprove });
  await call(baseUrl, ops, '/ops/withdrawals/reject', {
    withdrawalNo: toReject,
    reason: 'Destination failed the compliance check',
  });
  const merchants = await call(baseUrl, ops, '/ops/merchants/page', { keyword: DEMO_ACCOUNT.email });
  const demo = (merchants.list as { id: number }[])[0];
  if (demo)
    await call(baseUrl, ops, '/ops/merchants/auto-approve', {
      merchantId: demo.id,
      autoApproveUsdt: '1000.5',
    });
  const table = await call(baseUrl, ops, '/ops/fees');
  const fee = (table.fees as { chainId: string; coinName: string; collectionRate: string }[]).find(
    (row) => row.chainId === 'TRON' && row.coinName === 'USDT',
  );
  if (fee) await call(baseUrl, ops, '/ops/fees/update', { ...fee, payoutFee: '1.5' });
  await call(baseUrl, ops, '/ops/rates/update', { coinName: 'DOGE', rate: '0.17' });
  // The approved one completes on chain; wait, so the queue shows the two left.
  await waitFor(async () => {
    const page = await call(baseUrl, ops, '/ops/withdrawals/page', { status: 'completed' });
    return (page.list as unknown[]).length > 0;
  });
  return opsToken;
}

async function main() {
  const running = process.env[ENV.baseUrl] ? undefined : await startApp();
  const baseUrl = process.env[ENV.baseUrl] ?? running?.baseUrl ?? '';
  const browser = await chromium.launch(LAUNCH_OPTIONS);
  try {
    const opsToken = await prepare(baseUrl);
    for (const language of LANGUAGES) {
      const tag = `${DESKTOP.width}-${language.toLowerCase().replace('_', '-')}`;
      const login = await openAs(browser, baseUrl, language, DESKTOP);
      await login.goto('/ops/login');
      await login.getByTestId('ops-login-form').waitFor();
      await shoot(OUT_DIR, login, `ops-login-${tag}`);
      await login.context().close();

      const page = await openAs(browser, baseUrl, language, DESKTOP);
      await page
        .context()
        .addInitScript((token) => window.sessionStorage.setItem('opsToken', token), opsToken);
      await page.goto('/ops/queue');
      const rows = page.getByTestId('ops-queue-table').locator('tbody tr.ant-table-row');
      await rows.first().waitFor();
      await shoot(OUT_DIR, page, `ops-queue-${tag}`);
      await rows.filter({ hasText: '1,500 USDT' }).getByTestId('ops-queue-detail').click();
      await page.getByTestId('ops-drawer-merchant').waitFor();
      await shoot(OUT_DIR, page, `ops-queue-drawer-${tag}`);
      await page.keyboard.press('Escape');
      await page.getByTestId('ops-withdrawal-drawer').waitFor({ state: 'hidden' });
      await rows.filter({ hasText: '1,100 USDT' }).getByTestId('ops-queue-reject').click();
      await page.getByTestId('ops-review-confirm').click();
      await page.getByTestId('ops-review-dialog').locator('.ant-form-item-explain-error').waitFor();
      await shoot(OUT_DIR, page, `ops-reject-${tag}`);
      await page.getByTestId('ops-review-cancel').click();

      for (const [path, table, name] of [
        ['/ops/merchants', 'ops-merchants-table', 'ops-merchants'],
        ['/ops/fees', 'ops-fee-table', 'ops-fees'],
        ['/ops/audit', 'ops-audit-table', 'ops-audit'],
      ] as const) {
        await page.goto(path);
        await page.getByTestId(table).locator('tbody tr.ant-table-row').first().waitFor();
        // Only the console's content scrolls: make the window as tall as it for the shot.
        const height = await page.evaluate(() => {
          const content = document.querySelector<HTMLElement>('[data-testid="ops-content"]');
          return content ? content.getBoundingClientRect().top + content.scrollHeight : 0;
        });
        await page.setViewportSize({
          width: DESKTOP.width,
          height: Math.max(DESKTOP.height, Math.ceil(height)),
        });
        await shoot(OUT_DIR, page, `${name}-${tag}`);
        await page.setViewportSize(DESKTOP);
      }
      await page.context().close();
    }
  } finally {
    await browser.close();
    await running?.stop();
  }
}

await main();
