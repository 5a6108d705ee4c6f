import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';

/** What every screenshot pass shares: where the files go, a page in a language, a settled shot. */
export interface Viewport {
  width: number;
  height: number;
}

export const DESKTOP: Viewport = { width: 1440, height: 900 };
export const PHONE: Viewport = { width: 390, height: 844 };

export async function openAs(
  browser: Browser,
  baseUrl: string,
  language: string,
  viewport: Viewport = DESKTOP,
): Promise<Page> {
  const isPhone = viewport.width < 768;
  const context = await browser.newContext({
    viewport,
    baseURL: baseUrl,
    hasTouch: isPhone,
    isMobile: isPhone,
  });
  await context.addInitScript((lang) => window.localStorage.setItem('lang', lang), language);
  return context.newPage();
}

export async function shoot(outDir: string, page: Page, name: string) {
  await page.mouse.move(0, 0); // no hover effects left over
  await page.waitForTimeout(500); // let transitions and messages settle
  await page.screenshot({ path: join(outDir, `${name}.png`) });
  console.log(`wrote ${name}.png`);
}

/**
 * The whole of a shell page: only the content area scrolls, so a full-page shot would cut it;
 * the viewport is made as tall as the content for the shot, then put back.
 */
export async function shootWholeView(outDir: string, page: Page, name: string, viewport: Viewport) {
  const height = await page.evaluate(() => {
    const content = document.querySelector<HTMLElement>('[data-testid="app-content"]');
    if (!content) return document.documentElement.scrollHeight;
    return content.getBoundingClientRect().top + content.scrollHeight;
  });
  await page.setViewportSize({ width: viewport.width, height: Math.max(viewport.height, Math.ceil(height)) });
  await shoot(outDir, page, name);
  await page.setViewportSize(viewport);
}
