import type { Browser, Page } from '@playwright/test';
import { expect, test } from '../src/fixtures';
import { freshMerchant, postFront } from '../src/fresh-merchant';
import { readBaseUrl } from '../src/server-env';
import { GoogleCodes } from '../src/totp';

/**
 * Issue 8's operator console in the browser, on devnet:
 * 1. a new merchant (auto-approve threshold 0: every withdrawal is reviewed) is credited by a
 *    simulated deposit and asks for two withdrawals, which wait in pending_review;
 * 2. the demo operator signs in at /ops/login and finds them in the review queue, filtered by
 *    the merchant's ID (other flows add to the queue at the same time);
 * 3. one is approved after its confirmation: the merchant's record reaches completed once the
 *    devnet transfer confirms; the other is rejected with a reason (required): rejected;
 * 4. the audit log shows both decisions.
 * Blocks come every few seconds: every wait is for what a page shows, never a fixed sleep.
 */
const DEMO_OPERATOR = { email: 'ops@tollgate.dev', password: 'Tollgate2026' };
const TRON_ADDRESS = 'TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH';
const APPROVED_AMOUNT = '21';
const REJECTED_AMOUNT = '12.5';
const SETTLE_TIMEOUT = 90_000;

async function getFront(path: string, token: string): Promise<Record<string, unknown>> {
  const response = await fetch(`${readBaseUrl()}/front${path}`, { headers: { 'x-auth-token': token } });
  const envelope = (await response.json()) as {
    code: number;
    data: Record<string, unknown>;
    message: string;
  };
  if (envelope.code !== 0) throw new Error(`${path}: ${envelope.code} ${envelope.message}`);
  return envelope.data;
}

async function usdtAvailable(token: string): Promise<string> {
  const overview = await getFront('/merchant/account/overview', token);
  const assets = overview.assets as { coinName: string; available: string }[];
  return assets.find((asset) => asset.coinName === 'USDT')?.available ?? '0';
}

async function merchantPage(browser: Browser, token: string): Promise<Page> {
  const context = await browser.newContext();
  await context.addCookies([{ name: 'token', value: token, url: readBaseUrl(), sameSite: 'Lax' }]);
  const page = await context.newPage();
  await page.addInitScript(() => window.localStorage.setItem('lang', 'en_US'));
  await page.goto('/finance');
  await page.getByRole('tab', { name: 'Withdrawals' }).click();
  return page;
}

const merchantRecord = (page: Page, amount: string) =>
  page
    .getByTestId('records-withdrawal-table')
    .getByRole('row')
    .filter({ has: page.locator('.amount', { hasText: new RegExp(`^${amount.replace('.', '\\.')}$`) }) });

/**
 * The merchant's row of that amount: other tests' merchants may have withdrawals of the same
 * amount in the queue (the search narrows it to this merchant, but the list shown before its
 * answer arrives still holds theirs).
 */
const queueRow = (page: Page, amount: string, email: string) =>
  page
    .getByTestId('ops-queue-table')
    .getByRole('row')
    .filter({ hasText: email })
    .filter({
      has: page.locator('.ops-amount', { hasText: new RegExp(`^${amount.replace('.', '\\.')} USDT$`) }),
    });

test('the operator approves one withdrawal (completed on chain) and rejects another with a reason; both are audited (en_US)', async ({
  page,
  browser,
}) => {
  // Three Google codes of distinct 30 s windows: the last may wait for its window.
  test.setTimeout(300_000);
  const merchant = await freshMerchant('ops');
  const { merchantId } = (await getFront('/merchant/info', merchant.token)) as { merchantId: string };
  const withdrawalNos: Record<'approved' | 'rejected', string> = { approved: '', rejected: '' };

  await test.step('the merchant: a simulated deposit, credited; two withdrawals waiting for review', async () => {
    const check = await getFront('/google/check', merchant.token);
    const codes = new GoogleCodes(check.secret as string);
    await postFront(
      '/google/send',
      { password: merchant.password, code: await codes.next() },
      { token: merchant.token, json: true },
    );
    await postFront(
      '/test/deposit',
      { coinName: 'USDT', chainId: 'TRON', amount: '100' },
      { token: merchant.token, json: true },
    );
    await expect
      .poll(() => usdtAvailable(merchant.token), { timeout: SETTLE_TIMEOUT })
      .toMatch(/^100(\.0+)?$/);
    for (const [key, amount] of [
      ['approved', APPROVED_AMOUNT],
      ['rejected', REJECTED_AMOUNT],
    ] as const) {
      const result = await postFront(
        '/merchant/account/withdrawal',
        { coinName: 'USDT', chainId: 'TRON', address: TRON_ADDRESS, amount, googleCode: await codes.next() },
        { token: merchant.token, json: true, lang: 'en_US' },
      );
      const withdrawal = result.withdrawal as { withdrawalNo: string; status: string };
      // Threshold 0 for a new merchant: nothing skips review.
      expect(withdrawal.status).toBe('pending_review');
      withdrawalNos[key] = withdrawal.withdrawalNo;
    }
  });

  await test.step('the operator signs in at /ops/login and finds both in the queue', async () => {
    await page.addInitScript(() => window.localStorage.setItem('lang', 'en_US'));
    await page.goto('/ops/queue');
    await expect(page).toHaveURL(/\/ops\/login\?redirect=%2Fops%2Fqueue$/);
    await page.getByTestId('ops-login-email').fill(DEMO_OPERATOR.email);
    await page.getByTestId('ops-login-password').fill(DEMO_OPERATOR.password);
    await page.getByTestId('ops-login-submit').click();
    await expect(page).toHaveURL(/\/ops\/queue$/);
    await expect(page.getByTestId('ops-operator-email')).toContainText(DEMO_OPERATOR.email);
    await page.getByTestId('ops-queue-merchant').fill(merchantId);
    await page.getByTestId('ops-queue-search').click();
    await expect(queueRow(page, APPROVED_AMOUNT, merchant.email)).toBeVisible();
    await expect(queueRow(page, REJECTED_AMOUNT, merchant.email)).toBeVisible();
    await expect(queueRow(page, APPROVED_AMOUNT, merchant.email)).toContainText(merchant.email);
  });

  await test.step('the detail: the merchant, its frozen balance, the address', async () => {
    await queueRow(page, APPROVED_AMOUNT, merchant.email).getByTestId('ops-queue-detail').click();
    const drawer = page.getByTestId('ops-withdrawal-drawer');
    await expect(drawer).toContainText(withdrawalNos.approved);
    await expect(drawer.getByTestId('ops-drawer-merchant')).toContainText(merchant.email);
    await expect(drawer.getByTestId('ops-drawer-merchant')).toContainText('0 USDT');
    await expect(drawer).toContainText(TRON_ADDRESS);
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
  });

  await test.step('approve after the confirmation: the merchant record reaches completed', async () => {
    await queueRow(page, APPROVED_AMOUNT, merchant.email).getByTestId('ops-queue-approve').click();
    const dialog = page.getByTestId('ops-review-dialog');
    await expect(dialog.getByTestId('ops-review-text')).toHaveText(
      'Approve this withdrawal? It will be sent on chain.',
    );
    await dialog.getByTestId('ops-review-confirm').click();
    await expect(
      page.getByText(`Withdrawal ${withdrawalNos.approved} approved: it is being sent`),
    ).toBeVisible();
    await expect(queueRow(page, APPROVED_AMOUNT, merchant.email)).toHaveCount(0);

    const merchantView = await merchantPage(browser, merchant.token);
    await expect(merchantRecord(merchantView, APPROVED_AMOUNT).getByTestId('record-status')).toHaveText(
      'Completed',
      { timeout: SETTLE_TIMEOUT },
    );
    await merchantView.context().close();
  });

  await test.step('reject: the reason is required; then rejected, and the merchant sees it', async () => {
    await queueRow(page, REJECTED_AMOUNT, merchant.email).getByTestId('ops-queue-reject').click();
    const dialog = page.getByTestId('ops-review-dialog');
    await expect(dialog.getByTestId('ops-review-text')).toHaveText(
      "Reject this withdrawal? The amount and fee return to the merchant's available balance.",
    );
    await dialog.getByTestId('ops-review-confirm').click();
    await expect(dialog.getByText('Enter the reason for rejecting')).toBeVisible();
    await dialog.getByTestId('ops-reject-reason').fill('Destination failed the compliance check');
    await dialog.getByTestId('ops-review-confirm').click();
    await expect(page.getByText(`Withdrawal ${withdrawalNos.rejected} rejected`)).toBeVisible();
    await expect(queueRow(page, REJECTED_AMOUNT, merchant.email)).toHaveCount(0);

    const merchantView = await merchantPage(browser, merchant.token);
    await expect(merchantRecord(merchantView, REJECTED_AMOUNT).getByTestId('record-status')).toHaveText(
      'Rejected',
    );
    // The operator's reason is written under the status, readable without hovering.
    await expect(merchantRecord(merchantView, REJECTED_AMOUNT).getByTestId('record-reason')).toHaveText(
      'Reason: Destination failed the compliance check',
    );
    await merchantView.context().close();
    // 100 - (21 + 1 fee); the rejected 12.5 + 1 came back.
    await expect.poll(() => usdtAvailable(merchant.token)).toMatch(/^78(\.0+)?$/);
  });

  await test.step('the audit log shows both decisions, with the reason', async () => {
    await page.getByTestId('ops-menu').getByText('Audit log').click();
    await expect(page).toHaveURL(/\/ops\/audit$/);
    const table = page.getByTestId('ops-audit-table');
    const approved = table.getByRole('row').filter({ hasText: withdrawalNos.approved });
    const rejected = table.getByRole('row').filter({ hasText: withdrawalNos.rejected });
    await expect(approved.getByTestId('ops-audit-action')).toHaveText('Withdrawal approved');
    await expect(approved).toContainText(DEMO_OPERATOR.email);
    await expect(rejected.getByTestId('ops-audit-action')).toHaveText('Withdrawal rejected');
    await expect(rejected).toContainText('Destination failed the compliance check');
  });
});

test('operator and merchant sessions stay apart: a merchant token does not open /ops', async ({
  page,
  context,
}) => {
  const merchant = await freshMerchant('ops-apart');
  await context.addCookies([{ name: 'token', value: merchant.token, url: readBaseUrl(), sameSite: 'Lax' }]);
  await page.goto('/ops/merchants');
  await expect(page).toHaveURL(/\/ops\/login\?redirect=%2Fops%2Fmerchants$/);
  const response = await fetch(`${readBaseUrl()}/front/ops/me`, {
    headers: { 'x-auth-token': merchant.token },
  });
  expect(((await response.json()) as { code: number }).code).toBe(401);
});

test('the console home shows a red line while ALLOW_PRIVATE_CALLBACKS=1 is set (the e2e server sets it), 1440 and 390 px, en_US and zh_CN', async ({
  page,
}, testInfo) => {
  const LINES = {
    en_US: 'ALLOW_PRIVATE_CALLBACKS=1 is set: callbacks may reach private and loopback addresses',
    zh_CN: '已设置 ALLOW_PRIVATE_CALLBACKS=1：回调可以访问内网和本机地址',
  };
  for (const lang of ['en_US', 'zh_CN'] as const) {
    await page.addInitScript((language) => window.localStorage.setItem('lang', language), lang);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/ops/queue');
    // The first time the console sends us to its sign-in; then the session holds.
    const login = page.getByTestId('ops-login-email');
    await expect(login.or(page.getByTestId('page-ops-queue'))).toBeVisible();
    if (await login.isVisible()) {
      await page.getByTestId('ops-login-email').fill(DEMO_OPERATOR.email);
      await page.getByTestId('ops-login-password').fill(DEMO_OPERATOR.password);
      await page.getByTestId('ops-login-submit').click();
      await expect(page).toHaveURL(/\/ops\/queue$/);
    }
    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      const line = page.getByTestId('ops-server-warning-privateCallbacksAllowed');
      await expect(line).toBeVisible();
      await expect(line).toContainText(LINES[lang]);
      // Red, and whole on the screen: nothing of it cut at a phone's width.
      expect(await line.evaluate((element) => element.classList.contains('ant-alert-error'))).toBe(true);
      const box = await line.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= width).toBe(true);
      const shot = `ops-home-warning-${width}-${lang.toLowerCase().replace('_', '-')}.png`;
      await page.screenshot({ path: testInfo.outputPath(shot) });
    }
  }
});
