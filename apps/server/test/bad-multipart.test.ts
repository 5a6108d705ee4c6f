/** multipart/form-data bodies: counted on the raw stream, whatever the framing; no file parts. */
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from './helpers/build-test-app';
import { createMerchant, logInAs } from './helpers/factories';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.close());

describe('multipart without a Content-Length (chunked)', () => {
  const multipartTo = (token: string, body: string, boundary = 'b') =>
    app.inject({
      method: 'POST',
      url: '/front/admin/login-out',
      // A stream payload: no Content-Length is sent, as with chunked transfer encoding.
      payload: Readable.from([Buffer.from(body)]),
      headers: { 'x-auth-token': token, 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
  const field = (name: string, value: string) =>
    `--b\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;

  it('one field over 1 MiB → 1003, nothing done', async () => {
    const token = await logInAs(app, await createMerchant(app));
    const response = await multipartTo(token, `${field('a', 'a'.repeat(1024 * 1024 + 1))}--b--\r\n`);
    expect(response.headers['content-length']).toBeDefined();
    expect(response.statusCode).toBe(413);
    expect(response.json().code).toBe(1003);
    const info = await app.inject({ url: '/front/merchant/info', headers: { 'x-auth-token': token } });
    expect(info.json().code).toBe(0);
  });

  it('many small fields adding up to over 1 MiB → 1003', async () => {
    const token = await logInAs(app, await createMerchant(app));
    const fields = Array.from({ length: 20 }, (_, i) => field(`f${i}`, 'x'.repeat(60_000))).join('');
    const response = await multipartTo(token, `${fields}--b--\r\n`);
    expect(response.statusCode).toBe(413);
    expect(response.json().code).toBe(1003);
  });

  it('more than 50 fields → 1003', async () => {
    const token = await logInAs(app, await createMerchant(app));
    const fields = Array.from({ length: 51 }, (_, i) => field(`f${i}`, '1')).join('');
    const response = await multipartTo(token, `${fields}--b--\r\n`);
    expect(response.statusCode).toBe(413);
    expect(response.json().code).toBe(1003);
  });

  it('under the limit → read in full', async () => {
    const token = await logInAs(app, await createMerchant(app));
    const response = await multipartTo(
      token,
      `${field('langCode', 'en_US')}${field('pad', 'x'.repeat(900_000))}--b--\r\n`,
    );
    expect(response.json()).toEqual({ code: 0, data: null, message: 'Success' });
  });
});

it('a file part, however small → 1002, nothing done', async () => {
  const token = await logInAs(app, await createMerchant(app));
  const response = await app.inject({
    method: 'POST',
    url: '/front/admin/login-out',
    payload:
      '--b\r\nContent-Disposition: form-data; name="f"; filename="a.txt"\r\n' +
      'Content-Type: text/plain\r\n\r\nhi\r\n--b--\r\n',
    headers: { 'x-auth-token': token, 'content-type': 'multipart/form-data; boundary=b', lang: 'en_US' },
  });
  expect(response.statusCode).toBe(400);
  expect(response.json()).toEqual({ code: 1002, data: null, message: 'The request could not be read' });
  const info = await app.inject({ url: '/front/merchant/info', headers: { 'x-auth-token': token } });
  expect(info.json().code).toBe(0);
});

it('a multipart field named __proto__ → 1002', async () => {
  const token = await logInAs(app, await createMerchant(app));
  const response = await app.inject({
    method: 'POST',
    url: '/front/admin/login-out',
    payload: '--b\r\nContent-Disposition: form-data; name="__proto__"\r\n\r\nx\r\n--b--\r\n',
    headers: { 'x-auth-token': token, 'content-type': 'multipart/form-data; boundary=b' },
  });
  expect(response.statusCode).toBe(400);
  expect(response.json().code).toBe(1002);
});
