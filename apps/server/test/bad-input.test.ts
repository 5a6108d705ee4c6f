/** Every kind of bad input is answered with a localized envelope, never a 500. */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from './helpers/build-test-app';
import { createMerchant, form, logInAs } from './helpers/factories';
import { postJson as postJsonTo, registerTestRoutes } from './helpers/test-routes';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
  registerTestRoutes(app);
});
afterAll(() => app.close());

const postJson = (payload: string, headers: Record<string, string> = {}) => postJsonTo(app, payload, headers);

describe('bad input never gets a 500', () => {
  it('malformed JSON → 1002', async () => {
    const response = await postJson('{"amount": "1', { lang: 'en_US' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 1002, data: null, message: 'The request could not be read' });
    expect(response.headers['content-type']).toMatch(/^application\/json/);
  });

  it('an empty JSON body → 1002', async () => {
    const response = await postJson('', { lang: 'vi_VN' });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe(1002);
  });

  it('a malformed form → 1002', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/front/login',
      payload: 'email=a%40b.co&password=%E0%A4%A',
      headers: { 'content-type': 'application/x-www-form-urlencoded', lang: 'en_US' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 1002, data: null, message: 'The request could not be read' });
  });

  it('malformed multipart → 1002', async () => {
    const token = await logInAs(app, await createMerchant(app));
    const cutOff = await app.inject({
      method: 'POST',
      url: '/front/admin/login-out',
      payload: '--b\r\nContent-Disposition: form-data; name="a"\r\n\r\nvalue',
      headers: { 'x-auth-token': token, 'content-type': 'multipart/form-data; boundary=b' },
    });
    expect(cutOff.statusCode).toBe(400);
    expect(cutOff.json().code).toBe(1002);
    const noBoundary = await app.inject({
      method: 'POST',
      url: '/front/admin/login-out',
      payload: 'anything',
      headers: { 'x-auth-token': token, 'content-type': 'multipart/form-data' },
    });
    expect(noBoundary.statusCode).toBe(400);
    expect(noBoundary.json().code).toBe(1002);
    // Neither attempt reached the handler: the session is still alive.
    const info = await app.inject({ url: '/front/merchant/info', headers: { 'x-auth-token': token } });
    expect(info.json().code).toBe(0);
  });

  it('a wrong type → 1001 with the field, in the language asked', async () => {
    const response = await postJson(JSON.stringify({ amount: 12 }), { lang: 'zh_CN' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      code: 1001,
      // A number where a decimal string goes is told what to send (a float may have lost digits).
      data: { errors: [{ field: 'amount', message: '请以十进制字符串发送数字，例如 "10.5"' }] },
      message: '请以十进制字符串发送数字，例如 "10.5"',
    });
  });

  it('a missing field, a too long one and an unknown one → 1001 without English leaking', async () => {
    const missing = await postJson('{}', { lang: 'vi_VN' });
    expect(missing.json()).toEqual({
      code: 1001,
      data: { errors: [{ field: 'amount', message: 'Trường này là bắt buộc' }] },
      message: 'Trường này là bắt buộc',
    });
    const tooLong = await postJson(JSON.stringify({ amount: '1', note: 'far too long' }), { lang: 'en_US' });
    expect(tooLong.json().data.errors).toEqual([{ field: 'note', message: 'Too long' }]);
    const unknown = await postJson(JSON.stringify({ amount: '1', extra: true }), { lang: 'en_US' });
    expect(unknown.json()).toEqual({
      code: 1001,
      data: { errors: [{ field: 'extra', message: 'Not a field of this call (check its name)' }] },
      message: 'Not a field of this call (check its name)',
    });
    const badDecimal = await postJson(JSON.stringify({ amount: '1e5' }), { lang: 'en_US' });
    expect(badDecimal.json().data.errors).toEqual([
      { field: 'amount', message: 'Please enter a valid number' },
    ]);
  });

  it('a body that is not an object → 1001 on `body`', async () => {
    const response = await postJson('[1,2]', { lang: 'en_US' });
    expect(response.statusCode).toBe(400);
    expect(response.json().data.errors).toEqual([{ field: 'body', message: 'Invalid format' }]);
  });

  it('a form field sent twice → 1001', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/front/login',
      payload: 'email=a%40b.co&email=c%40d.co&password=x',
      headers: { 'content-type': 'application/x-www-form-urlencoded', lang: 'en_US' },
    });
    expect(response.json()).toMatchObject({ code: 1001, data: { errors: [{ field: 'email' }] } });
  });

  it('a body over 1 MiB → 1003, whatever the encoding', async () => {
    const big = 'a'.repeat(1024 * 1024 + 1);
    const formBody = await app.inject({
      method: 'POST',
      url: '/front/login',
      payload: `email=${big}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', lang: 'en_US' },
    });
    expect(formBody.statusCode).toBe(413);
    expect(formBody.json()).toEqual({ code: 1003, data: null, message: 'The request is too large' });
    const json = await postJson(JSON.stringify({ amount: '1', note: big }));
    expect(json.statusCode).toBe(413);
    expect(json.json().code).toBe(1003);
    const token = await logInAs(app, await createMerchant(app));
    const multipart = await app.inject({
      method: 'POST',
      url: '/front/admin/login-out',
      payload: `--b\r\nContent-Disposition: form-data; name="a"\r\n\r\n${big}\r\n--b--\r\n`,
      headers: { 'x-auth-token': token, 'content-type': 'multipart/form-data; boundary=b' },
    });
    expect(multipart.statusCode).toBe(413);
    expect(multipart.json().code).toBe(1003);
  });

  it('an email sent twice in a form → "invalid format", not "please enter email"', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/front/login',
      payload: 'email=a%40b.co&email=c%40d.co&password=x',
      headers: { 'content-type': 'application/x-www-form-urlencoded', lang: 'en_US' },
    });
    expect(response.json().data.errors).toEqual([{ field: 'email', message: 'Invalid format' }]);
  });

  it('another encoding than the path takes → 1004', async () => {
    const json = await app.inject({
      method: 'POST',
      url: '/front/login',
      payload: JSON.stringify({ email: 'a@b.co', password: 'x' }),
      headers: { 'content-type': 'application/json', lang: 'en_US' },
    });
    expect(json.statusCode).toBe(415);
    expect(json.json()).toEqual({ code: 1004, data: null, message: 'Unsupported request format' });
    const text = await app.inject({
      method: 'POST',
      url: '/front/login',
      payload: 'hello',
      headers: { 'content-type': 'text/plain' },
    });
    expect(text.statusCode).toBe(415);
    expect(text.json().code).toBe(1004);
    const token = await logInAs(app, await createMerchant(app));
    const formToMultipart = await app.inject({
      method: 'POST',
      url: '/front/admin/login-out',
      ...form({ a: '1' }),
      headers: { ...form({}).headers, 'x-auth-token': token },
    });
    expect(formToMultipart.statusCode).toBe(415);
    expect(formToMultipart.json().code).toBe(1004);
  });

  it('an unknown path → 404 envelope', async () => {
    for (const request of [
      { url: '/front/nope' },
      { method: 'POST' as const, url: '/front/merchant/nope' },
      { url: '/api-docs-nope' },
      { url: '/health/deep' },
      { url: '/no-such-file.js' },
      // Paths match exactly: a trailing slash is another path, not a wrong method.
      { method: 'POST' as const, url: '/front/login/' },
    ]) {
      const response = await app.inject({ ...request, headers: { lang: 'en_US' } });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({
        code: 404,
        data: null,
        message: 'The requested resource does not exist',
      });
    }
  });

  it('a path that is not valid percent-encoding → 404 envelope', async () => {
    const response = await app.inject({ url: '/front/%E0%A4%A', headers: { lang: 'en_US' } });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      code: 404,
      data: null,
      message: 'The requested resource does not exist',
    });
    expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('a wrong method on a known path → 1005', async () => {
    const post = await app.inject({
      method: 'POST',
      url: '/front/merchant/info',
      headers: { lang: 'en_US' },
    });
    expect(post.statusCode).toBe(405);
    expect(post.headers.allow).toBe('GET');
    expect(post.json()).toEqual({ code: 1005, data: null, message: 'Method not allowed' });
    for (const method of ['GET', 'DELETE', 'OPTIONS'] as const) {
      const response = await app.inject({ method, url: '/front/login?v=1' });
      expect(response.statusCode).toBe(405);
      expect(response.headers.allow).toBe('POST');
      expect(response.json().code).toBe(1005);
    }
  });

  it('a server fault → generic 500 with the request id, no internals', async () => {
    const response = await app.inject({
      url: '/front/test/crash',
      headers: { lang: 'en_US', 'x-request-id': 'crash-1' },
    });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      code: 500,
      data: { requestId: 'crash-1' },
      message: 'The server is busy, please try again later',
    });
    expect(response.body).not.toContain('hunter2');
    expect(response.body).not.toContain('at ');
  });
});
