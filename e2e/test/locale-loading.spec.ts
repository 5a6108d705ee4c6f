import type { Page } from '@playwright/test';
import { expect, test } from '../src/fixtures';

/**
 * Only the interface language's messages load (issue 6, point 13): each language's bundle
 * (the app's sections, the contracts messages and antd's locale) is one chunk named
 * `locale-<language>-<hash>.js`, fetched before the first render, and its dayjs locale
 * (`locale-<language>-dayjs-<hash>.js`) comes with the logged-in shell; the other three
 * languages never load.
 */
const LOCALE_CHUNK = /\/locale-([a-z]{2}_[A-Z]{2})-[\w-]+\.js$/;

/** The languages of the locale chunks the page requests, from now on (`clear()` starts over). */
function watchLocaleChunks(page: Page) {
  const requested: string[] = [];
  page.on('request', (request) => {
    const language = LOCALE_CHUNK.exec(new URL(request.url()).pathname)?.[1];
    if (language) requested.push(language);
  });
  return {
    languages: () => [...new Set(requested)],
    clear: () => {
      requested.length = 0;
    },
  };
}

test('the login page loads the default language only, and only English after switching to en_US', async ({
  page,
}) => {
  const chunks = watchLocaleChunks(page);
  await page.goto('/login');
  await expect(page.getByTestId('login-submit')).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(chunks.languages()).toEqual(['zh_CN']);

  chunks.clear();
  await page.getByTestId('language-switcher').click();
  await Promise.all([page.waitForEvent('load'), page.getByTestId('language-option-en_US').click()]);
  await expect(page.getByTestId('login-submit')).toHaveText(/Log in/);
  await page.waitForLoadState('networkidle');
  expect(chunks.languages()).toEqual(['en_US']);
  // The document says which language it is in.
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
});

test('the dashboard in Vietnamese loads the Vietnamese bundle only', async ({ loggedInPage: page }) => {
  const chunks = watchLocaleChunks(page);
  await page.evaluate(() => window.localStorage.setItem('lang', 'vi_VN'));
  await page.reload();
  await expect(page.getByTestId('side-menu')).toContainText('Dòng tiền');
  await page.waitForLoadState('networkidle');
  expect(chunks.languages()).toEqual(['vi_VN']);
});
