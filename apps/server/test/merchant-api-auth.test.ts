import { createHash } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiNonces, applications, merchants, orders } from '../src/db/schema';
import { purgeExpiredRows } from '../src/jobs/purge-expired';
import { generateAppSecret, sealAppSecret } from '../src/modules/applications/app-secret';
import { buildTestApp, createTestClock } from './helpers/build-test-app';
import { expectLedgerClean } from './helpers/ledger';
import {
  type ApiCredentials,
  callSigned,
  createApiApplication,
  getSigned,
  newNonce,
  postSigned,
  signedInject,
} from './helpers/signed-api';

/**
 * The signed-request check of /api/v1: every refusal, each with no side effect. "No side effect"
 * is shown twice: no nonce row, and the genuine request with the very same nonce still passes.
 * A request that passes authentication and then fails on its own merits (an unknown order, a
 * body that is not an order) proves the check let it through.
 */
const clock = createTestClock(new Date('2026-11-23T08:00:00.000Z'));
let app: FastifyInstance;
let shop: ApiCredentials;

beforeAll(async () => {
  app = await buildTestApp({ now: clock.now });
  shop = await createApiApplication(app);
});
afterAll(async () => {
  await expectLedgerClean(app.db);
  await app.close();
});

const UNKNOWN_ORDER = '/api/v1/collections/TG20261123000000000000000000AA';
/** A body that passes authentication and fails the schema (1001): nothing is ever created. */
const NOT_AN_ORDER = JSON.stringify({ merchantOrderNo: 'A-1' });

async function nonceRows(credentials: ApiCredentials, nonce?: string) {
  const rows = await app.db
    .select()
    .from(apiNonces)
    .where(
      nonce === undefined
        ? eq(apiNonces.applicationId, credentials.id)
        : and(eq(apiNonces.applicationId, credentials.id), eq(apiNonces.nonce, nonce)),
    );
  return rows.length;
}

async function orderCount() {
  const [row] = await app.db.select({ n: sql<number>`count(*)::int` }).from(orders);
  return row?.n ?? 0;
}

/** Authentication passed: the unknown order is simply not found. */
function expectPassed(result: { response: { statusCode: number }; body: { code: number } }) {
  expect(result.body.code, JSON.stringify(result.body)).toBe(404);
  expect(result.response.statusCode).toBe(404);
}

function expectRefused(
  result: { response: { statusCode: number }; body: { code: number; data: unknown } },
  code: number,
  status: number,
) {
  expect(result.body.code, JSON.stringify(result.body)).toBe(code);
  expect(result.response.statusCode).toBe(status);
  expect(result.body.data).toBeNull();
}

describe('a correctly signed request', () => {
  it('passes, records its nonce once, and answers in the lang header', async () => {
    const result = await getSigned(app, shop, UNKNOWN_ORDER, { lang: 'en_US' });
    expectPassed(result);
    expect(result.body.message).toBe('The requested resource does not exist');
    expect(await nonceRows(shop, result.nonce)).toBe(1);
  });

  it('signs the path with its query exactly as sent', async () => {
    const result = await getSigned(app, shop, '/api/v1/collections?merchantOrderNo=NO-SUCH%2D1');
    expect(result.body.code).toBe(404);
  });
});

describe('2001: a header missing or malformed, an unknown or deleted application', () => {
  it.each(['x-app-id', 'x-timestamp', 'x-nonce', 'x-signature'])('without %s', async (header) => {
    const nonce = newNonce();
    const result = await getSigned(app, shop, UNKNOWN_ORDER, { nonce, headers: { [header]: undefined } });
    expectRefused(result, 2001, 401);
    expect(await nonceRows(shop, nonce)).toBe(0);
    expectPassed(await getSigned(app, shop, UNKNOWN_ORDER, { nonce }));
  });

  it.each([
    ['a nonce of 15 characters', { nonce: 'a'.repeat(15) }],
    ['a nonce of 65 characters', { nonce: 'a'.repeat(65) }],
    ['a nonce with other characters', { nonce: `${'a'.repeat(16)}.` }],
    ['a timestamp in seconds with a fraction', { timestamp: '1795420800.5' }],
    ['a negative timestamp', { timestamp: '-1795420800000' }],
  ])('with %s', async (_name, call) => {
    const result = await getSigned(app, shop, UNKNOWN_ORDER, call);
    expectRefused(result, 2001, 401);
    expect(await nonceRows(shop, result.nonce)).toBe(0);
  });

  it('with an APPID nobody has, or one that is not an APPID', async () => {
    const messages = [];
    for (const appId of ['app_00000000000000000000', 'app id with spaces']) {
      const result = await getSigned(app, { appId, secret: shop.secret }, UNKNOWN_ORDER, { lang: 'zh_CN' });
      expectRefused(result, 2001, 401);
      messages.push(result.body.message);
    }
    expect(messages).toEqual([
      'X-App-Id：应用不存在或已删除，或其商户账号已被停用',
      '缺少签名请求头或格式错误（X-App-Id、X-Timestamp、X-Nonce、X-Signature），或应用不存在、已删除或已停用',
    ]);
  });

  it("with a deleted application's APPID and secret; its orders stay", async () => {
    const gone = await createApiApplication(app);
    expectPassed(await getSigned(app, gone, UNKNOWN_ORDER));
    await app.db.update(applications).set({ deletedAt: app.now() }).where(eq(applications.id, gone.id));
    const nonce = newNonce();
    expectRefused(await getSigned(app, gone, UNKNOWN_ORDER, { nonce }), 2001, 401);
    expect(await nonceRows(gone, nonce)).toBe(0);
  });

  it('for a disabled merchant', async () => {
    const held = await createApiApplication(app);
    await app.db.update(merchants).set({ status: 'disabled' }).where(eq(merchants.id, held.merchantId));
    const refused = await getSigned(app, held, UNKNOWN_ORDER, { lang: 'en_US' });
    expectRefused(refused, 2001, 401);
    // Said as the application's state, not as a header fault the developer would look for.
    expect(refused.body.message).toBe(
      'X-App-Id: no such application, or it was deleted, or its merchant account is disabled',
    );
    expect(await nonceRows(held)).toBe(0);
  });

  it('in the language asked for', async () => {
    const result = await getSigned(app, shop, UNKNOWN_ORDER, {
      headers: { 'x-nonce': 'short' },
      lang: 'zh_TW',
    });
    expect(result.body.message).toContain('缺少簽名請求標頭');
  });
});

describe('2002: a timestamp more than 5 minutes away', () => {
  const FIVE_MINUTES = 5 * 60_000;
  const at = (offset: number) => String(app.now().getTime() + offset);

  it.each([
    ['in the past', -FIVE_MINUTES - 1],
    ['in the future', FIVE_MINUTES + 1],
  ])('%s', async (_when, offset) => {
    const nonce = newNonce();
    const result = await getSigned(app, shop, UNKNOWN_ORDER, { nonce, timestamp: at(offset) });
    expectRefused(result, 2002, 401);
    expect(await nonceRows(shop, nonce)).toBe(0);
  });

  it('says "milliseconds" to a timestamp sent in seconds, in each language', async () => {
    const seconds = String(Math.floor(app.now().getTime() / 1000));
    const messages = {
      en_US: 'milliseconds',
      zh_CN: '毫秒',
      zh_TW: '毫秒',
      vi_VN: 'mili giây',
    };
    for (const [lang, word] of Object.entries(messages)) {
      const result = await getSigned(app, shop, UNKNOWN_ORDER, { timestamp: seconds, lang });
      expectRefused(result, 2002, 401);
      expect(result.body.message, lang).toContain(word);
    }
    // Far off in milliseconds: the window's message, which does not speak of seconds.
    const far = await getSigned(app, shop, UNKNOWN_ORDER, {
      timestamp: at(-FIVE_MINUTES - 1),
      lang: 'en_US',
    });
    expect(far.body.message).toBe('X-Timestamp is more than 5 minutes away from the server time');
  });

  it('accepts exactly 5 minutes either way', async () => {
    expectPassed(await getSigned(app, shop, UNKNOWN_ORDER, { timestamp: at(-FIVE_MINUTES) }));
    expectPassed(await getSigned(app, shop, UNKNOWN_ORDER, { timestamp: at(FIVE_MINUTES) }));
  });
});

describe('2003: a nonce already used', () => {
  it('refuses the replay of a request that passed', async () => {
    const request = signedInject(app, shop, { method: 'GET', url: UNKNOWN_ORDER });
    const { nonce, ...options } = request;
    expect((await app.inject(options)).json().code).toBe(404);
    const replay = await app.inject(options);
    expect(replay.json().code).toBe(2003);
    expect(replay.statusCode).toBe(401);
    expect(await nonceRows(shop, nonce)).toBe(1);
  });

  it('refuses the nonce on another, correctly signed request', async () => {
    const nonce = newNonce();
    expectPassed(await getSigned(app, shop, UNKNOWN_ORDER, { nonce }));
    const other = await postSigned(app, shop, '/api/v1/collections', { merchantOrderNo: 'X' }, { nonce });
    expectRefused(other, 2003, 401);
  });

  it('is claimed once when requests carrying it arrive together (one batched claim): one passes, the rest 2003', async () => {
    const used = newNonce();
    expectPassed(await getSigned(app, shop, UNKNOWN_ORDER, { nonce: used }));
    const twice = newNonce();
    const { nonce: _n, ...options } = signedInject(app, shop, {
      method: 'GET',
      url: UNKNOWN_ORDER,
      nonce: twice,
    });
    const fresh = [newNonce(), newNonce()];
    const [replays, others] = await Promise.all([
      Promise.all([app.inject(options), app.inject(options), app.inject(options)]),
      Promise.all([fresh[0], used, fresh[1]].map((nonce) => getSigned(app, shop, UNKNOWN_ORDER, { nonce }))),
    ]);
    expect(replays.map((reply) => reply.json().code).sort((a, b) => a - b)).toEqual([404, 2003, 2003]);
    expect(others.map((result) => result.body.code)).toEqual([404, 2003, 404]);
    expect(await nonceRows(shop, twice)).toBe(1);
  });

  it("is kept per application: another application's nonce is no concern", async () => {
    const other = await createApiApplication(app);
    const nonce = newNonce();
    expectPassed(await getSigned(app, shop, UNKNOWN_ORDER, { nonce }));
    expectPassed(await getSigned(app, other, UNKNOWN_ORDER, { nonce }));
  });

  it('is kept until no replay can pass the timestamp window, then purged', async () => {
    const nonce = newNonce();
    // Signed 5 minutes ahead: it passes now, and its timestamp stays valid for 10 minutes.
    const ahead = String(app.now().getTime() + 5 * 60_000);
    const { nonce: _n, ...options } = signedInject(app, shop, {
      method: 'GET',
      url: UNKNOWN_ORDER,
      nonce,
      timestamp: ahead,
    });
    expect((await app.inject(options)).json().code).toBe(404);
    clock.advance(10 * 60_000);
    await purgeExpiredRows(app.db, app.now());
    expect(await nonceRows(shop, nonce)).toBe(1);
    expect((await app.inject(options)).json().code).toBe(2003);
    clock.advance(60_000 + 1);
    await purgeExpiredRows(app.db, app.now());
    expect(await nonceRows(shop, nonce)).toBe(0);
    // By now the timestamp is refused anyway.
    expect((await app.inject(options)).json().code).toBe(2002);
  });
});

describe('2004: a signature that does not match the request', () => {
  const BODY = NOT_AN_ORDER;

  it.each([
    ['the body', { signed: { body: JSON.stringify({ merchantOrderNo: 'A-2' }) } }],
    ['the body, by one space', { signed: { body: BODY.replace(':', ': ') } }],
    ['the path', { signed: { url: '/api/v1/collections/other' } }],
    ['the query', { signed: { url: '/api/v1/collections?merchantOrderNo=A-1' } }],
    ['the method', { signed: { method: 'GET' } }],
    ['the method, in lower case', { signed: { method: 'post' } }],
    ['the timestamp', { signed: { timestamp: '1795420800000' } }],
    ['the nonce', { signed: { nonce: newNonce() } }],
    ['the secret', { secret: generateAppSecret() }],
  ])('signed with another %s', async (_what, change) => {
    const nonce = newNonce();
    const forged = await callSigned(app, shop, {
      method: 'POST',
      url: '/api/v1/collections',
      body: BODY,
      nonce,
      ...change,
    });
    expectRefused(forged, 2004, 401);
    // Nothing was burned: the genuine request with the same nonce passes authentication.
    expect(await nonceRows(shop, nonce)).toBe(0);
    const genuine = await postSigned(app, shop, '/api/v1/collections', JSON.parse(BODY), { nonce });
    expect(genuine.body.code).toBe(1001);
    expect(await nonceRows(shop, nonce)).toBe(1);
  });

  it('with a signature in upper-case hex, or cut short', async () => {
    const { headers, nonce, ...options } = signedInject(app, shop, { method: 'GET', url: UNKNOWN_ORDER });
    const signature = String((headers as Record<string, string>)['x-signature']);
    for (const wrong of [signature.toUpperCase(), signature.slice(0, 63), `${signature}0`, '']) {
      const response = await app.inject({ ...options, headers: { ...headers, 'x-signature': wrong } });
      expect(response.json().code, wrong).toBe(2004);
    }
    expect(await nonceRows(shop, nonce)).toBe(0);
  });

  it("with another application's secret, or the old secret after a reset", async () => {
    const other = await createApiApplication(app);
    expectRefused(
      await getSigned(app, { appId: shop.appId, secret: other.secret }, UNKNOWN_ORDER),
      2004,
      401,
    );

    const reset = await createApiApplication(app);
    expectPassed(await getSigned(app, reset, UNKNOWN_ORDER));
    const fresh = generateAppSecret();
    await app.db
      .update(applications)
      .set({ secretVersion: 2, secretSealed: sealAppSecret(app.secrets, reset.id, 2, fresh) })
      .where(eq(applications.id, reset.id));
    expectRefused(await getSigned(app, reset, UNKNOWN_ORDER), 2004, 401);
    expectPassed(await getSigned(app, { ...reset, secret: fresh }, UNKNOWN_ORDER));
  });

  it('before the body is parsed: a broken JSON body unsigned is 2004, signed 1002', async () => {
    const broken = '{"merchantOrderNo": ';
    const forged = await callSigned(app, shop, {
      method: 'POST',
      url: '/api/v1/collections',
      body: broken,
      signed: { body: '{}' },
    });
    expectRefused(forged, 2004, 401);
    const signed = await callSigned(app, shop, { method: 'POST', url: '/api/v1/collections', body: broken });
    expect(signed.body.code).toBe(1002);
  });
});

describe('2005: an IP whitelist', () => {
  it.each([
    ['an IPv4 address', '203.0.113.7', '203.0.113.7', '203.0.113.8'],
    ['an IPv4 CIDR', '198.51.100.0/24', '198.51.100.200', '198.51.101.1'],
    ['an IPv4 caller seen as IPv4-mapped IPv6', '203.0.113.7', '::ffff:203.0.113.7', '::ffff:203.0.113.9'],
    ['an IPv6 address', '2001:db8::1', '2001:db8:0:0:0:0:0:1', '2001:db8::2'],
    ['an IPv6 CIDR', '2001:db8:abcd::/48', '2001:db8:abcd:12::5', '2001:db8:abce::1'],
    ['a list of several', '10.1.2.3, 2001:db8::/32', '2001:db8:ffff::1', '10.1.2.4'],
  ])('of %s', async (_what, whitelist, inside, outside) => {
    const guarded = await createApiApplication(app, { ipWhitelist: whitelist });
    const nonce = newNonce();
    const refused = await getSigned(app, guarded, UNKNOWN_ORDER, { ip: outside, nonce, lang: 'en_US' });
    expectRefused(refused, 2005, 403);
    // The message names the address the server saw.
    expect(refused.body.message).toBe(
      `The calling IP address ${outside} is not in the application's IP whitelist`,
    );
    expect(await nonceRows(guarded, nonce)).toBe(0);
    expectPassed(await getSigned(app, guarded, UNKNOWN_ORDER, { ip: inside, nonce }));
  });

  it('lets every caller in when empty', async () => {
    expectPassed(await getSigned(app, shop, UNKNOWN_ORDER, { ip: '192.0.2.99' }));
    expectPassed(await getSigned(app, shop, UNKNOWN_ORDER, { ip: '2001:db8::99' }));
  });

  it('comes after the signature: a forged request from outside learns only 2004', async () => {
    const guarded = await createApiApplication(app, { ipWhitelist: '203.0.113.7' });
    const forged = await getSigned(app, guarded, UNKNOWN_ORDER, {
      ip: '192.0.2.1',
      secret: generateAppSecret(),
    });
    expectRefused(forged, 2004, 401);
  });
});

describe('the body and its encoding', () => {
  it('refuses a form body (1004) before reading it, and writes nothing', async () => {
    const result = await callSigned(app, shop, {
      method: 'POST',
      url: '/api/v1/collections',
      body: 'merchantOrderNo=A-1',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(result.body.code).toBe(1004);
    expect(await nonceRows(shop, result.nonce)).toBe(0);
  });

  it('names the fields a signed body gets wrong, in the language asked for', async () => {
    const result = await postSigned(
      app,
      shop,
      '/api/v1/collections',
      { merchantOrderNo: 'has space', currency: 'usdt', amount: '0', expiresIn: 299, callbackUrl: 'ftp://x' },
      { lang: 'en_US' },
    );
    expect(result.body.code).toBe(1001);
    const byField = Object.fromEntries(
      (result.body.data.errors as { field: string; message: string }[]).map((e) => [e.field, e.message]),
    );
    expect(byField).toEqual({
      merchantOrderNo: '1 to 64 characters: letters, digits, _ or -',
      currency: 'Invalid currency code',
      amount: 'Enter an amount greater than 0',
      expiresIn: 'A whole number of seconds from 300 to 172800',
      callbackUrl: 'Enter a URL starting with http:// or https://',
    });
    expect(await orderCount()).toBe(0);
  });
  it('refuses an amount of a trillion or more with its own message (a 21-digit one no longer fails the insert)', async () => {
    const before = await orderCount();
    for (const amount of ['1000000000000', '99999999999999999999999']) {
      const result = await postSigned(
        app,
        shop,
        '/api/v1/collections',
        { merchantOrderNo: 'HUGE-1', currency: 'USDT', network: 'TRON', amount },
        { lang: 'en_US' },
      );
      expect(result.response.statusCode).toBe(400);
      expect(result.body.code).toBe(1001);
      expect(result.body.data.errors).toEqual([
        { field: 'amount', message: 'The amount must be less than 1,000,000,000,000' },
      ]);
    }
    expect(await orderCount()).toBe(before);
    const largest = await postSigned(app, shop, '/api/v1/collections', {
      merchantOrderNo: 'HUGE-2',
      currency: 'USDT',
      network: 'TRON',
      amount: '999999999999.999999',
    });
    expect(largest.body.code).toBe(0);
    expect(largest.body.data.amount).toBe('999999999999.999999');
  });
});

describe('the per-application rate limit', () => {
  it('answers 429 past API_RATE_LIMIT a minute, for that application only', async () => {
    const limitedClock = createTestClock(new Date('2026-11-23T08:00:00.000Z'));
    const limited = await buildTestApp({ now: limitedClock.now, env: { API_RATE_LIMIT: '3' } });
    try {
      const first = await createApiApplication(limited);
      const second = await createApiApplication(limited);
      // Each answer tells the budget: the limit, what is left of it, and the seconds until it refills.
      for (let i = 0; i < 3; i++) {
        const { response, body } = await getSigned(limited, first, UNKNOWN_ORDER);
        expect(body.code).toBe(404);
        expect(response.headers['ratelimit-limit']).toBe('3');
        expect(response.headers['ratelimit-remaining']).toBe(String(2 - i));
        expect(Number(response.headers['ratelimit-reset'])).toBeGreaterThanOrEqual(1);
        expect(Number(response.headers['ratelimit-reset'])).toBeLessThanOrEqual(60);
      }
      const over = await getSigned(limited, first, UNKNOWN_ORDER);
      expect(over.body.code).toBe(429);
      expect(over.response.statusCode).toBe(429);
      expect(over.response.headers['ratelimit-remaining']).toBe('0');
      expect(Number(over.response.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(Number(over.response.headers['retry-after'])).toBeLessThanOrEqual(60);
      expect((await getSigned(limited, second, UNKNOWN_ORDER)).body.code).toBe(404);
      // Unsigned requests do not spend an application's budget.
      const forged = await getSigned(limited, second, UNKNOWN_ORDER, { secret: generateAppSecret() });
      expect(forged.body.code).toBe(2004);
      // The epusdt endpoint spends the same budget: over for the first application; the second,
      // one call spent above, spends its other two there, and its next /api/v1 call is over.
      const epusdt = (shop: ApiCredentials, orderId: string) => {
        const params = { amount: '10', notify_url: 'https://shop.example/notify', order_id: orderId };
        const signed = Object.entries(params)
          .map(([key, value]) => `${key}=${value}`)
          .join('&');
        const signature = createHash('md5')
          .update(signed + shop.secret)
          .digest('hex');
        return limited.inject({
          method: 'POST',
          url: `/epusdt/${shop.appId}/api/v1/order/create-transaction`,
          headers: { 'content-type': 'application/json' },
          payload: JSON.stringify({ ...params, signature }),
        });
      };
      const epusdtOver = await epusdt(first, 'rl-1');
      expect(epusdtOver.json()).toMatchObject({ status_code: 429 });
      expect(Number(epusdtOver.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(epusdtOver.headers['ratelimit-limit']).toBe('3');
      expect(epusdtOver.headers['ratelimit-remaining']).toBe('0');
      const epusdtAnswer = await epusdt(second, 'rl-2');
      expect(epusdtAnswer.json().status_code).not.toBe(429);
      expect(epusdtAnswer.headers['ratelimit-remaining']).toBe('1');
      expect((await epusdt(second, 'rl-3')).json().status_code).not.toBe(429);
      expect((await getSigned(limited, second, UNKNOWN_ORDER)).body.code).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

describe('the budget headers on refusals before the rate limit', () => {
  it("2002, 2004 and 2005 tell the application's budget without spending it; a 2001 names no application and has none", async () => {
    const limitedClock = createTestClock(new Date('2026-11-23T08:00:00.000Z'));
    const limited = await buildTestApp({ now: limitedClock.now, env: { API_RATE_LIMIT: '5' } });
    try {
      const own = await createApiApplication(limited);
      const guarded = await createApiApplication(limited, { ipWhitelist: '203.0.113.7' });
      const budget = (response: { headers: Record<string, unknown> }) => ({
        limit: response.headers['ratelimit-limit'],
        remaining: response.headers['ratelimit-remaining'],
        reset: response.headers['ratelimit-reset'],
      });
      const counted = await getSigned(limited, own, UNKNOWN_ORDER);
      expect(counted.body.code).toBe(404);
      expect(budget(counted.response)).toMatchObject({ limit: '5', remaining: '4' });
      const refusals = [
        await getSigned(limited, own, UNKNOWN_ORDER, { secret: generateAppSecret() }),
        await getSigned(limited, own, UNKNOWN_ORDER, {
          timestamp: String(limitedClock.now().getTime() - 6 * 60_000),
        }),
      ];
      expect(refusals.map((r) => r.body.code)).toEqual([2004, 2002]);
      for (const { response } of refusals) {
        expect(budget(response)).toMatchObject({ limit: '5', remaining: '4' });
        expect(Number(response.headers['ratelimit-reset'])).toBeGreaterThanOrEqual(1);
        expect(Number(response.headers['ratelimit-reset'])).toBeLessThanOrEqual(60);
      }
      // An application not called yet this minute: its whole budget, no window running.
      const ipRefused = await getSigned(limited, guarded, UNKNOWN_ORDER);
      expect(ipRefused.body.code).toBe(2005);
      expect(budget(ipRefused.response)).toEqual({ limit: '5', remaining: '5', reset: '0' });
      // No application identified: a header missing, an unknown APPID.
      const unnamed = [
        await getSigned(limited, own, UNKNOWN_ORDER, { headers: { 'x-nonce': undefined } }),
        await getSigned(limited, { appId: 'no-such-app', secret: own.secret }, UNKNOWN_ORDER),
      ];
      for (const { response, body } of unnamed) {
        expect(body.code).toBe(2001);
        expect(response.headers['ratelimit-limit']).toBeUndefined();
        expect(response.headers['ratelimit-remaining']).toBeUndefined();
      }
      // None of the refusals was counted.
      const next = await getSigned(limited, own, UNKNOWN_ORDER);
      expect(budget(next.response)).toMatchObject({ limit: '5', remaining: '3' });
    } finally {
      await limited.close();
    }
  });
});

describe('a query string left empty', () => {
  it("a '?' with nothing after it is no query: signed without it, or as sent, the call passes", async () => {
    // Over a real socket: the injector drops a bare '?' from the URL, a request line keeps it.
    // (The suite's app, closed with its server in afterAll.)
    const served = app;
    const own = shop;
    await served.listen({ port: 0, host: '127.0.0.1' });
    const { port } = served.server.address() as AddressInfo;
    const send = (path: string, signedPath: string) => {
      const { headers } = signedInject(served, own, {
        method: 'GET',
        url: path,
        signed: { url: signedPath },
      });
      return new Promise<{ code: number; url: string }>((resolve, reject) => {
        const request = httpRequest(
          { host: '127.0.0.1', port, path, method: 'GET', headers: headers as Record<string, string> },
          (response) => {
            let text = '';
            response.on('data', (chunk) => {
              text += chunk;
            });
            response.on('end', () => resolve({ code: JSON.parse(text).code, url: path }));
          },
        );
        request.on('error', reject);
        request.end();
      });
    };
    expect(await send('/api/v1/balances?', '/api/v1/balances')).toEqual({
      code: 0,
      url: '/api/v1/balances?',
    });
    expect((await send('/api/v1/balances?', '/api/v1/balances?')).code).toBe(0);
    // The list's own rule answers (a type is required), not the signature.
    expect((await send('/api/v1/orders?', '/api/v1/orders')).code).toBe(1001);
    // A query that is there is signed as it is.
    expect((await send('/api/v1/orders?type=collection', '/api/v1/orders')).code).toBe(2004);
    expect((await send('/api/v1/balances??', '/api/v1/balances?')).code).toBe(2004);
  });
});
