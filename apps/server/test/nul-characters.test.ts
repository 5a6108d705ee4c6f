/**
 * A NUL character (U+0000), which PostgreSQL text cannot hold, in any value a caller sends:
 * refused as 1001 naming its field, in the caller's language, with nothing written. It used to
 * reach the database and come back as a 500 (found by a fresh-clone audit).
 */
import { count } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applications, orders } from '../src/db/schema';
import { buildTestApp } from './helpers/build-test-app';
import { getAs, postForm, postJson } from './helpers/calls';
import { createMerchant, logInAs } from './helpers/factories';
import { type ApiCredentials, callSigned, createApiApplication } from './helpers/signed-api';

let app: FastifyInstance;
let token: string;
let shop: ApiCredentials;
beforeAll(async () => {
  app = await buildTestApp();
  const merchant = await createMerchant(app);
  token = await logInAs(app, merchant);
  shop = await createApiApplication(app, { merchantId: merchant.id });
});
afterAll(() => app.close());

const rows = async () => ({
  orders: (await app.db.select({ n: count() }).from(orders))[0]?.n,
  applications: (await app.db.select({ n: count() }).from(applications))[0]?.n,
});

/** The merchant API's message names its field too (`api`); the back office's is the field's alone. */
function expectRefused(
  response: { statusCode: number; json(): unknown },
  field: string,
  message: string,
  { api = false }: { api?: boolean } = {},
) {
  expect(response.statusCode).toBe(400);
  expect(response.json()).toEqual({
    code: 1001,
    data: { errors: [{ field, message }] },
    message: api ? `${field}: ${message}` : message,
  });
}

describe('a NUL character in a request', () => {
  it('in a JSON body, a query and a form of the back office: 1001 naming the field', async () => {
    const before = await rows();
    expectRefused(
      await postJson(
        app,
        '/mchOrder/page',
        { type: 'collection', pageNo: 1, pageSize: 10, txHash: 'a\u0000b' },
        { token, lang: 'en_US' },
      ),
      'txHash',
      'Contains a character that is not allowed',
    );
    expectRefused(
      await getAs(app, '/mchOrder/getById?id=TG%00', { token, lang: 'zh_CN' }),
      'id',
      '含有不允许的字符',
    );
    expectRefused(
      await postJson(app, '/app/create', { name: 'Shop\u0000', description: 'x' }, { token, lang: 'vi_VN' }),
      'name',
      'Chứa ký tự không được phép',
    );
    expectRefused(
      await postJson(
        app,
        '/merchant/account/funds-record',
        { pageNo: 1, pageSize: 10, orderNo: '\u0000' },
        { token, lang: 'zh_TW' },
      ),
      'orderNo',
      '含有不允許的字元',
    );
    expect(await rows()).toEqual(before);
  });

  it('in the signed API: the body, and a path parameter', async () => {
    const before = await rows();
    const body = JSON.stringify({
      merchantOrderNo: 'nul-1',
      currency: 'USDT',
      amount: '1',
      description: 'a\u0000b',
    });
    const created = await callSigned(app, shop, {
      method: 'POST',
      url: '/api/v1/collections',
      body,
      lang: 'en_US',
    });
    expectRefused(created.response, 'description', 'Contains a character that is not allowed', { api: true });
    const read = await callSigned(app, shop, {
      method: 'GET',
      url: '/api/v1/collections/a%00b',
      lang: 'en_US',
    });
    expect(read.response.statusCode).toBe(400);
    expect(read.body.code).toBe(1001);
    expect(await rows()).toEqual(before);
  });

  it('a lone UTF-16 surrogate, in a payout, a batch item, a collection and a back-office form: 1001, nothing written', async () => {
    const before = await rows();
    // JSON.stringify writes a lone surrogate as the escape "\ud800", as a shop's encoder would.
    const payout = { merchantOrderNo: 'sur-1', currency: 'USDT', network: 'TRON', amount: '20' };
    const address = 'TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH';
    for (const [url, body, field] of [
      ['/api/v1/payouts', { ...payout, address, description: 'a\ud800b' }, 'description'],
      [
        '/api/v1/payouts',
        { ...payout, address, callbackUrl: 'https://shop.example.com/\udc00' },
        'callbackUrl',
      ],
      [
        '/api/v1/payouts/batch',
        { items: [{ ...payout, address, description: 'x\ud83d' }] },
        'items.0.description',
      ],
      [
        '/api/v1/collections',
        { merchantOrderNo: 'sur-2', currency: 'USDT', amount: '1', description: '\udfff' },
        'description',
      ],
    ] as const) {
      const sent = await callSigned(app, shop, {
        method: 'POST',
        url,
        body: JSON.stringify(body),
        lang: 'en_US',
      });
      expect(sent.body.code, url).toBe(1001);
      expectRefused(sent.response, field, 'Contains a character that is not allowed', { api: true });
    }
    expectRefused(
      await postJson(app, '/app/create', { name: 'Shop \ud800' }, { token, lang: 'en_US' }),
      'name',
      'Contains a character that is not allowed',
    );
    expect(await rows()).toEqual(before);
    // A pair is a character like any other: an emoji is kept.
    const emoji = await callSigned(app, shop, {
      method: 'POST',
      url: '/api/v1/collections',
      body: JSON.stringify({ merchantOrderNo: 'sur-3', currency: 'USDT', amount: '1', description: 'ok 😀' }),
    });
    expect(emoji.body.code).toBe(0);
  });

  it('the create call keeps its own order of refusals: a replayed nonce first, then the schema, then the NUL', async () => {
    const first = JSON.stringify({ merchantOrderNo: 'nul-2', currency: 'USDT', amount: '1' });
    const made = await callSigned(app, shop, { method: 'POST', url: '/api/v1/collections', body: first });
    expect(made.body.code).toBe(0);
    const replayed = await callSigned(app, shop, {
      method: 'POST',
      url: '/api/v1/collections',
      nonce: made.nonce,
      body: JSON.stringify({
        merchantOrderNo: 'nul-3',
        currency: 'USDT',
        amount: '1',
        description: '\u0000',
      }),
    });
    expect(replayed.body.code).toBe(2003);
    // A schema error and a NUL: the schema's (the amount), not the character's.
    const both = await callSigned(app, shop, {
      method: 'POST',
      url: '/api/v1/collections',
      body: JSON.stringify({
        merchantOrderNo: 'nul-4',
        currency: 'USDT',
        amount: 'abc',
        description: '\u0000',
      }),
      lang: 'en_US',
    });
    expect(both.body.code).toBe(1001);
    expect(both.body.data.errors[0].field).toBe('amount');
    // The NUL refusal claimed its nonce: sent again, it is a replay.
    const nul = await callSigned(app, shop, {
      method: 'POST',
      url: '/api/v1/collections',
      body: JSON.stringify({
        merchantOrderNo: 'nul-5',
        currency: 'USDT',
        amount: '1',
        description: '\u0000',
      }),
    });
    expect(nul.body.code).toBe(1001);
    const again = await callSigned(app, shop, {
      method: 'POST',
      url: '/api/v1/collections',
      nonce: nul.nonce,
      body: JSON.stringify({ merchantOrderNo: 'nul-5', currency: 'USDT', amount: '1' }),
    });
    expect(again.body.code).toBe(2003);
  });

  it('an unsigned request keeps its own refusal (the signature is checked first)', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/v1/collections/a%00b',
      headers: { lang: 'en_US' },
    });
    expect(response.json().code).toBe(2001);
  });

  it('a form field (login) is refused the same way, before any lookup', async () => {
    const response = await postForm(
      app,
      '/login',
      { email: 'a\u0000@b.co', password: 'x' },
      { lang: 'en_US' },
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe(1001);
  });
});
