import type { Browser, Page } from '@playwright/test';
import { expect, test } from '../src/fixtures';
import { freshMerchant } from '../src/fresh-merchant';
import { readBaseUrl } from '../src/server-env';
import { settle } from '../src/settle';

/**
 * System notices (issue 9) in the browser:
 * 1. the demo operator writes a pinned notice in the console's editor (zh_CN and en_US tabs),
 *    pasting HTML with a <script> and an <img onerror> into it and typing such a tag as text;
 *    a second notice is sent straight to the API with the same attacks, as a hostile client would;
 * 2. a new merchant sees the pinned notice first on the dashboard's announcements card, the
 *    unread badge in the header, finds it on the notice page by a word of its body only, and
 *    opens both: the bodies show, nothing in them runs (a window flag stays unset), no img or
 *    script is in the page, links open a new tab without the opener;
 * 3. the same pages in zh_CN; screenshots of the list, the detail and the editor at 1440 and 390.
 */
const DEMO_OPERATOR = { email: 'ops@tollgate.dev', password: 'Tollgate2026' };
const ATTACK_HTML =
  '<p>pasted</p><script>window.__noticePwned = "script"</script>' +
  '<img src="x" onerror="window.__noticePwned = \'img\'"><a href="javascript:window.__noticePwned=\'link\'">click</a>';

async function opsLogin(): Promise<string> {
  const response = await fetch(`${readBaseUrl()}/front/ops/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(DEMO_OPERATOR),
  });
  const envelope = (await response.json()) as { code: number; data: { token: string }; message: string };
  if (envelope.code !== 0) throw new Error(`ops login: ${envelope.code} ${envelope.message}`);
  return envelope.data.token;
}

async function opsPost(token: string, path: string, body: unknown) {
  const response = await fetch(`${readBaseUrl()}/front/ops${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-ops-token': token },
    body: JSON.stringify(body),
  });
  const envelope = (await response.json()) as { code: number; data: unknown; message: string };
  if (envelope.code !== 0) throw new Error(`${path}: ${envelope.code} ${envelope.message}`);
  return envelope.data;
}

/** A page in `lang`, with the operator's token (console) or the merchant's cookie. */
async function openAs(
  browser: Browser,
  lang: string,
  session: { opsToken: string } | { merchantToken: string },
): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  if ('merchantToken' in session) {
    await context.addCookies([
      { name: 'token', value: session.merchantToken, url: readBaseUrl(), sameSite: 'Lax' },
    ]);
  }
  const page = await context.newPage();
  await page.addInitScript(
    ([language, opsToken]) => {
      window.localStorage.setItem('lang', language);
      if (opsToken) window.sessionStorage.setItem('opsToken', opsToken);
    },
    [lang, 'opsToken' in session ? session.opsToken : ''] as const,
  );
  return page;
}

const isPwned = (page: Page) =>
  page.evaluate(() => (window as unknown as { __noticePwned?: string }).__noticePwned ?? null);

test('an operator writes notices with the editor; a merchant finds, searches and opens them, and nothing in them runs', async ({
  browser,
}, testInfo) => {
  test.setTimeout(420_000);
  const tag = `n${Date.now().toString(36)}`;
  const opsToken = await opsLogin();
  const merchant = await freshMerchant('notice');

  await test.step('the operator writes a pinned notice in the editor, pasting a script and an img onerror', async () => {
    const page = await openAs(browser, 'en_US', { opsToken });
    await page.goto('/ops/notices');
    await page.getByTestId('ops-notice-new').click();
    const form = page.getByTestId('notice-form');
    await form.getByTestId('notice-title-zh_CN').fill(`系统维护 ${tag}`);
    await form.getByTestId('notice-summary-zh_CN').fill('周六 TRON 节点升级');
    const zhBody = form.getByTestId('notice-body-zh_CN');
    await zhBody.click();
    await page.keyboard.type(`周六进行节点升级 正文词${tag}。`);
    await page.keyboard.press('Enter');
    await form.getByTestId('editor-bold').first().click();
    await page.keyboard.type('重要');
    await form.getByTestId('editor-bold').first().click();
    await page.keyboard.type(' <img src=x onerror="window.__noticePwned=\'typed\'">');
    // Pasting HTML: the editor keeps what its schema knows; the server then cleans what is left.
    await zhBody.evaluate((element, html) => {
      const data = new DataTransfer();
      data.setData('text/html', html);
      data.setData('text/plain', 'pasted');
      element.dispatchEvent(
        new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
      );
    }, ATTACK_HTML);
    await expect(zhBody).toContainText('pasted');

    await form.getByTestId('notice-tab-en_US').click();
    await form.getByTestId('notice-title-en_US').fill(`Maintenance ${tag}`);
    const enBody = form.getByTestId('notice-body-en_US');
    await enBody.click();
    await page.keyboard.type(`The TRON node is upgraded on Saturday. Bodyword${tag} here.`);
    await form.getByTestId('notice-pinned-switch').click();
    await settle(page);
    await page.screenshot({ path: testInfo.outputPath('ops-notice-editor-1440-en-us.png') });
    await page.setViewportSize({ width: 390, height: 844 });
    await settle(page);
    await page.screenshot({ path: testInfo.outputPath('ops-notice-editor-390-en-us.png') });
    await page.setViewportSize({ width: 1440, height: 900 });
    await form.getByTestId('notice-save').click();
    await expect(form).toBeHidden();
    const row = page
      .getByTestId('ops-notices-table')
      .getByRole('row')
      .filter({ hasText: `系统维护 ${tag}` });
    await expect(row).toContainText('Published');
    await expect(row).toContainText('Pinned');
    expect(await isPwned(page)).toBeNull();
    await page.context().close();
  });

  await test.step('a hostile client sends the attacks straight to the API: stored clean', async () => {
    const saved = (await opsPost(opsToken, '/notices/create', {
      texts: { zh_CN: { title: `原始 ${tag}`, body: ATTACK_HTML } },
    })) as { notice: { texts: { zh_CN: { body: string } } } };
    expect(saved.notice.texts.zh_CN.body).toBe('<p>pasted</p>click');
  });

  await test.step('the merchant: the dashboard card, the badge, the search by a body word, the detail', async () => {
    const page = await openAs(browser, 'en_US', { merchantToken: merchant.token });
    await page.goto('/dashboard');
    const card = page.getByTestId('announcements');
    const first = card.getByTestId('announcement-item').first();
    // The dashboard's first load (four cards, the chart's chunk) is slow on a loaded machine.
    await expect(first).toContainText(`Maintenance ${tag}`, { timeout: 60_000 });
    await expect(first.getByTestId('notice-pinned')).toBeVisible();
    await expect(first.getByTestId('notice-unread')).toBeVisible();
    await expect(card).toContainText(`原始 ${tag}`);
    const badge = page.getByTestId('notice-badge').locator('.ant-badge-count');
    await expect(badge).toBeVisible();
    const unreadBefore = Number(await badge.getAttribute('title'));
    expect(unreadBefore).toBeGreaterThanOrEqual(2);

    await card.getByTestId('announcements-more').click();
    await expect(page).toHaveURL(/\/dashboard\/notice$/);
    const search = page.getByTestId('notice-search').getByRole('searchbox');
    await search.fill(`bodyword${tag}`.toUpperCase());
    await search.press('Enter');
    const items = page.getByTestId('notice-item');
    await expect(items).toHaveCount(1);
    await expect(items.first()).toContainText(`Maintenance ${tag}`);
    await settle(page);
    await page.screenshot({ path: testInfo.outputPath('notice-list-1440-en-us.png') });
    await items.first().click();
    const drawer = page.getByTestId('notice-drawer');
    await expect(drawer.getByTestId('notice-detail-title')).toHaveText(`Maintenance ${tag}`);
    await expect(drawer.getByTestId('notice-body')).toContainText(`Bodyword${tag}`);
    await settle(page);
    await page.screenshot({ path: testInfo.outputPath('notice-detail-1440-en-us.png') });
    await expect(badge).toHaveAttribute('title', String(unreadBefore - 1));
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(items.first()).not.toHaveClass(/notice-list-item--unread/);

    // The zh_CN text (its only one) with the typed tag as text and the pasted HTML cleaned.
    await search.fill(tag);
    await search.press('Enter');
    await expect(items).toHaveCount(2);
    await items.filter({ hasText: `原始 ${tag}` }).click();
    const body = drawer.getByTestId('notice-body');
    await expect(body).toContainText('pasted');
    await expect(drawer).toContainText('no version in your language');
    // Its href dropped, the link is plain text: no anchor at all, and clicking the words does nothing.
    await expect(body).toContainText('click');
    await expect(body.locator('a')).toHaveCount(0);
    await body.getByText('click').click();
    await expect(page.locator('img[src="x"], [onerror], script:not([src])')).toHaveCount(0);
    await page.keyboard.press('Escape');
    await page.goto(`/dashboard/notice`);
    await page
      .getByTestId('notice-item')
      .filter({ hasText: `Maintenance ${tag}` })
      .click();
    await page.getByTestId('notice-drawer').getByTestId('notice-detail-title').waitFor();
    expect(await isPwned(page)).toBeNull();
    await page.context().close();
  });

  await test.step('zh_CN: the list, the detail, with the typed tag shown as text; the editor; at 1440 and 390', async () => {
    const page = await openAs(browser, 'zh_CN', { merchantToken: merchant.token });
    await page.goto('/dashboard/notice');
    const search = page.getByTestId('notice-search').getByRole('searchbox');
    await search.fill(`正文词${tag}`);
    await search.press('Enter');
    const items = page.getByTestId('notice-item');
    await expect(items).toHaveCount(1);
    await expect(items.first()).toContainText(`系统维护 ${tag}`);
    await settle(page);
    await page.screenshot({ path: testInfo.outputPath('notice-list-1440-zh-cn.png') });
    await items.first().click();
    const body = page.getByTestId('notice-drawer').getByTestId('notice-body');
    await expect(body.locator('strong')).toHaveText('重要');
    await expect(body).toContainText('<img src=x onerror=');
    await settle(page);
    await page.screenshot({ path: testInfo.outputPath('notice-detail-1440-zh-cn.png') });
    await page.setViewportSize({ width: 390, height: 844 });
    await settle(page);
    await page.screenshot({ path: testInfo.outputPath('notice-detail-390-zh-cn.png') });
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('notice-drawer')).toBeHidden();
    await settle(page);
    await page.screenshot({ path: testInfo.outputPath('notice-list-390-zh-cn.png') });
    expect(await isPwned(page)).toBeNull();
    await page.context().close();

    const ops = await openAs(browser, 'zh_CN', { opsToken });
    await ops.goto('/ops/notices');
    await ops
      .getByTestId('ops-notices-table')
      .getByRole('row')
      .filter({ hasText: `系统维护 ${tag}` })
      .getByTestId('ops-notice-edit')
      .click();
    const form = ops.getByTestId('notice-form');
    await expect(form.getByTestId('notice-title-zh_CN')).toHaveValue(`系统维护 ${tag}`);
    await expect(form.getByTestId('notice-body-zh_CN')).toContainText('重要');
    await settle(ops);
    await ops.screenshot({ path: testInfo.outputPath('ops-notice-editor-1440-zh-cn.png') });
    await ops.setViewportSize({ width: 390, height: 844 });
    await settle(ops);
    await ops.screenshot({ path: testInfo.outputPath('ops-notice-editor-390-zh-cn.png') });
    await ops.context().close();
  });

  await test.step('en_US at 390: the list and the detail', async () => {
    const page = await openAs(browser, 'en_US', { merchantToken: merchant.token });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/dashboard/notice');
    await expect(page.getByTestId('notice-item').first()).toBeVisible();
    await settle(page);
    await page.screenshot({ path: testInfo.outputPath('notice-list-390-en-us.png') });
    await page
      .getByTestId('notice-item')
      .filter({ hasText: `Maintenance ${tag}` })
      .click();
    await expect(page.getByTestId('notice-drawer').getByTestId('notice-body')).toContainText(
      `Bodyword${tag}`,
    );
    await settle(page);
    await page.screenshot({ path: testInfo.outputPath('notice-detail-390-en-us.png') });
    await page.context().close();
  });
});
