import { hoverAccountPopover } from '../src/account-popover';
import { addDemoSession, expect, test } from '../src/fixtures';
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

test('logout makes no call that the server refuses (no 401 after the session ends)', async ({
  loggedInPage: page,
}) => {
  // Every /front answer from the click on, with its HTTP status and envelope code: the logout
  // call itself, and anything a poll, a refetch or the live stream would still make.
  const answers: { path: string; status: number; code: number | undefined }[] = [];
  page.on('response', async (response) => {
    const url = new URL(response.url());
    if (!url.pathname.startsWith('/front/')) return;
    const body = (await response.json().catch(() => null)) as { code?: number } | null;
    answers.push({ path: url.pathname, status: response.status(), code: body?.code });
  });
  await hoverAccountPopover(page);
  answers.length = 0;
  // The live stream ends at the logout (the server revokes its session, or the shell closes
  // it); what came after its end (the app checked the session with a call) is watched too.
  const isStream = (request: { url(): string }) => new URL(request.url()).pathname === '/front/events';
  const streamEnded = Promise.race([
    page.waitForEvent('requestfinished', isStream),
    page.waitForEvent('requestfailed', isStream),
  ]);
  await page.getByTestId('user-popover').getByRole('button', { name: '退出登录' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByTestId('login-submit')).toBeVisible();
  await streamEnded;
  await page.waitForLoadState('networkidle');
  expect(answers.filter((a) => a.status === 401 || a.code === 401 || a.code === 4000)).toEqual([]);
  expect(answers.map((a) => a.path)).toContain('/front/admin/login-out');
});

test('the avatar popover is 200 wide and leads to merchant info', async ({ loggedInPage: page }) => {
  await hoverAccountPopover(page);
  const popover = page.locator('.ant-popover-container', { has: page.getByTestId('user-popover') });
  await expect.poll(() => popover.evaluate((el) => (el as HTMLElement).offsetWidth)).toBe(200);
  await page.getByTestId('user-popover').getByRole('button', { name: '商户信息' }).click();
  await expect(page).toHaveURL(/\/merchant\/info$/);
  await expect(page.getByTestId('merchant-info-card')).toContainText('100001');
});

for (const language of ['en_US', 'vi_VN', 'zh_TW'] as const) {
  test(`the avatar popover's contents stay inside its 200 px (${language})`, async ({ page, context }) => {
    // "Google Authenticator: not bound" and "Thông tin thương nhân" are wider than the popover:
    // they wrap instead of sticking out of it or being cut.
    await page.addInitScript((lang) => window.localStorage.setItem('lang', lang), language);
    await addDemoSession(context);
    await page.goto('/dashboard');
    await expect(page.getByTestId('header-balance')).toBeVisible({ timeout: 45_000 });
    await hoverAccountPopover(page);
    await expect(page.getByTestId('user-google-state')).toBeVisible();
    const overflowing = await page.getByTestId('user-popover').evaluate((panel) => {
      const box = panel.getBoundingClientRect();
      const parts = panel.querySelectorAll<HTMLElement>(
        '[data-testid="user-google-state"], [data-testid="user-merchant-id"], button',
      );
      return [...parts]
        .filter((part) => {
          const { left, right } = part.getBoundingClientRect();
          return left < box.left - 0.5 || right > box.right + 0.5 || part.scrollWidth > part.clientWidth + 1;
        })
        .map((part) => part.dataset.testid ?? part.textContent);
    });
    expect(overflowing).toEqual([]);
  });
}

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
  // The dashboard asks for several things at once (merchant info, balances, today's orders):
  // whichever answers first says 4000, and the others are cancelled as the app leaves. Its live
  // stream closes at the logout, so the app may make that call at once, before any reload, and
  // leave the page before a response listener could read the body: the codes are read on the
  // way, from before the logout (the stream itself passes untouched).
  const codes: number[] = [];
  await page.route(
    (url) => url.pathname.startsWith('/front/') && url.pathname !== '/front/events',
    async (route) => {
      const response = await route.fetch();
      const body = (await response.json().catch(() => null)) as { code?: number } | null;
      if (typeof body?.code === 'number') codes.push(body.code);
      // The app may have left the page meanwhile, cancelling the request.
      await route.fulfill({ response }).catch(() => undefined);
    },
  );
  // The same token logs out from another client: the server revokes it.
  const revoked = await request.post(`${readBaseUrl()}/front/admin/login-out`, {
    headers: { 'x-auth-token': token ?? '' },
    multipart: { langCode: 'zh_CN' },
  });
  expect((await revoked.json()).code).toBe(0);
  // A page whose stream was not open yet meets the 4000 on its next call: the reload's.
  await page.reload();
  await expect.poll(() => codes.includes(4000)).toBe(true);
  // On /login: straight from the 4000, or, when the app had already ended the session before
  // the reload, by the reloaded page, which keeps the way back.
  await expect(page).toHaveURL(/\/login(\?redirect=%2Fdashboard)?$/);
  expect(await page.evaluate(() => sessionStorage.getItem('token'))).toBeNull();
  expect((await context.cookies()).find((c) => c.name === 'token')).toBeUndefined();
});
