/**
 * Screenshots of the collection back office for review, into docs/screenshots: My applications
 * with its cards, the collection page (intro and records, then an order's detail with its
 * delivery log) and the fund flow, in zh_CN and en_US at 1440 and 390 px. The demo merchant gets
 * a shop application whose callback goes to a local receiver, and orders made through the
 * signed API and paid on devnet (one completed in two payments, one overpaid, one waiting).
 * Starts the production build like the e2e suite (needs the root `npm run build` first), or
 * uses a running server named by E2E_BASE_URL (started with ALLOW_PRIVATE_CALLBACKS=1):
 *   npx tsx e2e/scripts/screenshots-collection.ts
 */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { startApp } from '../src/app-server';
import { LAUNCH_OPTIONS } from '../src/browser';
import { startCallbackReceiver } from '../src/callback-receiver';
import { fetchDemoToken } from '../src/fixtures';
import { ENV } from '../src/server-env';
import { type CreatedOrder, createSignedOrder, type ShopApp } from '../src/signed-orders';
import { DESKTOP, openAs, PHONE, shoot, shootWholeView } from './screenshot-kit';

const OUT_DIR = join(dirname(fileURLToPath(import.meta.url)), '../../docs/screenshots');
const LANGUAGES = ['zh_CN', 'en_US'] as const;

async function front(baseUrl: string, token: string, path: string, body: unknown) {
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

async function signedPost(baseUrl: string, shop: ShopApp, path: string, body: unknown) {
  const { createHmac, randomBytes } = await import('node:crypto');
  const raw = JSON.stringify(body);
  const timestamp = String(Date.now());
  const nonce = randomBytes(16).toString('hex');
  const signature = createHmac('sha256', shop.appSecret)
    .update(`${timestamp}\n${nonce}\nPOST\n${path}\n${raw}`)
    .digest('hex');
  const response = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-app-id': shop.appId,
      'x-timestamp': timestamp,
      'x-nonce': nonce,
      'x-signature': signature,
    },
    body: raw,
  });
  return (await response.json()) as { code: number; data: Record<string, unknown> };
}

async function waitForStatus(baseUrl: string, shop: ShopApp, order: CreatedOrder, status: string) {
  const { createHmac, randomBytes } = await import('node:crypto');
  const path = `/api/v1/collections/${order.orderNo}`;
  for (;;) {
    const timestamp = String(Date.now());
    const nonce = randomBytes(16).toString('hex');
    const signature = createHmac('sha256', shop.appSecret)
      .update(`${timestamp}\n${nonce}\nGET\n${path}\n`)
      .digest('hex');
    const response = await fetch(`${baseUrl}${path}`, {
      headers: {
        'x-app-id': shop.appId,
        'x-timestamp': timestamp,
        'x-nonce': nonce,
        'x-signature': signature,
      },
    });
    const envelope = (await response.json()) as { data: { status: string } };
    if (envelope.data.status === status) return;
    // A block comes every DEVNET_BLOCK_MS; ask again after one.
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

async function main() {
  const running = process.env[ENV.baseUrl] ? undefined : await startApp();
  const baseUrl = process.env[ENV.baseUrl] ?? running?.baseUrl ?? '';
  const receiver = await startCallbackReceiver();
  const browser = await chromium.launch(LAUNCH_OPTIONS);
  try {
    const token = await fetchDemoToken(baseUrl);
    const created = await front(baseUrl, token, '/app/create', {
      name: 'Coffee shop',
      description: 'Beans and brews, paid in USDT',
      telegram: 'coffee_shop',
      callbackUrl: receiver.url,
      ipWhitelist: '',
    });
    const shop = {
      appId: (created.app as { appId: string }).appId,
      appSecret: created.appSecret as string,
    };
    const pay = (order: CreatedOrder, amount: string) =>
      signedPost(baseUrl, shop, `/api/v1/test/collections/${order.orderNo}/pay`, { amount });
    const completed = await createSignedOrder(baseUrl, shop, {
      currency: 'USDT',
      network: 'TRON',
      amount: '50',
      description: 'Order #1024',
    });
    await pay(completed, '20');
    await pay(completed, '30');
    const overpaid = await createSignedOrder(baseUrl, shop, {
      currency: 'USDT',
      network: 'BSC',
      amount: '12.5',
    });
    await pay(overpaid, '13');
    await createSignedOrder(baseUrl, shop, { currency: 'USDC', amount: '8' });
    await waitForStatus(baseUrl, shop, completed, 'completed');
    await waitForStatus(baseUrl, shop, overpaid, 'completed');

    for (const language of LANGUAGES) {
      const suffix = language.toLowerCase().replace('_', '-');
      for (const viewport of [DESKTOP, PHONE]) {
        const page = await openAs(browser, baseUrl, language, viewport);
        await page.context().addCookies([{ name: 'token', value: token, url: baseUrl }]);
        await page.goto('/application');
        await page.getByTestId('app-card').first().waitFor();
        await shootWholeView(OUT_DIR, page, `application-cards-${viewport.width}-${suffix}`, viewport);
        await page.goto('/application/collection');
        await page.getByTestId('record-detail').first().waitFor();
        await shootWholeView(OUT_DIR, page, `collection-records-${viewport.width}-${suffix}`, viewport);
        await page
          .getByTestId('records-table')
          .locator('tbody tr.ant-table-row', { hasText: completed.orderNo })
          .getByTestId('record-detail')
          .click();
        await page.getByTestId('order-attempt').first().waitFor();
        await page.getByTestId('order-attempt').first().click();
        await shoot(OUT_DIR, page, `collection-detail-${viewport.width}-${suffix}`);
        await page.goto('/fundFlow');
        await page.getByTestId('fund-change').first().waitFor();
        await shootWholeView(OUT_DIR, page, `fund-flow-${viewport.width}-${suffix}`, viewport);
        await page.context().close();
      }
    }
  } finally {
    await browser.close();
    await receiver.close();
    await running?.stop();
  }
}

await main();
