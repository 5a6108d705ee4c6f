import { expect, type Page } from '@playwright/test';

/**
 * Opens a page from the side menu: its group unfolded first when the entry is hidden in it. A
 * lazy view's route commits once its chunk is in (until then the address is the old one), and a
 * click that lands while the group is still unfolding is lost (seen in CI, in more than one
 * spec): the entry is clicked again until it is the selected one.
 */
export async function openFromMenu(page: Page, label: string, group?: string) {
  const menu = page.getByTestId('side-menu');
  const item = menu.getByRole('menuitem', { name: label });
  if (group && !(await item.isVisible())) await menu.getByRole('menuitem', { name: group }).click();
  await expect(async () => {
    await item.click();
    await expect(item).toHaveClass(/ant-menu-item-selected/, { timeout: 5_000 });
  }).toPass({ timeout: 20_000 });
}
