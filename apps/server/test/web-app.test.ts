import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from './helpers/build-test-app';

/** The built web app served by the API server, with the SPA fallback for its own routes. */
const INDEX =
  '<!doctype html><html><body><div id="root"></div><script src="/assets/index-abc123.js"></script></body></html>';
const prerendered = (language: string) =>
  `<!doctype html><html><body><div id="root"><form data-language="${language}"></form></div></body></html>`;
let dist: string;
let app: FastifyInstance;

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'tollgate-web-'));
  mkdirSync(join(dist, 'assets'));
  mkdirSync(join(dist, 'coins'));
  writeFileSync(join(dist, 'index.html'), INDEX);
  writeFileSync(join(dist, 'assets', 'index-abc123.js'), 'console.log("app")');
  // What the web build writes beside each script: Brotli and gzip copies, compressed once.
  writeFileSync(join(dist, 'assets', 'index-abc123.js.br'), brotliCompressSync('console.log("app")'));
  writeFileSync(join(dist, 'assets', 'index-abc123.js.gz'), gzipSync('console.log("app")'));
  writeFileSync(join(dist, 'coins', 'usdt.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(join(dist, 'logo-mini.svg'), '<svg xmlns="http://www.w3.org/2000/svg" id="logo"/>');
  writeFileSync(join(dist, '.build-stamp.json'), '{"sources":"secret-hash"}');
  // The login page rendered at build time, per language, with its compressed copies.
  mkdirSync(join(dist, 'prerender'));
  for (const language of ['zh_CN', 'zh_TW', 'en_US', 'vi_VN']) {
    const html = prerendered(language);
    writeFileSync(join(dist, 'prerender', `login-${language}.html`), html);
    writeFileSync(join(dist, 'prerender', `login-${language}.html.br`), brotliCompressSync(html));
    writeFileSync(join(dist, 'prerender', `login-${language}.html.gz`), gzipSync(html));
  }
  app = await buildTestApp({ env: { WEB_DIST_DIR: dist } });
});
afterAll(async () => {
  await app.close();
  rmSync(dist, { recursive: true, force: true });
});

const page = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };

describe('static web app', () => {
  it('serves index.html at / without caching it', async () => {
    const response = await app.inject({ url: '/', headers: page });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(INDEX);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
  });

  it('answers /favicon.ico with the app icon, for pages without an icon link (no 404 in the console)', async () => {
    const response = await app.inject({ url: '/favicon.ico' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/svg+xml');
    expect(response.body).toBe('<svg xmlns="http://www.w3.org/2000/svg" id="logo"/>');
  });

  it('sends /login rendered at build time, in the language of the lang cookie, to a browser without a session', async () => {
    const plain = await app.inject({ url: '/login?redirect=%2Fdashboard', headers: page });
    expect(plain.statusCode).toBe(200);
    expect(plain.body).toBe(prerendered('zh_CN'));
    expect(plain.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(plain.headers['cache-control']).toBe('no-cache');
    expect(plain.headers.vary).toContain('cookie');

    const english = await app.inject({ url: '/login', headers: { ...page, cookie: 'theme=x; lang=en_US' } });
    expect(english.body).toBe(prerendered('en_US'));
    // Whatever the cookie says, only a language of the four picks a file: the rest is zh_CN.
    for (const lang of ['__proto__', '..%2F..%2Findex', 'fr_FR', '']) {
      const other = await app.inject({ url: '/login', headers: { ...page, cookie: `lang=${lang}` } });
      expect(other.body).toBe(prerendered('zh_CN'));
    }

    const brotli = await app.inject({
      url: '/login',
      headers: { ...page, cookie: 'lang=vi_VN', 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(prerendered('vi_VN'));
    const gzip = await app.inject({ url: '/login', headers: { ...page, 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(prerendered('zh_CN'));
  });

  it('sends index.html for /login to a browser with a session (the app moves it on) and for other pages', async () => {
    const withSession = await app.inject({
      url: '/login',
      headers: { ...page, cookie: 'lang=en_US; token=abc' },
    });
    expect(withSession.body).toBe(INDEX);
    for (const url of ['/dashboard', '/login/x', '/ops/login']) {
      const other = await app.inject({ url, headers: page });
      expect(other.body, url).toBe(INDEX);
    }
  });

  it('caches hashed assets for a year', async () => {
    const response = await app.inject({ url: '/assets/index-abc123.js' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('console.log("app")');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('sends the pre-compressed copy the browser accepts, Brotli first, with the same caching', async () => {
    const br = await app.inject({
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe('console.log("app")');

    const gz = await app.inject({ url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe('console.log("app")');

    const plain = await app.inject({
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log("app")');
  });

  it('serves the coin icons the API points at', async () => {
    const response = await app.inject({ url: '/coins/usdt.svg' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^image\/svg\+xml/);
  });

  it.each(['/dashboard', '/merchant/info', '/ops/login', '/application/collection?tab=1'])(
    'answers the SPA route %s with index.html on reload',
    async (url) => {
      const response = await app.inject({ url, headers: page });
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe(INDEX);
      expect(response.headers['cache-control']).toBe('no-cache');
    },
  );

  it('keeps API paths and non-page requests out of the fallback', async () => {
    for (const url of ['/front/nope', '/api-docs/nope', '/health/nope']) {
      const response = await app.inject({ url, headers: page });
      expect(response.statusCode).toBe(404);
      expect(response.json().code).toBe(404);
    }
    const missingAsset = await app.inject({ url: '/assets/missing.js', headers: { accept: '*/*' } });
    expect(missingAsset.statusCode).toBe(404);
    expect(missingAsset.json().code).toBe(404);
    const post = await app.inject({ method: 'POST', url: '/dashboard', headers: page });
    expect(post.statusCode).toBe(404);
  });

  it.each([
    '/FRONT/merchant/info',
    '/Front/merchant/info',
    '/front/MERCHANT/INFO',
    '/FRONT/login',
    '/HEALTH',
    '/Health',
    '/API-DOCS',
    '/Api-Docs/json',
  ])('answers %s, an API path in another case, with the 404 envelope, not the app', async (url) => {
    for (const accept of [page, { accept: '*/*' }]) {
      const response = await app.inject({ url, headers: accept });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 404, data: null });
    }
  });

  it('does not serve the build stamp npm start keeps in the build (a dotfile)', async () => {
    for (const headers of [{ accept: '*/*' }, page]) {
      const response = await app.inject({ url: '/.build-stamp.json', headers });
      expect(response.body).not.toContain('secret-hash');
    }
    expect((await app.inject({ url: '/.build-stamp.json' })).statusCode).toBe(404);
  });

  it('serves the app to a client that does not say text/html (curl) on an app path', async () => {
    const response = await app.inject({ url: '/merchant/info' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(INDEX);
  });
});

describe('without a web build', () => {
  it('serves the API only', async () => {
    const apiOnly = await buildTestApp({ env: { WEB_DIST_DIR: join(dist, 'nowhere') } });
    try {
      const pageResponse = await apiOnly.inject({ url: '/dashboard', headers: page });
      expect(pageResponse.statusCode).toBe(404);
      expect(pageResponse.json().code).toBe(404);
      expect((await apiOnly.inject({ url: '/health' })).json()).toEqual({ status: 'ok' });
    } finally {
      await apiOnly.close();
    }
  });
});
