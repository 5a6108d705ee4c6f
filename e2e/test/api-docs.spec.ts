import type { BrowserContext, Page } from '@playwright/test';
import { findAxeViolations } from '../src/axe';
import { watchConsole } from '../src/console-watch';
import { addDemoSession, expect, test } from '../src/fixtures';
import { readBaseUrl } from '../src/server-env';

/**
 * The API documentation (issue 9) as a merchant reaches it: the collection and payout intro
 * pages open /docs/api in a new tab, in the interface's language, at the create call; the
 * page's language switcher, a code block's copy button (read back from the clipboard), no
 * console message and no axe violation; its signature check link opens the back office's tool.
 * Screenshots of the create call at 1440 and 390 px in zh_CN and en_US.
 */
/** Opens the intro's documentation link (a new tab) and watches that tab's console from its start. */
async function openDocsFrom(page: Page, context: BrowserContext, testId: string) {
  const link = page.getByTestId(testId);
  // The app's first load on a busy machine can take longer than the default 15 s.
  await expect(link).toBeVisible({ timeout: 45_000 });
  const opened = context.waitForEvent('page').then((docs) => ({ docs, problems: watchConsole(docs) }));
  await link.click();
  const { docs, problems } = await opened;
  await docs.waitForLoadState('load');
  return { docs, problems };
}

/**
 * Copies the section's first open code block with its button: the clipboard then holds the
 * block's text, the button says so, then is the copy button again.
 */
async function copyFirstBlock(docs: Page, section: string, words: { copy: string; copied: string }) {
  const block = docs.locator(`${section} details[open] .code`).first();
  const code = await block.locator('pre').innerText();
  const button = block.getByRole('button');
  await expect(button).toHaveText(words.copy);
  await button.click();
  await expect(button).toHaveText(words.copied);
  expect(await docs.evaluate(() => navigator.clipboard.readText())).toBe(code);
  await expect(button).toHaveText(words.copy);
  return code;
}

/** The section at the top of a `width` px wide screen; the page itself never scrolls sideways. */
async function screenshotAt(docs: Page, section: string, width: number, path: string) {
  await docs.setViewportSize({ width, height: width > 600 ? 900 : 844 });
  await docs.locator(section).evaluate((element) => element.scrollIntoView());
  // Tables and code blocks scroll inside their own box.
  expect(await docs.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  await docs.screenshot({ path });
}

test('collection intro → API documentation: create call, copy, language switch, axe', async ({
  page,
  context,
}, testInfo) => {
  test.setTimeout(150_000);
  await addDemoSession(context);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: readBaseUrl() });
  await page.addInitScript(() => window.localStorage.setItem('lang', 'zh_CN'));
  await page.goto('/application/collection');

  const { docs, problems } = await openDocsFrom(page, context, 'collection-api-guide');
  expect(new URL(docs.url()).search).toBe('?lang=zh_CN');
  expect(new URL(docs.url()).hash).toBe('#op-createCollection');
  await expect(docs.locator('html')).toHaveAttribute('lang', 'zh-CN');
  const create = docs.locator('#op-createCollection');
  await expect(create.getByRole('heading', { level: 3 })).toHaveText(
    '创建代收订单（按 merchantOrderNo 幂等）',
  );
  await expect(create.getByRole('heading', { level: 3 })).toBeInViewport();
  await expect(create.locator('.endpoint')).toHaveText('POST /api/v1/collections');

  const code = await copyFirstBlock(docs, '#op-createCollection', { copy: '复制', copied: '已复制' });
  // The curl example, with this server's address.
  expect(code).toContain(`BASE_URL='${readBaseUrl()}'`);
  expect(code).toContain('"$BASE_URL/api/v1/collections"');
  expect(await findAxeViolations(docs)).toEqual([]);
  for (const width of [1440, 390]) {
    await screenshotAt(
      docs,
      '#op-createCollection',
      width,
      testInfo.outputPath(`api-docs-${width}-zh-cn.png`),
    );
  }
  // At 390 px also the page's top (switcher, contents) and the create call's first example.
  await screenshotAt(docs, '#top', 390, testInfo.outputPath('api-docs-top-390-zh-cn.png'));
  await screenshotAt(
    docs,
    '#op-createCollection details[open]',
    390,
    testInfo.outputPath('api-docs-example-390-zh-cn.png'),
  );

  await docs.setViewportSize({ width: 1440, height: 900 });
  // The language link keeps the place read.
  const place = new URL(docs.url()).hash;
  expect(place).toBe('#op-createCollection');
  await docs.getByRole('navigation', { name: '语言' }).getByRole('link', { name: 'English' }).click();
  await expect(docs.locator('html')).toHaveAttribute('lang', 'en');
  expect(new URL(docs.url()).search).toBe('?lang=en_US');
  expect(new URL(docs.url()).hash).toBe(place);
  await expect(docs.getByRole('heading', { level: 1 })).toHaveText('Tollgate merchant API');
  await expect(docs.getByRole('navigation', { name: 'Language' }).locator('[aria-current]')).toHaveText(
    'English',
  );
  await expect(docs.locator('#op-createCollection h3')).toHaveText(
    'Create a collection order (idempotent by merchantOrderNo)',
  );
  await copyFirstBlock(docs, '#op-createCollection', { copy: 'Copy', copied: 'Copied' });
  expect(await findAxeViolations(docs)).toEqual([]);
  for (const width of [1440, 390]) {
    await screenshotAt(
      docs,
      '#op-createCollection',
      width,
      testInfo.outputPath(`api-docs-${width}-en-us.png`),
    );
  }
  expect(problems).toEqual([]);
});

test('payout intro → API documentation at the payout call; its signature check link opens the tool', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  await addDemoSession(context);
  await page.addInitScript(() => window.localStorage.setItem('lang', 'en_US'));
  await page.goto('/application/payer');

  const { docs, problems } = await openDocsFrom(page, context, 'payout-api-guide');
  expect(new URL(docs.url()).search).toBe('?lang=en_US');
  expect(new URL(docs.url()).hash).toBe('#op-createPayout');
  const create = docs.locator('#op-createPayout');
  await expect(create.getByRole('heading', { level: 3 })).toHaveText(
    'Create a payout to an address (idempotent by merchantOrderNo)',
  );
  await expect(create.getByRole('heading', { level: 3 })).toBeInViewport();
  expect(await findAxeViolations(docs)).toEqual([]);

  const tool = docs.getByRole('link', { name: 'signature check tool' });
  await expect(tool).toHaveAttribute('href', '/application?tool=signature');
  await tool.click();
  await expect(docs.getByRole('dialog').getByTestId('signature-header')).toBeVisible();
  expect(problems).toEqual([]);
});
