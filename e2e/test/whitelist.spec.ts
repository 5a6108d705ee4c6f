import type { BrowserContext } from '@playwright/test';
import { expect, test } from '../src/fixtures';
import { freshMerchant, postFront } from '../src/fresh-merchant';
import { typeGoogleCode } from '../src/google-code';
import { waitForCode } from '../src/mailbox';
import { readBaseUrl } from '../src/server-env';
import { GoogleCodes } from '../src/totp';

/**
 * The withdrawal address whitelist (issue 8, "Withdrawal hardening") in the browser, as a new
 * merchant with Google bound and a simulated deposit credited:
 * 1. on merchant info, add a Tron address with the Google code and the code mailed to it;
 * 2. turn the whitelist on with the Google code;
 * 3. a withdrawal to another address is refused with 3203 and its message (through the call:
 *    the withdraw modal only offers listed addresses), and nothing is frozen;
 * 4. the withdraw modal says only listed addresses are allowed and offers the listed one; the
 *    withdrawal to it is accepted.
 */
const LISTED = 'TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH';
const OTHER = 'TXLAQ63Xg1NAzckPwKHvzw7CSEmLMEqcdj';

async function logIn(context: BrowserContext, token: string) {
  await context.addCookies([{ name: 'token', value: token, url: readBaseUrl(), sameSite: 'Lax' }]);
}

async function available(token: string): Promise<string> {
  const response = await fetch(`${readBaseUrl()}/front/merchant/account/overview`, {
    headers: { 'x-auth-token': token },
  });
  const body = (await response.json()) as { data: { assets: { coinName: string; available: string }[] } };
  return body.data.assets.find((asset) => asset.coinName === 'USDT')?.available ?? '0';
}

test('address whitelist: add with Google and the emailed code, turn on, another address refused, the listed one accepted (en_US)', async ({
  page,
  context,
}) => {
  // Five Google codes of distinct 30 s windows (two waits), and a deposit's confirmations.
  test.setTimeout(180_000);
  const merchant = await freshMerchant('whitelist');
  const check = await fetch(`${readBaseUrl()}/front/google/check`, {
    headers: { 'x-auth-token': merchant.token },
  });
  const codes = new GoogleCodes(((await check.json()) as { data: { secret: string } }).data.secret);
  await postFront(
    '/google/send',
    { password: merchant.password, code: await codes.next({ sentAtOnce: true }) },
    { token: merchant.token, json: true },
  );
  await postFront(
    '/test/deposit',
    { coinName: 'USDT', chainId: 'TRON', amount: '100' },
    { token: merchant.token, json: true },
  );
  await logIn(context, merchant.token);
  await page.addInitScript(() => window.localStorage.setItem('lang', 'en_US'));
  await page.goto('/merchant/info');
  const card = page.getByTestId('whitelist-card');
  await expect(card).toContainText('Withdrawal address whitelist');
  await expect(card).toContainText('No address yet');

  await test.step('add a Tron address with the Google code and the emailed code', async () => {
    await page.getByTestId('whitelist-open-add').click();
    const modal = page.getByTestId('whitelist-add-form');
    await expect(modal).toBeVisible();
    await page.getByTestId('whitelist-add-chain').click();
    await page.locator('.ant-select-item-option', { hasText: 'Tron' }).click();
    await page.getByTestId('whitelist-add-address').fill(LISTED);
    await page.getByTestId('whitelist-add-label').fill('Cold wallet');
    const since = Date.now();
    await page.getByTestId('whitelist-add-send-code').click();
    await expect(page.getByTestId('whitelist-add-send-code')).toContainText(/Resend in \d+ s/);
    await page.getByTestId('whitelist-add-email-code').fill(await waitForCode(merchant.email, since));
    await typeGoogleCode(page.getByTestId('whitelist-add-google-code'), await codes.next());
    await page.getByTestId('whitelist-add-submit').click();
    await expect(page.getByText('Address added to the whitelist')).toBeVisible();
    await expect(modal).toBeHidden();
    const row = page.getByTestId('whitelist-table').getByRole('row', { name: /Cold wallet/ });
    await expect(row).toContainText(LISTED);
    await expect(row).toContainText('Tron');
  });

  await test.step('turn the whitelist on with the Google code', async () => {
    await page.getByTestId('whitelist-switch').click();
    await expect(page.getByTestId('whitelist-switch-modal')).toContainText('Turn the whitelist on?');
    await typeGoogleCode(page.getByTestId('whitelist-switch-modal-google-code'), await codes.next());
    await page.getByTestId('whitelist-switch-modal-submit').click();
    await expect(page.getByText('The whitelist is on', { exact: true })).toBeVisible();
    await expect(page.getByTestId('whitelist-switch')).toHaveAttribute('aria-checked', 'true');
  });

  // The deposit is credited meanwhile (blocks every 3 s, 3 confirmations).
  await expect.poll(() => available(merchant.token), { timeout: 60_000 }).toBe('100');

  await test.step('a withdrawal to another address is refused with its message; nothing is frozen', async () => {
    const response = await fetch(`${readBaseUrl()}/front/merchant/account/withdrawal`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-auth-token': merchant.token, lang: 'en_US' },
      body: JSON.stringify({
        coinName: 'USDT',
        chainId: 'TRON',
        address: OTHER,
        amount: '20',
        googleCode: await codes.next({ sentAtOnce: true }),
      }),
    });
    const body = (await response.json()) as { code: number; message: string };
    expect(body.code).toBe(3203);
    expect(body.message).toBe(
      'This address is not on your withdrawal address whitelist for this network. Add it under Merchant info → Withdrawal address whitelist first, or use a listed address',
    );
    expect(await available(merchant.token)).toBe('100');
  });

  await test.step('the withdraw modal offers the listed address only; the withdrawal to it is accepted', async () => {
    await page.goto('/finance');
    await page.getByTestId('withdraw-USDT').click();
    const form = page.getByTestId('withdraw-form');
    await expect(form).toBeVisible();
    await page.getByTestId('withdraw-network').click();
    await page.locator('.ant-select-item-option', { hasText: 'Tron' }).click();
    await expect(page.getByTestId('withdraw-whitelist-note')).toContainText(
      'only the addresses listed for this network are allowed',
    );
    await page.getByTestId('withdraw-address').click();
    const options = page.locator('.ant-select-item-option');
    await expect(options.filter({ hasText: LISTED })).toHaveCount(1);
    await options.filter({ hasText: LISTED }).click();
    await page.getByTestId('withdraw-amount').fill('20');
    await expect(page.getByTestId('withdraw-total')).toHaveText('21 USDT');
    // The refused one above did not spend its window's code, but each code is for one window.
    await typeGoogleCode(page.getByTestId('withdraw-google-code'), await codes.next());
    await page.getByTestId('withdraw-submit').click();
    await expect(page.getByText(/Withdrawal WD\d{8}[0-9A-F]{20} submitted/)).toBeVisible();
    await expect(form).toBeHidden();
    expect(await available(merchant.token)).toBe('79');
  });
});
