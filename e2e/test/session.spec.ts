import { hoverAccountPopover } from '../src/account-popover';
import { expect, test } from '../src/fixtures';
import { readBaseUrl } from '../src/server-env';

test('a token the server rejects (401) ends the session on the next call', async ({
  loggedInPage: page,
  context,
}) => {
  await page.evaluate(() => {
    sessionStorage.setItem('token', 'corrupted-token');
    // biome-ignore lint/suspicious/noDocumentCookie: the test breaks the cookie the way a user agent could.
    document.cookie = 'token=corrupted-token; path=/; SameSite=Lax';
  });
  await page.reload();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => sessionStorage.getItem('token'))).toBeNull();
  expect((await context.cookies()).find((c) => c.name === 'token')).toBeUndefined();
});

test('logout ends on /login and the shell stays closed', async ({ loggedInPage: page }) => {
  await hoverAccountPopover(page);
  await expect(page.getByTestId('user-email')).toHaveText('demo@tollgate.dev');
  await page.getByTestId('user-popover').getByRole('button', { name: '退出登录' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => sessionStorage.getItem('token'))).toBeNull();
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fdashboard$/);
});

test('the avatar popover is 200 wide and leads to merchant info', async ({ loggedInPage: page }) => {
  await hoverAccountPopover(page);
  const popover = page.locator('.ant-popover-container', { has: page.getByTestId('user-popover') });
  await expect.poll(() => popover.evaluate((el) => (el as HTMLElement).offsetWidth)).toBe(200);
  await page.getByTestId('user-popover').getByRole('button', { name: '商户信息' }).click();
  await expect(page).toHaveURL(/\/merchant\/info$/);
  await expect(page.getByTestId('merchant-info-card')).toContainText('100001');
});

test('logout still ends on /login when the logout call fails', async ({ loggedInPage: page, context }) => {
  await page.route('**/front/admin/login-out**', (route) => route.abort());
  await hoverAccountPopover(page);
  await page.getByTestId('user-popover').getByRole('button', { name: '退出登录' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => sessionStorage.getItem('token'))).toBeNull();
  expect((await context.cookies()).find((c) => c.name === 'token')).toBeUndefined();
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fdashboard$/);
});

test('a session revoked elsewhere (4000) ends on the next call', async ({
  loggedInPage: page,
  context,
  request,
}) => {
  const token = (await context.cookies()).find((c) => c.name === 'token')?.value;
  expect(token).toBeTruthy();
  // The same token logs out from another client: the server revokes it.
  const revoked = await request.post(`${readBaseUrl()}/front/admin/login-out`, {
    headers: { 'x-auth-token': token ?? '' },
    multipart: { langCode: 'zh_CN' },
  });
  expect((await revoked.json()).code).toBe(0);

  // The dashboard asks for several things at once (merchant info, balances, today's orders):
  // whichever answers first says 4000, and the others are cancelled as the app leaves.
  const answer = page.waitForResponse(
    async (response) =>
      response.url().includes('/front/') &&
      ((await response.json().catch(() => null)) as { code?: number } | null)?.code === 4000,
  );
  await page.reload();
  expect((await (await answer).json()).code).toBe(4000);
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => sessionStorage.getItem('token'))).toBeNull();
  expect((await context.cookies()).find((c) => c.name === 'token')).toBeUndefined();
});
