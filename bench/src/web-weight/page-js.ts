/**
 * What one cold page load costs in JavaScript: every script response the page receives until
 * it shows `readySelector` and the network is then idle, each gzipped at level 9 (what the
 * Vite build report prints), summed. Waiting for the page's own content first matters on a
 * busy machine: evaluating the entry can take longer than the 500 ms that counts as idle.
 * Locale chunks are named `locale-<language>-<hash>.js` by the web build, so the same list
 * tells which languages' messages the page loaded.
 */
import { gzipSync } from 'node:zlib';
import { type Browser, chromium } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface PageLoad {
  /**
   * Every JS file, by its path, with its gzip size in bytes and whether it was asked for only
   * after the page showed `readySelector` (a chunk the page fetches once its content is there).
   */
  scripts: { path: string; gzipBytes: number; isAfterReady: boolean }[];
  gzipBytes: number;
  /** The languages whose locale chunk was loaded. */
  locales: string[];
  /** The path the page ended on (a redirect to /login would show here). */
  finalPath: string;
}

export interface LoadSetup {
  baseUrl: string;
  path: string;
  /** The `token` cookie of a logged-in browser. */
  token?: string;
  /** The stored interface language (the `lang` cookie); unset: the default. */
  language?: string;
  /** A CSS selector that is visible once the page has rendered its content. */
  readySelector: string;
}

const LOCALE_CHUNK = /\/locale-([a-z]{2}_[A-Z]{2})-[\w-]+\.js$/;

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
}

/** Load `path` in a fresh context (empty cache) and measure its JavaScript. */
export async function measurePageJs(browser: Browser, setup: LoadSetup): Promise<PageLoad> {
  const context = await browser.newContext();
  try {
    const cookies = [
      ...(setup.token ? [{ name: 'token', value: setup.token }] : []),
      ...(setup.language ? [{ name: 'lang', value: setup.language }] : []),
    ];
    await context.addCookies(cookies.map((c) => ({ ...c, url: setup.baseUrl, sameSite: 'Lax' as const })));
    const page = await context.newPage();
    // The moment the content showed, taken in the page itself (a MutationObserver), not when
    // Playwright's wait came back: that comes tens of milliseconds later on a busy machine, and a
    // chunk asked for in between was counted as asked for before the content.
    // (Script text: this package is typed without the DOM.)
    await page.addInitScript({
      content: `(() => {
        const selector = ${JSON.stringify(setup.readySelector)};
        const observer = new MutationObserver(() => {
          if (window.__readyAt === undefined && document.querySelector(selector)) {
            window.__readyAt = performance.timeOrigin + performance.now();
            observer.disconnect();
          }
        });
        observer.observe(document, { childList: true, subtree: true, attributes: true });
      })();`,
    });
    const pending: Promise<
      (Omit<PageLoad['scripts'][number], 'isAfterReady'> & { at: number }) | undefined
    >[] = [];
    page.on('response', (response) => {
      const url = new URL(response.url());
      const isScript = response.request().resourceType() === 'script' || url.pathname.endsWith('.js');
      if (!isScript || url.origin !== setup.baseUrl) return;
      pending.push(
        response
          .body()
          .then((body) => ({
            path: url.pathname,
            gzipBytes: gzipSync(body, { level: 9 }).length,
            // When the request started, in ms since the epoch (the page's clock above is the same).
            at: response.request().timing().startTime,
          }))
          .catch(() => undefined),
      );
    });
    await page.goto(`${setup.baseUrl}${setup.path}`);
    await page.locator(setup.readySelector).first().waitFor({ timeout: 60_000 });
    const readyAt = (await page.evaluate('window.__readyAt')) as number | undefined;
    if (readyAt === undefined) throw new Error(`${setup.path}: the page's ready time was not recorded`);
    await page.waitForLoadState('networkidle');
    const scripts = (await Promise.all(pending))
      .filter((s) => s !== undefined)
      .map(({ at, ...script }) => ({ ...script, isAfterReady: at > readyAt }));
    const locales = scripts.map((s) => LOCALE_CHUNK.exec(s.path)?.[1]).filter((l) => l !== undefined);
    return {
      scripts,
      gzipBytes: scripts.reduce((sum, s) => sum + s.gzipBytes, 0),
      locales: [...new Set(locales)].sort(),
      finalPath: new URL(page.url()).pathname,
    };
  } finally {
    await context.close();
  }
}
