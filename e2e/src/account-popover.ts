import { expect, type Page } from '@playwright/test';

/**
 * Opens the avatar's account popover by hovering, as a mouse user does, and waits for antd's
 * zoom-in to end: a click aimed while the popover still grows is aimed at where the button
 * was, and can land beside it (seen in CI: the click done, no navigation).
 */
export async function hoverAccountPopover(page: Page) {
  await page.getByTestId('user-avatar').hover();
  const popover = page.locator('.ant-popover', { has: page.getByTestId('user-popover') });
  await expect(popover).toBeVisible();
  await expect(popover).not.toHaveClass(/zoom-big-(appear|enter)/);
}
