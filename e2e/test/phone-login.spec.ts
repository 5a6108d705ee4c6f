import type { Page } from '@playwright/test';
import { hoverAccountPopover } from '../src/account-popover';
import { DEMO_ACCOUNT } from '../src/browser';
import { expect, test } from '../src/fixtures';

/**
 * The phone login path: a number set on the merchant info page (dial code chosen by searching
 * the country list, password to confirm), then used on the login page's phone tab.
 */
async function chooseDialCode(page: Page, selectTestId: string, search: string) {
  await page.getByTestId(selectTestId).click();
  await page.keyboard.type(search);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId(selectTestId)).toContainText(search);
}

test('a phone set on merchant info logs in on the phone tab', async ({ loggedInPage: page }) => {
  test.slow(); // two logins and a modal round trip
  const phone = `9123${String(Math.floor(Math.random() * 10_000)).padStart(4, '0')}`;
  await page.goto('/merchant/info');
  await page.getByTestId('open-set-phone').click();
  await chooseDialCode(page, 'set-phone-country', '+65');
  await page.getByTestId('set-phone-number').fill(phone);
  await page.getByTestId('set-phone-submit').click();
  await expect(page.getByTestId('set-phone-form')).toContainText('请输入密码');
  await page.getByTestId('set-phone-password').fill(DEMO_ACCOUNT.password);
  await page.getByTestId('set-phone-submit').click();
  await expect(page.getByTestId('profile-phone')).toHaveText(`+65 ${phone}`);

  await hoverAccountPopover(page);
  await page.getByTestId('popover-logout').click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByTestId('login-tab-phone').click();
  await expect(page.getByTestId('login-country')).toContainText('+86'); // zh_CN dials from China
  await chooseDialCode(page, 'login-country', '+65');
  await page.getByTestId('login-phone').fill(phone);
  await page.getByTestId('login-phone-password').fill('Wrong-Password-1');
  await page.getByTestId('phone-login-submit').click();
  await expect(page.getByTestId('phone-login-error')).toContainText('账号或密码错误');
  await page.getByTestId('login-phone-password').fill(DEMO_ACCOUNT.password);
  await page.getByTestId('phone-login-submit').click();
  await expect(page).toHaveURL(/\/dashboard$/);
});
