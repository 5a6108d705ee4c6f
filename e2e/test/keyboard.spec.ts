import { devices } from '@playwright/test';
import { expect, test } from '../src/fixtures';

/** The avatar popover holds the only logout: it opens by keyboard, click and tap, not only on hover. */
const popover = (page: import('@playwright/test').Page) => page.getByTestId('user-popover');

test('Enter opens the avatar popover with focus inside; Escape closes it and returns focus', async ({
  loggedInPage: page,
}) => {
  const avatar = page.getByTestId('user-avatar');
  await avatar.focus();
  await page.keyboard.press('Enter');
  await expect(popover(page)).toBeVisible();
  await expect(avatar).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByTestId('popover-merchant-info')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(popover(page)).toBeHidden();
  await expect(avatar).toBeFocused();
  await expect(avatar).toHaveAttribute('aria-expanded', 'false');
});

test('Space opens it too, and logout is reached with the keyboard alone', async ({ loggedInPage: page }) => {
  await page.getByTestId('user-avatar').focus();
  await page.keyboard.press('Space');
  await expect(page.getByTestId('popover-merchant-info')).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByTestId('popover-logout')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/login$/);
});

test('a click opens it and it stays open under the pointer', async ({ loggedInPage: page }) => {
  await page.getByTestId('user-avatar').click();
  await expect(popover(page)).toBeVisible();
  await expect(page.getByTestId('user-email')).toHaveText('demo@tollgate.dev');
  // Hover opened it before the click landed: the click must not toggle it shut.
  await expect(popover(page)).toBeVisible();
  await page.mouse.click(700, 500);
  await expect(popover(page)).toBeHidden();
});

test.describe('on a touch screen', () => {
  test.use({ hasTouch: true, isMobile: true, viewport: devices['iPhone 13'].viewport });

  test('a tap opens it, and a tap elsewhere closes it', async ({ loggedInPage: page }) => {
    await page.getByTestId('user-avatar').tap();
    await expect(popover(page)).toBeVisible();
    await expect(page.getByTestId('popover-logout')).toBeVisible();
    await page.getByTestId('page-dashboard').tap();
    await expect(popover(page)).toBeHidden();
  });
});

test("the tab bar's overflow button has a name", async ({ loggedInPage: page }) => {
  test.slow(); // five views to open
  const menu = page.getByTestId('side-menu');
  for (const label of ['资金流水', '资产管理', '商户中心', '商户信息', '支付费率']) {
    const item = menu.getByRole('menuitem', { name: label });
    await item.click();
    // A lazy view's route commits once its chunk is in; the next click would cancel it.
    if (label !== '商户中心') await expect(item).toHaveClass(/ant-menu-item-selected/);
  }
  await expect(page.getByTestId('view-tab-/merchant/rate')).toBeAttached();
  // Narrowed once the tabs are there, so antd measures the overflow on the resize.
  await page.setViewportSize({ width: 800, height: 700 });
  const more = page.getByTestId('view-tabs').getByRole('button', { name: '更多页面' });
  await expect(more).toBeVisible();
  await more.hover();
  await expect(page.getByRole('listbox', { name: '未显示的页面' })).toBeVisible();
});
