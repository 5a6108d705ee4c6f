import type { Page } from '@playwright/test';
import { watchConsole } from '../src/console-watch';
import { addDemoSession, expect, test } from '../src/fixtures';
import { openFromMenu } from '../src/side-menu';

const MENU = [
  { label: '数据概览', path: '/dashboard', page: 'page-dashboard' },
  { label: '我的应用', path: '/application', page: 'page-application' },
  // Listed under My applications by their records (issue 31), on the product pages' records.
  { label: '代收记录', path: '/application/collection', page: 'page-collection', heading: '平台代收' },
  { label: '代付记录', path: '/application/payer', page: 'page-payer', heading: '平台代付' },
  { label: '资金流水', path: '/fundFlow', page: 'page-fund-flow' },
  { label: '资产管理', path: '/finance', page: 'page-finance' },
  { label: '商户信息', path: '/merchant/info', page: 'page-merchant-info', group: '商户中心' },
  { label: '支付费率', path: '/merchant/rate', page: 'page-rate', group: '商户中心' },
];

const tabOf = (page: Page, path: string) =>
  page.locator('.ant-tabs-tab', { has: page.getByTestId(`view-tab-${path}`) });

test.describe('menu', () => {
  test('/ and /merchant redirect, and the whole walk logs no warning or error', async ({ page, context }) => {
    test.slow(); // eight pages, each its own chunk
    const problems = watchConsole(page);
    await addDemoSession(context);
    await page.goto('/');
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByTestId('header-balance')).toBeVisible();
    for (const entry of MENU) {
      await openFromMenu(page, entry.label, entry.group);
      await expect(page.getByTestId(entry.page)).toBeVisible();
    }
    await page.goto('/merchant');
    await expect(page).toHaveURL(/\/merchant\/info$/);
    await expect(page.getByTestId('page-merchant-info')).toBeVisible();
    expect(problems).toEqual([]);
  });

  test('every menu entry opens its page and its tab', async ({ loggedInPage: page }) => {
    test.slow(); // eight pages, each its own chunk
    for (const entry of MENU) {
      await openFromMenu(page, entry.label, entry.group);
      await expect(page).toHaveURL(new RegExp(`${entry.path}(#records)?$`));
      await expect(page.getByTestId(entry.page)).toBeVisible();
      await expect(
        page.getByRole('heading', { level: 1, name: 'heading' in entry ? entry.heading : entry.label }),
      ).toBeVisible();
      await expect(tabOf(page, entry.path)).toHaveClass(/ant-tabs-tab-active/);
    }
    await expect(page.getByTestId('view-tabs').getByRole('tab')).toHaveCount(MENU.length);
  });

  test('hidden pages open by path and highlight their parent entry', async ({ loggedInPage: page }) => {
    await page.getByTestId('announcements-more').click();
    await expect(page).toHaveURL(/\/dashboard\/notice$/);
    await expect(page.getByRole('heading', { level: 1, name: '系统公告' })).toBeVisible();
    const dashboardItem = page.getByTestId('side-menu').getByRole('menuitem', { name: '数据概览' });
    await expect(dashboardItem).toHaveClass(/ant-menu-item-selected/);
    await page.goto('/application/payer');
    await expect(page.getByRole('heading', { level: 1, name: '平台代付' })).toBeVisible();
    await page.goto('/application/collection');
    await expect(page.getByRole('heading', { level: 1, name: '平台代收' })).toBeVisible();
    await expect(page.getByTestId('side-menu').getByRole('menuitem', { name: '代收记录' })).toHaveClass(
      /ant-menu-item-selected/,
    );
  });

  test('the collection and payment records have menu entries under My applications, landing on the records', async ({
    loggedInPage: page,
  }) => {
    test.slow(); // two lazy pages, each scrolled to its records
    const menu = page.getByTestId('side-menu');
    const labels = await menu.getByRole('menuitem').allTextContents();
    const mine = labels.indexOf('我的应用');
    expect(labels.slice(mine, mine + 3)).toEqual(['我的应用', '代收记录', '代付记录']);
    // Indented under it, as a submenu's entries are.
    const indent = async (name: string) => (await menu.getByRole('menuitem', { name }).boundingBox())?.x ?? 0;
    const mineLabel = menu.getByRole('menuitem', { name: '我的应用' }).locator('.menu-label');
    const nestedLabel = menu.getByRole('menuitem', { name: '代收记录' }).locator('.menu-label');
    expect(await indent('代收记录')).toBe(await indent('我的应用'));
    expect(((await nestedLabel.boundingBox())?.x ?? 0) - ((await mineLabel.boundingBox())?.x ?? 0)).toBe(24);
    for (const entry of [
      { label: '代收记录', path: '/application/collection', records: 'collection-records' },
      { label: '代付记录', path: '/application/payer', records: 'payout-records' },
    ]) {
      await openFromMenu(page, entry.label);
      await expect(page).toHaveURL(new RegExp(`${entry.path}#records$`));
      await expect(page.getByTestId(entry.records).getByTestId('records-filter')).toBeInViewport();
      await expect(menu.getByRole('menuitem', { name: '我的应用' })).not.toHaveClass(
        /ant-menu-item-selected/,
      );
    }
  });

  test('the merchant centre group leads to merchant info; unknown paths show a 404', async ({
    loggedInPage: page,
  }) => {
    await page.goto('/merchant');
    await expect(page).toHaveURL(/\/merchant\/info$/);
    await expect(page.getByTestId('merchant-info-card')).toContainText('demo@tollgate.dev');
    await page.goto('/no/such/page');
    await expect(page.getByText('页面不存在', { exact: true })).toBeVisible();
    await expect(page.getByTestId('sidebar')).toBeVisible();
  });

  test('the sidebar collapses to the mini logo, and the toggle shows what it will do', async ({
    loggedInPage: page,
  }) => {
    const toggle = page.getByTestId('sidebar-toggle');
    await expect(page.getByTestId('logo')).toBeVisible();
    await expect(toggle).toHaveAccessibleName('收起侧边栏');
    await expect(toggle.locator('.anticon-menu-fold')).toBeVisible();
    await toggle.click();
    await expect(page.getByTestId('logo-mini')).toBeVisible();
    await expect(toggle).toHaveAccessibleName('展开侧边栏');
    await expect(toggle.locator('.anticon-menu-unfold')).toBeVisible();
    await expect(toggle.locator('.anticon-menu-fold')).toHaveCount(0);
    await toggle.click();
    await expect(page.getByTestId('logo')).toBeVisible();
    await expect(toggle.locator('.anticon-menu-fold')).toBeVisible();
  });
});

test.describe('built pages', () => {
  test('the notice page keeps what was typed when left and reopened by its tab', async ({
    loggedInPage: page,
  }) => {
    await page.goto('/dashboard/notice');
    const view = page.getByTestId('page-notice');
    const search = view.getByTestId('notice-search').getByRole('searchbox');
    await expect(search).toBeVisible();
    await search.fill('维护');
    // Away to a built page and back by its tab: the view was kept, with its search box.
    await openFromMenu(page, '支付费率', '商户中心');
    await expect(page.getByTestId('rate-chain-ETH')).toBeVisible();
    await expect(page.getByTestId('page-notice')).toBeHidden();
    await page.getByTestId('view-tab-/dashboard/notice').click();
    await expect(page.getByTestId('notice-search').getByRole('searchbox')).toHaveValue('维护');
    // The asset page's last block, batch withdrawal, is built: it offers its templates.
    await openFromMenu(page, '资产管理');
    await expect(page.getByTestId('finance-batch').getByTestId('batch-template-xlsx')).toBeVisible();
  });

  test("the dashboard's blocks are built: the announcements list, the week drawn", async ({
    loggedInPage: page,
  }) => {
    await expect(page.getByTestId('balance-table')).toBeVisible();
    await expect(page.getByTestId('today-collection-created')).toBeVisible();
    await expect(page.getByTestId('announcements')).not.toContainText('建设中');
    await expect(page.getByTestId('announcements-more')).toHaveAttribute('href', '/dashboard/notice');
    // The weekly chart is built: the week is drawn, in a chunk of its own.
    await expect(page.getByTestId('weekly-chart-canvas').locator('svg')).toBeVisible();
    // Orders are figures (zeros on a fresh account), not "no data"; only the announcements may be empty.
    for (const block of ['today-orders', 'weekly-chart']) {
      await expect(page.getByTestId(block).getByTestId('empty-data')).toHaveCount(0);
    }
  });
});

test.describe('tabs', () => {
  test('pinned tabs cannot close; closing the active tab goes to the last tab', async ({
    loggedInPage: page,
  }) => {
    for (const path of ['/dashboard', '/application']) {
      await expect(tabOf(page, path)).toBeVisible();
      await expect(tabOf(page, path).locator('.ant-tabs-tab-remove')).toHaveCount(0);
    }
    await openFromMenu(page, '资金流水');
    await openFromMenu(page, '资产管理');
    await tabOf(page, '/finance').locator('.ant-tabs-tab-remove').click();
    await expect(page).toHaveURL(/\/fundFlow$/);
    await expect(tabOf(page, '/finance')).toHaveCount(0);
    await tabOf(page, '/fundFlow').locator('.ant-tabs-tab-remove').click();
    await expect(page).toHaveURL(/\/application$/);
    await expect(tabOf(page, '/application')).toHaveClass(/ant-tabs-tab-active/);
  });

  test('closing an inactive tab stays on the current view', async ({ loggedInPage: page }) => {
    await openFromMenu(page, '资金流水');
    await page.getByTestId('view-tab-/dashboard').click();
    await tabOf(page, '/fundFlow').locator('.ant-tabs-tab-remove').click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(tabOf(page, '/fundFlow')).toHaveCount(0);
  });

  test('a view keeps its input across tab switches until its tab is closed', async ({
    loggedInPage: page,
  }) => {
    // Typed into the Google bind form of merchant info (the demo merchant has none bound), never sent.
    await openFromMenu(page, '商户信息', '商户中心');
    const password = page.getByTestId('google-bind-password');
    await password.fill('kept-while-away');
    await page.getByTestId('view-tab-/dashboard').click();
    await expect(page.getByTestId('page-dashboard')).toBeVisible();
    await expect(page.getByTestId('page-merchant-info')).toBeHidden();
    await page.getByTestId('view-tab-/merchant/info').click();
    await expect(password).toHaveValue('kept-while-away');

    await page.getByTestId('view-tab-/dashboard').click();
    await tabOf(page, '/merchant/info').locator('.ant-tabs-tab-remove').click();
    await openFromMenu(page, '商户信息', '商户中心');
    await expect(page.getByTestId('google-bind-password')).toHaveValue('');
  });

  test('a view keeps its scroll position across tab switches', async ({ loggedInPage: page }) => {
    await page.setViewportSize({ width: 1000, height: 500 });
    const content = page.getByTestId('app-content');
    await content.evaluate((el) => el.scrollTo(0, 300));
    await expect.poll(() => content.evaluate((el) => el.scrollTop)).toBe(300);
    await page.getByTestId('view-tab-/application').click();
    await expect(page.getByTestId('page-application')).toBeVisible();
    await page.getByTestId('view-tab-/dashboard').click();
    await expect(page.getByTestId('page-dashboard')).toBeVisible();
    await expect.poll(() => content.evaluate((el) => el.scrollTop)).toBe(300);
  });
});
