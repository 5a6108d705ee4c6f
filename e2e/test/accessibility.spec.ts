import type { Page } from '@playwright/test';
import { findAxeViolations } from '../src/axe';
import { addDemoSession, expect, test } from '../src/fixtures';

/**
 * axe-core finds nothing on the login page, the dashboard and the operator console's login and
 * queue, in Chinese and English: the regression test for Lighthouse's accessibility audit
 * (contrast, names, labels).
 */
const LANGUAGES = ['zh_CN', 'en_US'] as const;

async function useLanguage(page: Page, language: string) {
  await page.addInitScript((lang) => window.localStorage.setItem('lang', lang), language);
}

for (const language of LANGUAGES) {
  test(`the login page has no axe violations (${language})`, async ({ page }) => {
    await useLanguage(page, language);
    await page.goto('/login');
    await expect(page.getByTestId('login-form')).toBeVisible();
    // The page the HTML brings is inert (out of the accessibility tree) until the app renders.
    await expect(page.locator('#root > [data-prerendered]')).toHaveCount(0);
    expect(await findAxeViolations(page)).toEqual([]);
  });

  test(`the operator console's login and review queue have no axe violations (${language})`, async ({
    page,
  }) => {
    await useLanguage(page, language);
    await page.goto('/ops/login');
    await expect(page.getByTestId('ops-login-form')).toBeVisible();
    expect(await findAxeViolations(page)).toEqual([]);
    await page.getByTestId('ops-login-email').fill('ops@tollgate.dev');
    await page.getByTestId('ops-login-password').fill('Tollgate2026');
    await page.getByTestId('ops-login-submit').click();
    await expect(page.getByTestId('ops-queue-table')).toBeVisible();
    await expect(page.getByTestId('ops-operator-email')).toContainText('ops@tollgate.dev');
    expect(await findAxeViolations(page)).toEqual([]);
  });

  test(`the dashboard has no axe violations (${language})`, async ({ page, context }) => {
    await useLanguage(page, language);
    await addDemoSession(context);
    await page.goto('/dashboard');
    await expect(page.getByTestId('balance-table')).toBeVisible();
    await expect(page.getByTestId('header-balance')).toBeVisible();
    expect(await findAxeViolations(page)).toEqual([]);
    // The avatar popover's secondary text and status tag, opened from the keyboard.
    await page.getByTestId('user-avatar').focus();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('user-google-state')).toBeVisible();
    expect(await findAxeViolations(page)).toEqual([]);
  });
}
