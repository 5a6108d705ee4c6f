/** CORS stays closed to other origins; the web app goes out with its security headers. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from './helpers/build-test-app';

let dist: string;
let app: FastifyInstance;
beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'tollgate-web-'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
  app = await buildTestApp({ env: { WEB_DIST_DIR: dist } });
});
afterAll(async () => {
  await app.close();
  rmSync(dist, { recursive: true, force: true });
});

const CSP =
  "default-src 'self';script-src 'self';style-src 'self' 'unsafe-inline';img-src 'self' data:;" +
  "connect-src 'self';font-src 'self' data:;frame-ancestors 'none';object-src 'none';base-uri 'self';form-action 'self'";
const corsHeaders = (headers: Record<string, unknown>) =>
  Object.keys(headers).filter((name) => name.startsWith('access-control-'));

describe('CORS', () => {
  it('answers a preflight from another origin without allowing it', async () => {
    for (const url of ['/front/login', '/front/merchant/info', '/front/google/send']) {
      const preflight = await app.inject({
        method: 'OPTIONS',
        url,
        headers: {
          origin: 'https://evil.example',
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'x-auth-token, content-type',
        },
      });
      expect(preflight.statusCode).toBe(405);
      expect(corsHeaders(preflight.headers)).toEqual([]);
    }
  });

  it('adds no CORS header to a cross-origin request', async () => {
    const response = await app.inject({
      url: '/front/config/chainList',
      headers: { origin: 'https://evil.example' },
    });
    expect(response.statusCode).toBe(200);
    expect(corsHeaders(response.headers)).toEqual([]);
  });
});

describe('the web app', () => {
  it.each(['/', '/login', '/merchant/info'])(
    '%s carries the CSP and the other security headers',
    async (url) => {
      const response = await app.inject({ url, headers: { accept: 'text/html' } });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('<div id="root">');
      expect(response.headers).toMatchObject({
        'content-security-policy': CSP,
        'x-content-type-options': 'nosniff',
        // The same as the CSP's frame-ancestors 'none': never framed, not even by this origin.
        'x-frame-options': 'DENY',
        'referrer-policy': 'no-referrer',
        'cross-origin-opener-policy': 'same-origin',
      });
    },
  );
});
