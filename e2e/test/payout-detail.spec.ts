import { expect, test } from '../src/fixtures';
import { freshMerchant, postFront } from '../src/fresh-merchant';
import { readBaseUrl } from '../src/server-env';
import { createShopApp, createSignedPayout } from '../src/signed-orders';

/**
 * A payout order's detail reads as a payout (issue 8): a new merchant (every withdrawal reviewed)
 * is credited by a simulated deposit and pays out through the signed API; the operator approves
 * it with "fail on chain" (devnet), so it ends failed. On the payout page the merchant opens its
 * detail: the recipient address, the withdrawal's number, status and why it failed, in the
 * page's language, and none of a collection's cashier, deadline or transfer blocks. On the asset
 * page, the withdrawal records mark its withdrawal as the payout's.
 */
const DEMO_OPERATOR = { email: 'ops@tollgate.dev', password: 'Tollgate2026' };
const TRON_ADDRESS = 'TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH';
const SETTLE_TIMEOUT = 90_000;

async function front<T>(path: string, token: string): Promise<T> {
  const response = await fetch(`${readBaseUrl()}/front${path}`, { headers: { 'x-auth-token': token } });
  const envelope = (await response.json()) as { code: number; data: T; message: string };
  if (envelope.code !== 0) throw new Error(`${path}: ${envelope.code} ${envelope.message}`);
  return envelope.data;
}

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

for (const lang of [
  {
    code: 'en_US',
    recipient: 'Recipient address',
    cashier: 'Cashier',
    failed: 'Failed',
    reason: 'The transfer failed on chain; the amount and fee went back to the available balance',
    withdrawals: 'Withdrawals',
    payoutSource: 'Payout',
  },
  {
    code: 'zh_CN',
    recipient: '收款地址',
    cashier: '收银台',
    failed: '失败',
    reason: '链上转账失败，金额和手续费已退回可用余额',
    withdrawals: '提现记录',
    payoutSource: '代付',
  },
]) {
  test(`a failed payout's detail: recipient, withdrawal and its reason, no cashier (${lang.code})`, async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    const merchant = await freshMerchant('payout-detail');
    const { merchantId } = await front<{ merchantId: string }>('/merchant/info', merchant.token);
    let orderNo = '';

    await test.step('credited by a deposit, the shop pays out through the signed API', async () => {
      await postFront(
        '/test/deposit',
        { coinName: 'USDT', chainId: 'TRON', amount: '100' },
        { token: merchant.token, json: true },
      );
      await expect
        .poll(
          async () => {
            const overview = await front<{ assets: { coinName: string; available: string }[] }>(
              '/merchant/account/overview',
              merchant.token,
            );
            return overview.assets.find((asset) => asset.coinName === 'USDT')?.available ?? '0';
          },
          { timeout: SETTLE_TIMEOUT },
        )
        .toMatch(/^100(\.0+)?$/);
      const shop = await createShopApp(readBaseUrl(), 'Payroll', merchant.token);
      const payout = await createSignedPayout(readBaseUrl(), shop, {
        currency: 'USDT',
        network: 'TRON',
        address: TRON_ADDRESS,
        amount: '10',
        description: 'November salary',
      });
      expect(payout.status).toBe('pending_review');
      orderNo = payout.orderNo;
    });

    await test.step('the operator approves it to fail on chain; it ends failed', async () => {
      const { token } = await ops<{ token: string }>('/login', DEMO_OPERATOR);
      const queue = await ops<{ list: { withdrawalNo: string; orderNo: string | null }[] }>(
        '/withdrawals/page',
        { pageNo: 1, pageSize: 50, merchantId: Number(merchantId), source: 'api' },
        token,
      );
      const withdrawal = queue.list.find((row) => row.orderNo === orderNo);
      if (!withdrawal) throw new Error(`payout ${orderNo} is not in the queue`);
      await ops('/withdrawals/approve', { withdrawalNo: withdrawal.withdrawalNo, failOnChain: true }, token);
      await expect
        .poll(
          async () => {
            const page = await postFront(
              '/mchOrder/page',
              { type: 'payout', pageNo: 1, pageSize: 10 },
              { token: merchant.token, json: true },
            );
            return (page.list as { orderNo: string; status: string }[]).find((row) => row.orderNo === orderNo)
              ?.status;
          },
          { timeout: SETTLE_TIMEOUT },
        )
        .toBe('failed');
    });

    await test.step("the payout page shows it as a payout, the asset page its withdrawal as the payout's", async () => {
      const context = await browser.newContext();
      await context.addCookies([
        { name: 'token', value: merchant.token, url: readBaseUrl(), sameSite: 'Lax' },
      ]);
      const page = await context.newPage();
      await page.addInitScript((code) => window.localStorage.setItem('lang', code), lang.code);
      await page.goto('/application/payer');
      const records = page.getByTestId('payout-records');
      await records.getByRole('row').filter({ hasText: orderNo }).getByTestId('record-detail').click();
      const drawer = page.getByTestId('order-detail');
      const fields = drawer.getByTestId('order-detail-fields');
      await expect(fields).toContainText(lang.recipient);
      await expect(fields).toContainText(TRON_ADDRESS);
      await expect(fields.getByText(lang.cashier, { exact: true })).toHaveCount(0);
      await expect(drawer.getByTestId('order-transfers')).toHaveCount(0);
      const withdrawal = drawer.getByTestId('order-withdrawal');
      await expect(withdrawal).toContainText(lang.failed);
      await expect(withdrawal).toContainText(lang.reason);
      await expect(withdrawal).not.toContainText('reverted');

      // The asset page's withdrawal records say this withdrawal was made for that payout order.
      await page.goto('/finance');
      await page.getByTestId('finance-records').getByRole('tab', { name: lang.withdrawals }).click();
      const row = page.getByTestId('records-withdrawal-table').getByRole('row').filter({ hasText: orderNo });
      await expect(row.getByTestId('record-source')).toContainText(lang.payoutSource);
      await expect(row.getByTestId('record-status')).toContainText(lang.failed);
      await context.close();
    });
  });
}
