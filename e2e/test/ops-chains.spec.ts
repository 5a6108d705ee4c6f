import type { Page } from '@playwright/test';
import { expect, test } from '../src/fixtures';
import { freshMerchant } from '../src/fresh-merchant';
import { readBaseUrl } from '../src/server-env';
import { createShopApp, createSignedOrder, payTestCollection } from '../src/signed-orders';

/**
 * Issue 32's operator pages in the browser, on devnet:
 * 1. a shop's customer pays an ETH USDT order in USDC (the wrong token): the watcher records it
 *    unmatched, and the operator finds it on the Unmatched transfers page, with whose order it
 *    came to; crediting it (after the confirmation) adds it to the merchant's USDC balance, once;
 * 2. the Chains page shows every chain running, with its scan and the hot wallet's address;
 * 3. both pages at 390 px.
 * Every wait is for what the server or a page shows, never a fixed sleep.
 */
const DEMO_OPERATOR = { email: 'ops@tollgate.dev', password: 'Tollgate2026' };
const SETTLE_TIMEOUT = 90_000;

async function call(path: string, init: { token?: string; ops?: string; body?: unknown } = {}) {
  const response = await fetch(`${readBaseUrl()}/front${path}`, {
    method: init.body === undefined ? 'GET' : 'POST',
    headers: {
      'content-type': 'application/json',
      lang: 'en_US',
      ...(init.token ? { 'x-auth-token': init.token } : {}),
      ...(init.ops ? { 'x-ops-token': init.ops } : {}),
    },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  const envelope = (await response.json()) as {
    code: number;
    message: string;
    data: Record<string, unknown>;
  };
  if (envelope.code !== 0) throw new Error(`${path}: ${envelope.code} ${envelope.message}`);
  return envelope.data;
}

async function opsPage(page: Page, opsToken: string, path: string) {
  await page.addInitScript(
    ([token]) => {
      window.sessionStorage.setItem('opsToken', token ?? '');
      window.localStorage.setItem('lang', 'en_US');
    },
    [opsToken],
  );
  await page.goto(path);
}

test('an unmatched transfer is credited once from the operator console; the Chains page shows the chains', async ({
  page,
  browser,
}) => {
  test.setTimeout(SETTLE_TIMEOUT * 2);
  const merchant = await freshMerchant('unmatched');
  const shop = await createShopApp(readBaseUrl(), 'Unmatched e2e shop', merchant.token);
  const order = await createSignedOrder(readBaseUrl(), shop, {
    currency: 'USDT',
    network: 'ETH',
    amount: '15',
  });
  await payTestCollection(readBaseUrl(), shop, order.orderNo, '4.25', 'USDC');
  const opsToken = (await call('/ops/login', { body: DEMO_OPERATOR })).token as string;

  await test.step('the watcher records the USDC as unmatched', async () => {
    await expect
      .poll(
        async () => {
          const list = (await call('/ops/unmatched/page', { ops: opsToken, body: {} })).list as {
            owner: { orderNo: string | null };
          }[];
          return list.some((row) => row.owner.orderNo === order.orderNo);
        },
        { timeout: SETTLE_TIMEOUT },
      )
      .toBe(true);
  });

  await test.step('the operator credits it to the merchant after confirming', async () => {
    await opsPage(page, opsToken, '/ops/unmatched');
    const row = page.getByTestId('ops-unmatched-table').getByRole('row').filter({ hasText: order.orderNo });
    await expect(row).toContainText('4.25 USDC');
    await expect(row).toContainText(merchant.email);
    await expect(row.getByTestId('ops-unmatched-status')).toHaveText('Waiting');
    await row.getByTestId('ops-unmatched-credit').click();
    await expect(page.getByRole('dialog')).toContainText(merchant.email);
    await page.getByTestId('ops-unmatched-credit-confirm').click();
    await expect(page.getByText(`Credited to ${merchant.email}`)).toBeVisible();
    // Gone from the waiting ones; listed under Credited.
    await expect(row).toHaveCount(0);
    await page.getByTestId('ops-unmatched-filter').click();
    await page.locator('.ant-select-item-option', { hasText: 'Credited' }).click();
    await expect(row.getByTestId('ops-unmatched-status')).toHaveText('Credited');
    const overview = await call('/merchant/account/overview', { token: merchant.token });
    const assets = overview.assets as { coinName: string; available: string }[];
    expect(assets.find((asset) => asset.coinName === 'USDC')?.available).toBe('4.25');
  });

  await test.step('the Chains page: every chain running, its scan, its wallets', async () => {
    await page.goto('/ops/chains');
    for (const chainId of ['ETH', 'TRON', 'BSC', 'POLYGON', 'DOGE']) {
      await expect(page.getByTestId(`ops-chain-${chainId}`).getByTestId('ops-chain-state')).toHaveText(
        'Running',
      );
    }
    const eth = page.getByTestId('ops-chain-ETH');
    await expect(eth.getByTestId('ops-chain-scanned')).toHaveText(/^\d+$/);
    await expect(eth.getByTestId('ops-chain-wallet-hot')).toContainText(/0x[0-9a-fA-F]{40}/);
    await expect(eth.getByTestId('ops-chain-wallet-gas')).toContainText(/0x[0-9a-fA-F]{40}/);
    await expect(page.getByTestId('ops-chain-DOGE').getByTestId('ops-chain-wallet-gas')).toHaveCount(0);
  });

  await test.step('both pages on a phone', async () => {
    const phone = await browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    const small = await phone.newPage();
    await opsPage(small, opsToken, '/ops/chains');
    const eth = small.getByTestId('ops-chain-ETH');
    await expect(eth.getByTestId('ops-chain-state')).toHaveText('Running');
    const card = await eth.boundingBox();
    expect(card?.width ?? 0).toBeLessThanOrEqual(390);
    await small.goto('/ops/unmatched');
    await expect(small.getByTestId('ops-unmatched-table')).toBeVisible();
    await phone.close();
  });
});
