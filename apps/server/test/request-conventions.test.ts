/** SPEC section 7 on every call: the response language, `v`, request ids, security headers. */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from './helpers/build-test-app';
import { createMerchant, form } from './helpers/factories';
import { postJson as postJsonTo, registerTestRoutes } from './helpers/test-routes';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
  registerTestRoutes(app);
});
afterAll(() => app.close());

const postJson = (payload: string, headers: Record<string, string> = {}) => postJsonTo(app, payload, headers);

describe('response language', () => {
  it.each([
    [{ headers: { lang: 'en_US' } }, 'Success'],
    [{ headers: { lang: 'en' } }, 'Success'],
    [{ headers: { lang: 'zh_TW' } }, '操作成功'],
    [{ query: 'langCode=vi_VN' }, 'Thành công'],
    [{ headers: { lang: 'en_US' }, query: 'langCode=vi_VN' }, 'Success'],
    [{ headers: { lang: 'fr_FR' } }, '操作成功'],
    [{}, '操作成功'],
  ] as [{ headers?: Record<string, string>; query?: string }, string][])(
    '%j → %s',
    async (hints, message) => {
      const query = hints.query ? `?${hints.query}` : '';
      const response = await app.inject({
        url: `/front/config/chainList${query}`,
        headers: hints.headers ?? {},
      });
      expect(response.json().message).toBe(message);
    },
  );

  it('reads langCode from a form body', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/front/login',
      ...form({ email: 'nobody@example.com', password: 'Wrong2026pass', langCode: 'zh_TW' }),
    });
    expect(response.json()).toEqual({ code: 1101, data: null, message: '信箱或密碼錯誤' });
  });

  it('reads langCode from a JSON body, and strips it with v before the strict schema', async () => {
    const response = await postJson(JSON.stringify({ amount: '1.5', v: '1737000000000', langCode: 'en_US' }));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ code: 0, data: { amount: '1.5' }, message: 'Success' });
  });
});

describe('v and request ids', () => {
  it('accepts v on GET and POST calls', async () => {
    const get = await app.inject({ url: '/front/config/coinList?v=1737000000000&langCode=en_US' });
    expect(get.json()).toMatchObject({ code: 0, message: 'Success' });
    const merchant = await createMerchant(app);
    const post = await app.inject({
      method: 'POST',
      url: '/front/login?v=1737000000000',
      ...form({ email: merchant.email, password: merchant.password, v: 'U2FsdGVkX1+abc/def==' }),
    });
    expect(post.json().code).toBe(0);
  });

  it('echoes a sane incoming x-request-id and makes one otherwise', async () => {
    const kept = await app.inject({ url: '/health', headers: { 'x-request-id': 'edge-42.a:b' } });
    expect(kept.headers['x-request-id']).toBe('edge-42.a:b');
    const made = await app.inject({
      url: '/health',
      headers: { 'x-request-id': '<script>alert(1)</script>' },
    });
    expect(made.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const none = await app.inject({ url: '/front/nope' });
    expect(none.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('security headers', () => {
  it('sets the CSP and refuses cross-origin reads (no CORS)', async () => {
    const response = await app.inject({
      url: '/front/config/chainList',
      headers: { origin: 'https://evil.example' },
    });
    expect(response.headers['content-security-policy']).toBe(
      "default-src 'self';script-src 'self';style-src 'self' 'unsafe-inline';img-src 'self' data:;" +
        "connect-src 'self';font-src 'self' data:;frame-ancestors 'none';object-src 'none';base-uri 'self';form-action 'self'",
    );
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });
});
