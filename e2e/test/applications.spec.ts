import type { Page } from '@playwright/test';
import { findAxeViolations } from '../src/axe';
import { expect, test } from '../src/fixtures';
import { postFront, freshMerchant as registerMerchant } from '../src/fresh-merchant';
import { typeGoogleCode } from '../src/google-code';
import { readBaseUrl } from '../src/server-env';
import { GoogleCodes } from '../src/totp';

/**
 * My applications through the browser (issue 7), as a fresh merchant so the list starts
 * empty: create one with an icon and read its secret once, view it again with the password,
 * edit it (a bad whitelist entry is named first), then, with Google bound, reset the secret
 * with password and code (the old one is gone at once) and delete it.
 */
const PASSWORD = 'Apps2026pass';
/** The longest name there is (64 characters): the card's title is cut, never its icon. */
const LONG_NAME = `E2E 商店二号${'长'.repeat(56)}`;
/** A 1×1 PNG: a real image, checked by its bytes on the server. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

async function post(path: string, body: Record<string, string>, token?: string, json = false) {
  return postFront(path, body, { token, json });
}

/** Registers through the API with the mailed code and logs in; returns the token. */
async function freshMerchant(): Promise<{ email: string; token: string }> {
  return registerMerchant('e2e-apps', PASSWORD);
}

/** axe's findings with no hover left on the button just clicked (a hovered button is lighter). */
async function axeViolations(page: Page) {
  await page.mouse.move(0, 0);
  return findAxeViolations(page);
}

async function readShownSecret(page: Page): Promise<string> {
  const value = page.getByTestId('app-secret-value');
  await expect(value).toContainText(/[0-9a-f]{64}/);
  const secret = (await value.textContent())?.match(/[0-9a-f]{64}/)?.[0];
  if (!secret) throw new Error('no secret shown');
  // On a desktop the 64 characters stand on one line (a wrapped pair of them was easy to miss
  // when copying by hand): an inline box that wraps has one client rectangle per line.
  const lines = await value.evaluate((el) => (el.querySelector('code') ?? el).getClientRects().length);
  expect(lines).toBe(1);
  await page.getByTestId('app-secret-done').click();
  await expect(value).toBeHidden();
  return secret;
}

test('create an app with an icon, read its secret, edit, reset with Google, delete', async ({
  page,
  context,
}) => {
  test.setTimeout(180_000);
  const { token } = await freshMerchant();
  await context.addCookies([{ name: 'token', value: token, url: readBaseUrl(), sameSite: 'Lax' }]);
  await page.goto('/application');
  const view = page.getByTestId('page-application');
  await expect(view.getByTestId('empty-data')).toContainText('还没有应用');

  let secret = '';
  await test.step('create, with an icon uploaded through a signature', async () => {
    await view.getByTestId('empty-data').getByTestId('app-add').click();
    const form = page.getByTestId('app-form');
    await page.getByTestId('app-form-submit').click();
    await expect(form).toContainText('请输入应用名称');
    await page.getByTestId('app-form-name').fill('E2E 商店');
    await page.getByTestId('app-form-telegram').fill('@e2e_shop');
    await form
      .locator('input[type=file]')
      .setInputFiles({ name: 'icon.png', mimeType: 'image/png', buffer: PNG });
    await expect(page.getByTestId('app-icon-preview').locator('img')).toHaveAttribute(
      'src',
      /^\/uploads\/icon\/\d+\/[0-9a-f]{32}\.png$/,
    );
    await page.getByTestId('app-form-submit').click();
    secret = await readShownSecret(page);
    const card = view.getByTestId('app-card');
    await expect(card).toHaveCount(1);
    expect(await card.getAttribute('data-app-id')).toMatch(/^app_[0-9a-f]{20}$/);
    await expect(card.getByTestId('app-card-secret')).toHaveText(
      `${secret.slice(0, 4)}********${secret.slice(-4)}`,
    );
    await expect(card).toContainText('@e2e_shop');
    // The icon is served by the server, as the image it is.
    const iconSrc = await card.getByTestId('app-card-icon').locator('img').getAttribute('src');
    const icon = await page.request.get(iconSrc ?? '');
    expect(icon.headers()['content-type']).toBe('image/png');
    expect(icon.headers()['x-content-type-options']).toBe('nosniff');
    expect(Buffer.from(await icon.body())).toEqual(PNG);
    expect(await axeViolations(page)).toEqual([]);
  });

  await test.step('view the secret again with the password', async () => {
    await view.getByTestId('app-viewSecret').click();
    await expect(page.getByTestId('app-secret-google-code')).toHaveCount(0);
    await page.getByTestId('app-secret-password').fill('Wrong2026pass');
    await page.getByTestId('app-secret-submit').click();
    await expect(page.getByTestId('app-secret-error')).toContainText('密码错误');
    await page.getByTestId('app-secret-password').fill(PASSWORD);
    await page.getByTestId('app-secret-submit').click();
    expect(await readShownSecret(page)).toBe(secret);
  });

  await test.step('edit: a bad whitelist entry is named, then saved', async () => {
    await view.getByTestId('app-edit').click();
    await expect(page.getByTestId('app-form-name')).toHaveValue('E2E 商店');
    await page.getByTestId('app-form-name').fill(LONG_NAME);
    await page.getByTestId('app-form-callback-url').fill('https://shop.example.com/notify');
    await page.getByTestId('app-form-ip-whitelist').fill('203.0.113.9, 10.0.0.0/33');
    await page.getByTestId('app-form-submit').click();
    await expect(page.getByTestId('app-form')).toContainText('CIDR 前缀长度无效：10.0.0.0/33');
    expect(await axeViolations(page)).toEqual([]);
    await page.getByTestId('app-form-ip-whitelist').fill('203.0.113.9, 10.0.0.0/8, 2001:DB8::1');
    await page.getByTestId('app-form-submit').click();
    await expect(page.getByTestId('app-form')).toBeHidden();
    const card = view.getByTestId('app-card');
    await expect(card.getByTestId('app-card-name')).toHaveText(LONG_NAME);
    // The icon keeps its 40 px square beside the longest name (it was squeezed to a sliver).
    const iconBox = await card.getByTestId('app-card-icon').boundingBox();
    expect([Math.round(iconBox?.width ?? 0), Math.round(iconBox?.height ?? 0)]).toEqual([40, 40]);
    await expect(card).toContainText('https://shop.example.com/notify');
    // Normalized by the server.
    await expect(card).toContainText('203.0.113.9, 10.0.0.0/8, 2001:db8::1');
  });

  await test.step('with Google bound, reset asks for its code; the old secret is gone at once', async () => {
    const check = await fetch(`${readBaseUrl()}/front/google/check`, { headers: { 'x-auth-token': token } });
    const googleSecret = ((await check.json()) as { data: { secret: string } }).data.secret;
    const codes = new GoogleCodes(googleSecret);
    await post('/google/send', { password: PASSWORD, code: await codes.next() }, token, true);
    await page.reload();
    await view.getByTestId('app-resetSecret').click();
    await expect(page.getByTestId('app-secret-reset-warning')).toContainText('当前密钥将立即失效');
    expect(await axeViolations(page)).toEqual([]);
    await page.getByTestId('app-secret-password').fill(PASSWORD);
    await typeGoogleCode(page.getByTestId('app-secret-google-code'), await codes.next());
    await page.getByTestId('app-secret-submit').click();
    const fresh = await readShownSecret(page);
    expect(fresh).not.toBe(secret);
    await expect(view.getByTestId('app-card-secret')).toHaveText(
      `${fresh.slice(0, 4)}********${fresh.slice(-4)}`,
    );
  });

  await test.step('delete after the confirmation', async () => {
    await view.getByTestId('app-delete').click();
    await expect(page.getByRole('dialog')).toContainText(`删除应用 ${LONG_NAME}？`);
    await page.getByTestId('app-delete-confirm').click();
    await expect(view.getByTestId('empty-data')).toBeVisible();
    const list = await post('/app/list', {}, token, true);
    expect(list.list).toEqual([]);
  });
});
