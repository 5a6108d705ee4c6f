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
  // A 404 answer: its message differs in every language (zh_TW's "ok" equals zh_CN's).
  it.each([
    [{ headers: { lang: 'en_US' } }, 'The requested resource does not exist'],
    [{ headers: { lang: 'en' } }, 'The requested resource does not exist'],
    [{ headers: { lang: 'zh_TW' } }, '請求的資源不存在'],
    [{ query: 'langCode=vi_VN' }, 'Tài nguyên được yêu cầu không tồn tại'],
    [{ headers: { lang: 'en_US' }, query: 'langCode=vi_VN' }, 'The requested resource does not exist'],
    [{ headers: { lang: 'fr_FR' } }, '请求的资源不存在'],
    [{}, '请求的资源不存在'],
  ] as [{ headers?: Record<string, string>; query?: string }, string][])(
    '%j → %s',
    async (hints, message) => {
      const query = hints.query ? `?${hints.query}` : '';
      const response = await app.inject({ url: `/front/config/nope${query}`, headers: hints.headers ?? {} });
      expect(response.json().message).toBe(message);
    },
  );

  it('localizes success messages too', async () => {
    const english = await app.inject({ url: '/front/config/chainList', headers: { lang: 'en_US' } });
    expect(english.json().message).toBe('Success');
    const vietnamese = await app.inject({ url: '/front/config/chainList?langCode=vi_VN' });
    expect(vietnamese.json().message).toBe('Thành công');
  });

  it('reads langCode from a form body', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/front/login',
      ...form({ email: 'nobody@example.com', password: 'Wrong2026pass', langCode: 'zh_TW' }),
    });
    expect(response.json()).toEqual({ code: 1101, data: null, message: '帳號或密碼錯誤' });
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
