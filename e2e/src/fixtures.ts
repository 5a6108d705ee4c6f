import { type BrowserContext, test as base, expect, type Page } from '@playwright/test';
import { DEMO_ACCOUNT } from './browser';
import { readBaseUrl } from './server-env';

/**
 * Flows start either logged out (`page`) or as the demo merchant (`loggedInPage`). Logging in
 * through the API and setting the `token` cookie is what a returning browser has; the login
 * form itself is covered by its own flow.
 */
export async function fetchDemoToken(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}/front/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(DEMO_ACCOUNT),
  });
  const envelope = (await response.json()) as { code: number; data: { token: string }; message: string };
  if (envelope.code !== 0) throw new Error(`demo login failed: ${envelope.code} ${envelope.message}`);
  return envelope.data.token;
}

/** Give the browser the demo merchant's session, as a returning browser has it; returns the token. */
export async function addDemoSession(context: BrowserContext): Promise<string> {
  const baseUrl = readBaseUrl();
  const token = await fetchDemoToken(baseUrl);
  await context.addCookies([{ name: 'token', value: token, url: baseUrl, sameSite: 'Lax' }]);
  return token;
}

export const test = base.extend<{ loggedInPage: Page }>({
  loggedInPage: async ({ page, context }, provide) => {
    await addDemoSession(context);
    await page.goto('/dashboard');
    // A cold first load (the app, its language, the dashboard's calls) on a busy 2-core machine
    // has taken more than the default 15 s: wait for the shell as long as it takes, up to 45 s.
    await expect(page.getByTestId('header-balance')).toBeVisible({ timeout: 45_000 });
    await provide(page);
  },
});

export { expect };
