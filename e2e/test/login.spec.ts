import { DEMO_ACCOUNT } from '../src/browser';
import { expect, test } from '../src/fixtures';
import { readBaseUrl } from '../src/server-env';

// The app starts in zh_CN, so the texts below are the zh_CN catalogue's.
test.describe('login', () => {
  test('checks the fields with the contracts rules', async ({ page }) => {
    await page.goto('/login');
    await page.getByTestId('login-submit').click();
    const errors = page.locator('.ant-form-item-explain-error');
    await expect(errors.filter({ hasText: '请输入邮箱' })).toBeVisible();
    await expect(errors.filter({ hasText: '请输入密码' })).toBeVisible();
    await page.getByTestId('login-email').fill('not-an-email');
    await page.getByTestId('login-password').focus();
    await expect(errors.filter({ hasText: '邮箱格式不正确' })).toBeVisible();
  });

  test('no two elements share an id, with both sign-in methods shown; buttons read as written', async ({
    page,
  }) => {
    await page.goto('/login');
    await expect(page.locator('#root > [data-prerendered]')).toHaveCount(0);
    await page.getByTestId('login-tab-phone').click();
    await expect(page.getByTestId('login-phone')).toBeVisible();
    await page.getByTestId('login-tab-email').click();
    const duplicates = await page.evaluate(() => {
      const ids = [...document.querySelectorAll('[id]')].map((element) => element.id);
      return ids.filter((id, index) => ids.indexOf(id) !== index);
    });
    expect(duplicates).toEqual([]);
    await expect(page.locator('input[type="password"]')).toHaveCount(2);
    await expect(page.locator('#password')).toHaveCount(0);
    // A two-character button is not spaced out by antd ("登 录").
    await expect(page.getByTestId('login-submit')).toHaveText('登录');
  });

  test('a wrong password shows the server message and stays on /login', async ({ page }) => {
    await page.goto('/login');
    await page.getByTestId('login-email').fill(DEMO_ACCOUNT.email);
    await page.getByTestId('login-password').fill('Wrong-Password-1');
    await page.getByTestId('login-submit').click();
    await expect(page.getByTestId('login-error')).toContainText('账号或密码错误');
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => sessionStorage.getItem('token'))).toBeNull();
  });

  test('the demo merchant logs in and lands on the dashboard', async ({ page, context }) => {
    await page.goto('/login');
    await page.getByTestId('login-email').fill(DEMO_ACCOUNT.email);
    await page.getByTestId('login-password').fill(DEMO_ACCOUNT.password);
    await page.getByTestId('login-submit').click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByTestId('header-balance')).toHaveText(/^总余额 ≈ [\d,]+\.\d{2} USDT$/);
    await expect(page.getByRole('heading', { level: 1, name: '数据概览' })).toBeVisible();
    expect(await page.evaluate(() => sessionStorage.getItem('token'))).toBeTruthy();
    const cookie = (await context.cookies()).find((c) => c.name === 'token');
    // Strict since the live event stream authenticates by this cookie (docs/decisions/2026-11-26-live-updates.md).
    expect(cookie?.sameSite).toBe('Strict');
    expect(cookie?.expires ?? 0).toBeGreaterThan(Date.now() / 1000 + 29 * 24 * 3600);
  });

  test('the page comes in the HTML, in the language of the lang cookie, and the app takes it over in place', async ({
    page,
    browser,
  }) => {
    // The HTML itself holds the form, inert until the app has rendered over it.
    const english = await page.request.get('/login', {
      headers: { cookie: 'lang=en_US', accept: 'text/html' },
    });
    const html = await english.text();
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('<div inert data-prerendered');
    expect(html).toContain('data-testid="login-submit"');
    expect(html).toContain('>Log in</span>');

    // Drawn from the HTML alone (no script at all), the page has the layout the app then renders.
    const noScript = await browser.newContext({ javaScriptEnabled: false, baseURL: readBaseUrl() });
    const staticPage = await noScript.newPage();
    await staticPage.goto('/login');
    const parts = [
      'login-logo',
      'sign-in-panel',
      'login-email',
      'login-password',
      'login-submit',
      'open-register',
    ];
    const boxesOf = async (target: typeof page) =>
      Promise.all(parts.map(async (id) => target.getByTestId(id).boundingBox()));
    const staticBoxes = await boxesOf(staticPage);
    await noScript.close();

    await page.goto('/login');
    await expect(page.locator('#root > [data-prerendered]')).toHaveCount(0);
    expect(await boxesOf(page)).toEqual(staticBoxes);
    await page.getByTestId('login-email').fill('typed@example.com');
    await expect(page.getByTestId('login-email')).toHaveValue('typed@example.com');
  });

  test('a protected page sends you to login and back there afterwards', async ({ page }) => {
    await page.goto('/fundFlow');
    await expect(page).toHaveURL(/\/login\?redirect=%2FfundFlow$/);
    await page.getByTestId('login-email').fill(DEMO_ACCOUNT.email);
    await page.getByTestId('login-password').fill(DEMO_ACCOUNT.password);
    await page.getByTestId('login-submit').click();
    await expect(page).toHaveURL(/\/fundFlow$/);
    await expect(page.getByTestId('page-fund-flow')).toBeVisible();
  });
});
