import type { Page } from '@playwright/test';
import { type CallbackReceiver, isSignedBy, startCallbackReceiver } from '../src/callback-receiver';
import { expect, test } from '../src/fixtures';
import { freshMerchant, postFront } from '../src/fresh-merchant';
import { readBaseUrl } from '../src/server-env';
import { openFromMenu } from '../src/side-menu';
import { createSignedOrder } from '../src/signed-orders';

/**
 * Issue 7's whole collection flow in the browser, once per language, as a new merchant:
 * 1. create an application in My applications (callback URL: a receiver of the test's own) and
 *    read its secret there;
 * 2. the test, as the shop's server, signs POST /api/v1/collections with that secret;
 * 3. the customer opens the cashier and simulates an underpaid payment, then the rest;
 * 4. the order is completed and the shop was told through signed callbacks;
 * 5. back in the back office (no reload), moving to the fund flow shows the credit there and
 *    in the header;
 * 6. the collection records show the order completed, with its delivery log.
 * Blocks come every DEVNET_BLOCK_MS (3 s): every wait is for what the page shows.
 */
const LANGUAGES = [
  {
    code: 'zh_CN',
    simulate: '模拟付款（测试模式）',
    simulateButton: '模拟付款',
    totalBalance: (amount: string) => `总余额 ≈ ${amount} USDT`,
    completed: '已完成',
    fundFlowMenu: '资金流水',
    assetMenu: '资产管理',
    myAppsMenu: '我的应用',
    collectionType: '代收',
    delivered: '已送达',
    attempt: 'collection.completed · 第 1 次已确认',
    weekTotals: '近 7 天共完成 1 笔，金额 50.00 USDT',
    weekTooltip: '金额: 50.00 USDT',
    weekNoPayouts: '近 7 天没有已完成的代付订单。',
    collectionKind: '代收',
    payoutKind: '代付',
    shot: 'zh-cn',
  },
  {
    code: 'en_US',
    simulate: 'Simulate payment (test mode)',
    simulateButton: 'Simulate payment',
    totalBalance: (amount: string) => `Total balance ≈ ${amount} USDT`,
    completed: 'Completed',
    fundFlowMenu: 'Fund flow',
    assetMenu: 'Asset management',
    myAppsMenu: 'My applications',
    collectionType: 'Collection',
    delivered: 'Delivered',
    attempt: 'collection.completed · attempt 1Acknowledged',
    weekTotals: '1 completed in the past 7 days, 50.00 USDT',
    weekTooltip: 'Amount: 50.00 USDT',
    weekNoPayouts: 'No payout orders were completed in the past 7 days.',
    collectionKind: 'Collection',
    payoutKind: 'Payout',
    shot: 'en-us',
  },
] as const;

const PAYMENT_TIMEOUT = 60_000;

/** "49.6" → "49.60": the header's two places, for an amount that has at most two. */
function twoPlaces(amount: string): string {
  const [whole = '0', fraction = ''] = amount.split('.');
  expect(fraction.length, `${amount} has more than two places`).toBeLessThanOrEqual(2);
  return `${whole}.${fraction.padEnd(2, '0')}`;
}

async function readShownSecret(page: Page): Promise<string> {
  const value = page.getByTestId('app-secret-value');
  await expect(value).toContainText(/[0-9a-f]{64}/);
  const secret = (await value.textContent())?.match(/[0-9a-f]{64}/)?.[0];
  if (!secret) throw new Error('no secret shown');
  await page.getByTestId('app-secret-done').click();
  await expect(value).toBeHidden();
  return secret;
}

for (const lang of LANGUAGES) {
  test.describe(lang.code, () => {
    let receiver: CallbackReceiver;
    test.beforeAll(async () => {
      receiver = await startCallbackReceiver();
    });
    test.afterAll(async () => {
      await receiver.close();
    });

    test(`${lang.code}: app, signed order, cashier underpaid then paid, callbacks, balance`, async ({
      page,
      context,
    }, testInfo) => {
      test.setTimeout(240_000);
      const baseUrl = readBaseUrl();
      const merchant = await freshMerchant(`e2e-flow-${lang.code.toLowerCase()}`);
      await context.addCookies([{ name: 'token', value: merchant.token, url: baseUrl, sameSite: 'Lax' }]);
      await page.addInitScript((code) => window.localStorage.setItem('lang', code), lang.code);

      let appId = '';
      let appSecret = '';
      await test.step('create an application and read its secret', async () => {
        await page.goto('/application');
        const view = page.getByTestId('page-application');
        await view.getByTestId('empty-data').getByTestId('app-add').click();
        await page.getByTestId('app-form-name').fill(`Flow shop ${lang.code}`);
        await page.getByTestId('app-form-callback-url').fill(receiver.url);
        await page.getByTestId('app-form-submit').click();
        appSecret = await readShownSecret(page);
        const card = view.getByTestId('app-card');
        await expect(card).toHaveCount(1);
        appId = (await card.getAttribute('data-app-id')) ?? '';
        expect(appId).toMatch(/^app_[0-9a-f]{20}$/);
        await expect(card).toContainText(receiver.url);
      });

      const order = await test.step('the shop server signs a create', () =>
        createSignedOrder(
          baseUrl,
          { appId, appSecret },
          { currency: 'USDT', network: 'TRON', amount: '50', language: lang.code },
        ));
      expect(order.status).toBe('pending');

      await expect(page.getByTestId('header-balance')).toHaveText(lang.totalBalance('0.00'));

      await test.step('the customer underpays, then pays the rest, on the cashier', async () => {
        const cashier = await context.newPage();
        await cashier.goto(order.cashierUrl);
        const status = cashier.getByTestId('status');
        const simulate = cashier.getByRole('region', { name: lang.simulate });
        await simulate.locator('input').fill('20');
        await simulate.getByRole('button', { name: lang.simulateButton }).click();
        await expect(status).toHaveAttribute('data-phase', 'underpaid', { timeout: PAYMENT_TIMEOUT });
        await expect(simulate.locator('input')).toHaveValue('30');
        await simulate.getByRole('button', { name: lang.simulateButton }).click();
        await expect(status).toHaveAttribute('data-phase', 'completed', { timeout: PAYMENT_TIMEOUT });
        await cashier.close();
      });

      await test.step('the shop was told, each callback signed with the secret', async () => {
        const mine = () => receiver.received.filter((c) => c.event.data.order.orderNo === order.orderNo);
        await expect
          .poll(() => mine().map((c) => c.event.type), { timeout: PAYMENT_TIMEOUT })
          .toEqual(
            expect.arrayContaining([
              'collection.payment_received',
              'collection.confirming',
              'collection.completed',
            ]),
          );
        for (const callback of mine()) expect(isSignedBy(callback, appSecret)).toBe(true);
        const completed = mine().find((c) => c.event.type === 'collection.completed');
        expect(completed?.event.data.order.status).toBe('completed');
      });

      await test.step('back in the back office, moving to the fund flow shows the credit', async () => {
        const funds = (await postFront(
          '/merchant/account/funds-record',
          { pageNo: 1, pageSize: 10 },
          { token: merchant.token, json: true },
        )) as { list: { orderNo: string; balanceAfter: string; changeAmount: string }[] };
        // The newest: the balance after the last payment.
        const record = funds.list.find((item) => item.orderNo === order.orderNo);
        expect(record).toBeDefined();
        // No reload: the page is the one that created the app; the menu moves within the app.
        await page.getByTestId('side-menu').getByRole('menuitem', { name: lang.fundFlowMenu }).click();
        await expect(page.getByTestId('header-balance')).toHaveText(
          lang.totalBalance(twoPlaces(record?.balanceAfter ?? '')),
        );
        // One record per credited payment (20, then 30), newest first, as the API lists them.
        const mine = funds.list.filter((item) => item.orderNo === order.orderNo);
        expect(mine).toHaveLength(2);
        const rows = page
          .getByTestId('fund-table')
          .locator('tbody tr.ant-table-row', { hasText: order.orderNo });
        await expect(rows).toHaveCount(2);
        await expect(rows.getByTestId('fund-type')).toHaveText([lang.collectionType, lang.collectionType]);
        // Exact, with thousands separators (as the asset page writes amounts).
        const grouped = (value: string) =>
          value.replace(
            /^(-?)(\d+)/,
            (_, sign: string, int: string) => sign + int.replace(/\B(?=(\d{3})+(?!\d))/g, ','),
          );
        await expect(rows.getByTestId('fund-change')).toHaveText(
          mine.map((item) => `+${grouped(item.changeAmount)}`),
        );
        await expect(rows.getByTestId('fund-balance-after')).toHaveText(
          mine.map((item) => grouped(item.balanceAfter)),
        );
      });

      await test.step('the asset page shows the credit, its share, and hides small assets on request', async () => {
        const funds = (await postFront(
          '/merchant/account/funds-record',
          { pageNo: 1, pageSize: 10 },
          { token: merchant.token, json: true },
        )) as { list: { orderNo: string; balanceAfter: string }[] };
        const balance = funds.list.find((item) => item.orderNo === order.orderNo)?.balanceAfter ?? '';
        await page.getByTestId('side-menu').getByRole('menuitem', { name: lang.assetMenu }).click();
        await expect(page.getByTestId('asset-total')).toContainText(twoPlaces(balance));
        await expect(page.getByTestId('asset-held')).toContainText('1');
        const slices = page.getByTestId('asset-distribution').locator('li');
        await expect(slices).toHaveCount(1);
        await expect(page.getByTestId('distribution-USDT')).toContainText('100.00%');
        const table = page.getByTestId('asset-table');
        const usdt = table.getByRole('row').filter({ hasText: 'USDT' });
        await expect(usdt.getByRole('cell').nth(1)).toHaveText(balance);
        await expect(table.getByRole('row')).toHaveCount(8); // the header and the seven currencies
        await page.getByTestId('hide-small-assets').click();
        await expect(table.getByRole('row')).toHaveCount(2);
        // Remembered by this browser: still on after a reload.
        await page.reload();
        await expect(page.getByTestId('hide-small-assets')).toBeChecked();
        await expect(page.getByTestId('asset-table').getByRole('row')).toHaveCount(2);
        await page.getByTestId('hide-small-assets').click();
        await expect(page.getByTestId('asset-table').getByRole('row')).toHaveCount(8);
      });

      await test.step('the records show the order completed, with its delivery log', async () => {
        await openFromMenu(page, lang.myAppsMenu);
        // A click on the link that lands while the view is still settling is lost (seen once in
        // CI): clicked again, while it is still there, until the records show.
        const link = page.getByTestId('app-records-link');
        const records = page.getByTestId('collection-records');
        await expect(async () => {
          if (await link.isVisible()) await link.click({ timeout: 5_000 });
          await expect(records).toBeVisible({ timeout: 5_000 });
        }).toPass({ timeout: 30_000 });
        // The link lands on the records themselves, below the product intro.
        await expect(records.getByTestId('records-filter')).toBeInViewport();
        await records.getByTestId('filter-orderNo').fill(order.orderNo);
        await records.getByTestId('records-search').click();
        const row = records
          .getByTestId('records-table')
          .locator('tbody tr.ant-table-row', { hasText: order.orderNo });
        await expect(row).toHaveCount(1);
        await expect(row.getByTestId('order-status')).toHaveText(lang.completed);
        await expect(row.getByTestId('order-test-tag')).toBeVisible();
        await row.getByTestId('record-detail').click();
        const drawer = page.getByTestId('order-detail');
        await expect(drawer.getByTestId('order-push-status')).toHaveText(lang.delivered);
        await expect(drawer.getByTestId('order-attempt').filter({ hasText: lang.attempt })).toHaveCount(1);
        await expect(drawer.getByTestId('order-transfers').locator('tbody tr.ant-table-row')).toHaveCount(2);
      });

      await test.step("the dashboard counts it in today's collection orders", async () => {
        await page.goto('/dashboard');
        await expect(page.getByTestId('today-collection-created')).toContainText('1');
        await expect(page.getByTestId('today-collection-completed')).toContainText('1');
        // 50 USDT at a 0.8 % collection rate.
        await expect(page.getByTestId('today-collection-amount')).toContainText('50.00');
        await expect(page.getByTestId('today-collection-fee')).toContainText('0.40');
        await expect(page.getByTestId('today-payout-created')).toContainText('0');
      });

      await test.step("the weekly chart draws it on today's bar, its tooltip in the language", async () => {
        const card = page.getByTestId('weekly-chart');
        await expect(card.getByTestId('weekly-chart-totals')).toContainText(lang.weekTotals);
        const chart = card.getByTestId('weekly-chart-canvas');
        await expect(chart.locator('svg')).toBeVisible();
        // The axis tooltip answers anywhere in a day's column: today's is the last, left of the
        // right axis's labels.
        await chart.scrollIntoViewIfNeeded();
        const tooltip = card.locator('div', { hasText: lang.weekTooltip }).last();
        await expect(async () => {
          const box = await chart.boundingBox();
          if (!box) throw new Error('no chart');
          await page.mouse.move(box.x + box.width - 100, box.y + box.height / 2);
          await expect(tooltip).toBeVisible({ timeout: 2_000 });
        }).toPass({ timeout: 20_000 });
        await page.screenshot({ path: testInfo.outputPath(`page-dashboard-1440-${lang.shot}.png`) });
        await card.getByTestId('weekly-chart-type').getByText(lang.payoutKind).click();
        await expect(card.getByTestId('weekly-chart-totals')).toContainText(lang.weekNoPayouts);
        await page.setViewportSize({ width: 390, height: 844 });
        await page.getByTestId('weekly-chart-type').getByText(lang.collectionKind).click();
        await expect(card.getByTestId('weekly-chart-totals')).toContainText(lang.weekTotals);
        await expect(chart.locator('svg')).toBeVisible();
        await chart.scrollIntoViewIfNeeded();
        await page.screenshot({
          path: testInfo.outputPath(`page-dashboard-390-${lang.shot}.png`),
        });
      });
    });
  });
}
