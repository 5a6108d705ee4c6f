/**
 * The hosted cashier's build served at /pay/: the page for /pay/{orderNo} (never cached, under
 * the app-wide CSP), its hashed files under /pay/assets/ (cached for a year, pre-compressed
 * when the browser takes it), nothing else under /pay/assets/, and the back office untouched.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from './helpers/build-test-app';

const SCRIPT = 'console.log("cashier");'.repeat(100);
let dir: string;
let app: FastifyInstance;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'tollgate-cashier-dist-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><title>cashier</title><script type="module" src="/pay/assets/index-abc123.js"></script>',
  );
  writeFileSync(join(dir, 'assets/index-abc123.js'), SCRIPT);
  writeFileSync(join(dir, 'assets/index-abc123.js.gz'), gzipSync(SCRIPT));
  writeFileSync(join(dir, 'assets/.secret'), 'hidden');
  app = await buildTestApp({ env: { CASHIER_DIST_DIR: dir } });
});
afterAll(async () => {
  await app.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the cashier build at /pay/', () => {
  it('answers /pay/{orderNo} with its page, revalidated on every load, under the CSP', async () => {
    const response = await app.inject({
      url: '/pay/TG20261123AAAAAAAAAAAAAAAAAAAA',
      headers: { accept: 'text/html' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    expect(response.body).toContain('/pay/assets/index-abc123.js');
  });

  it('serves its hashed files for a year, gzip when accepted', async () => {
    const plain = await app.inject({ url: '/pay/assets/index-abc123.js' });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(plain.headers['content-type']).toMatch(/javascript/);
    expect(plain.body).toBe(SCRIPT);
    const gzipped = await app.inject({
      url: '/pay/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.rawPayload).toEqual(gzipSync(SCRIPT));
  });

  it('serves nothing else: a missing or hidden file is a 404, the back office paths are not its own', async () => {
    expect((await app.inject({ url: '/pay/assets/missing.js' })).statusCode).toBe(404);
    expect((await app.inject({ url: '/pay/assets/.secret' })).statusCode).toBe(404);
    expect((await app.inject({ url: '/pay/assets/../index.html' })).body).not.toContain('console.log');
    expect((await app.inject({ url: '/assets/index-abc123.js' })).statusCode).toBe(404);
  });
});
