import type { Browser, Page } from '@playwright/test';
import { expect, test } from '../src/fixtures';
import { freshMerchant, postFront } from '../src/fresh-merchant';
import { readBaseUrl } from '../src/server-env';
import { createShopApp, createSignedPayout } from '../src/signed-orders';

/**
 * Fund flow and bill report (issue 31 §3), as a new merchant (every withdrawal reviewed): a
 * simulated deposit of 100 USDT, then two payouts through the signed API; the operator approves
 * one (it completes on chain) and rejects the other. The fund flow then labels each record by
 * what it did (the deposit a credit with its DP… number; the completed payout's freeze, freeze,
 * settle and fee; the rejected one's freeze, freeze, release, release) and the bill report
 * shows money in, money out and their net in USDT, never the two added together. Both pages in
 * zh_CN and en_US, screenshots at 1440 and 390 px.
 */
const DEMO_OPERATOR = { email: 'ops@tollgate.dev', password: 'Tollgate2026' };
const TRON_ADDRESS = 'TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH';
const SETTLE_TIMEOUT = 90_000;

const LANGUAGES = [
  {
    code: 'zh_CN',
    shot: 'zh-cn',
    actions: { credit: '入账', freeze: '冻结', settle: '结算出账', fee: '手续费', release: '解冻退回' },
    flow: { in: '收入（USDT）', out: '支出（USDT）', net: '净额（USDT）' },
  },
  {
    code: 'en_US',
    shot: 'en-us',
    actions: { credit: 'Credit', freeze: 'Freeze', settle: 'Settle', fee: 'Fee', release: 'Release' },
    flow: { in: 'Money in (USDT)', out: 'Money out (USDT)', net: 'Net (USDT)' },
  },
] as const;

async function ops<T>(path: string, body: unknown, token?: string): Promise<T> {
  const response = await fetch(`${readBaseUrl()}/front/ops${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { 'x-ops-token': token } : {}) },
    body: JSON.stringify(body),
  });
  const envelope = (await response.json()) as { code: number; data: T; message: string };
  if (envelope.code !== 0) throw new Error(`ops${path}: ${envelope.code} ${envelope.message}`);
  return envelope.data;
}

interface FundRow {
  orderNo: string | null;
  type: string;
  action: string;
}

const merchantToday = () => new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);

async function openAs(browser: Browser, token: string, lang: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  await context.addCookies([{ name: 'token', value: token, url: readBaseUrl(), sameSite: 'Strict' }]);
  await context.addInitScript((code) => window.localStorage.setItem('lang', code), lang);
  return context.newPage();
}

test('fund flow labels what each record did; the bill report shows in, out and net (zh_CN, en_US)', async ({
  browser,
}, testInfo) => {
  test.setTimeout(300_000);
  const merchant = await freshMerchant('fund-actions');
  const info = await fetch(`${readBaseUrl()}/front/merchant/info`, {
    headers: { 'x-auth-token': merchant.token },
  });
  const { merchantId } = ((await info.json()) as { data: { merchantId: string } }).data;
  const payouts: string[] = [];

  await test.step('a deposit, then two payouts: one approved and completed, one rejected', async () => {
    await postFront(
      '/test/deposit',
      { coinName: 'USDT', chainId: 'TRON', amount: '100' },
      { token: merchant.token, json: true },
    );
    await expect
      .poll(
        async () => {
          const funds = await postFront(
            '/merchant/account/funds-record',
            { pageNo: 1, pageSize: 10 },
            { token: merchant.token, json: true },
          );
          return (funds.list as FundRow[]).length;
        },
        { timeout: SETTLE_TIMEOUT },
      )
      .toBe(1);
    const shop = await createShopApp(readBaseUrl(), 'Fund flow shop', merchant.token);
    for (const amount of ['20', '10']) {
      const payout = await createSignedPayout(readBaseUrl(), shop, {
        currency: 'USDT',
        network: 'TRON',
        address: TRON_ADDRESS,
        amount,
      });
      payouts.push(payout.orderNo);
    }
    const { token } = await ops<{ token: string }>('/login', DEMO_OPERATOR);
    const queue = await ops<{ list: { withdrawalNo: string; orderNo: string | null }[] }>(
      '/withdrawals/page',
      { pageNo: 1, pageSize: 50, merchantId: Number(merchantId), source: 'api' },
      token,
    );
    const withdrawalOf = (orderNo: string | undefined) => {
      const row = queue.list.find((item) => item.orderNo === orderNo);
      if (!row) throw new Error(`payout ${orderNo} is not in the queue`);
      return row.withdrawalNo;
    };
    await ops('/withdrawals/approve', { withdrawalNo: withdrawalOf(payouts[0]) }, token);
    await ops(
      '/withdrawals/reject',
      { withdrawalNo: withdrawalOf(payouts[1]), reason: 'Not this one' },
      token,
    );
    // 1 credit + 4 for the completed payout + 4 for the rejected one.
    await expect
      .poll(
        async () => {
          const funds = await postFront(
            '/merchant/account/funds-record',
            { pageNo: 1, pageSize: 20 },
            { token: merchant.token, json: true },
          );
          return (funds.list as FundRow[]).length;
        },
        { timeout: SETTLE_TIMEOUT, intervals: [1_000] },
      )
      .toBe(9);
  });

  const funds = (
    await postFront(
      '/merchant/account/funds-record',
      { pageNo: 1, pageSize: 20 },
      { token: merchant.token, json: true },
    )
  ).list as FundRow[];
  const deposit = funds.find((row) => row.type === 'deposit');
  expect(deposit?.orderNo).toMatch(/^DP\d{8}[0-9A-F]{20}$/);
  const actionsOf = (orderNo: string | null | undefined) =>
    funds.filter((row) => row.orderNo === orderNo).map((row) => row.action);
  expect(actionsOf(payouts[0])).toEqual(['fee', 'settle', 'freeze', 'freeze']);
  expect(actionsOf(payouts[1])).toEqual(['release', 'release', 'freeze', 'freeze']);
  const today = merchantToday();
  const bill = (await postFront(
    '/report/bill',
    { timeFrom: today, timeTo: today },
    { token: merchant.token, json: true },
  )) as { totalUsdt: { inUsdt: string; outUsdt: string; netUsdt: string; amountUsdt: string } };
  expect(bill.totalUsdt.inUsdt).toBe('100');

  for (const lang of LANGUAGES) {
    await test.step(`${lang.code}: the fund flow says what each record did`, async () => {
      const page = await openAs(browser, merchant.token, lang.code);
      await page.goto('/fundFlow');
      const table = page.getByTestId('fund-table');
      const rowOf = (orderNo: string | null | undefined) =>
        table.locator('tr.ant-table-row', { hasText: orderNo ?? '' });
      // The first list of a fresh page (its chunk and the call) on a loaded machine: a longer wait.
      await expect(rowOf(deposit?.orderNo).getByTestId('fund-action')).toHaveText(lang.actions.credit, {
        timeout: 45_000,
      });
      await expect(rowOf(payouts[0]).getByTestId('fund-action')).toHaveText([
        lang.actions.fee,
        lang.actions.settle,
        lang.actions.freeze,
        lang.actions.freeze,
      ]);
      await expect(rowOf(payouts[1]).getByTestId('fund-action')).toHaveText([
        lang.actions.release,
        lang.actions.release,
        lang.actions.freeze,
        lang.actions.freeze,
      ]);
      await page.screenshot({ path: testInfo.outputPath(`fund-flow-1440-${lang.shot}.png`) });
      await page.setViewportSize({ width: 390, height: 844 });
      await expect(table).toBeVisible();
      await page.screenshot({ path: testInfo.outputPath(`fund-flow-390-${lang.shot}.png`) });
      await page.context().close();
    });

    await test.step(`${lang.code}: the bill report shows money in, money out and net`, async () => {
      const page = await openAs(browser, merchant.token, lang.code);
      await page.goto('/report/bill');
      const flow = page.getByTestId('report-flow');
      await expect(flow).toContainText(lang.flow.in, { timeout: 45_000 });
      await expect(flow).toContainText(lang.flow.out);
      await expect(flow).toContainText(lang.flow.net);
      await expect(page.getByTestId('report-flow-in')).toHaveText('100.00');
      const fixed = (value: string) => {
        const [int = '0', frac = ''] = value.replace('-', '').split('.');
        return `${value.startsWith('-') ? '-' : ''}${int}.${frac.padEnd(2, '0')}`;
      };
      // Whole cents here (20 + its fee out, 100 in): no rounding to hover over.
      await expect(page.getByTestId('report-flow-out')).toHaveText(fixed(bill.totalUsdt.outUsdt));
      await expect(page.getByTestId('report-flow-net')).toHaveText(fixed(bill.totalUsdt.netUsdt));
      await expect(page.getByTestId('report-usdt-in')).toHaveText('100.00');
      await expect(page.getByTestId('report-usdt-net')).toHaveText(fixed(bill.totalUsdt.netUsdt));
      // The amount total, in and out added together, is not shown on the bill.
      await expect(page.getByTestId('report-usdt-amount')).toHaveCount(0);
      await page.screenshot({ path: testInfo.outputPath(`bill-report-1440-${lang.shot}.png`) });
      await page.setViewportSize({ width: 390, height: 844 });
      await expect(flow).toBeVisible();
      await page.screenshot({ path: testInfo.outputPath(`bill-report-390-${lang.shot}.png`) });
      await page.getByTestId('report-usdt-net-row').scrollIntoViewIfNeeded();
      await page.screenshot({ path: testInfo.outputPath(`bill-report-390-table-${lang.shot}.png`) });
      await page.context().close();
    });
  }
});
