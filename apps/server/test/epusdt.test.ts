/**
 * The epusdt-compatible endpoint, driven by a client written from the protocol as a PHP shop
 * plugin implements it (dujiaoka's): a float amount, signed with PHP's string cast of the
 * float, slashes escaped (the encoder writes 10 as `10.0`, as some clients do; PHP's own
 * json_encode writes `10`). Every notify is verified by the plugins' check in php-cli. Then a payment on the devnet chain, and the callback to notify_url: its body, its
 * MD5 checked as the plugin checks it, a retry after a failure, signed with the token as it is
 * then, and the SSRF guard.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { applications, callbackDeliveries, callbackEvents, fiatRates, orders } from '../src/db/schema';
import { generateAppSecret, sealAppSecret } from '../src/modules/applications/app-secret';
import { signEpusdtNotifyBody } from '../src/modules/epusdt/epusdt-notify';
import { shortestFloatText } from '../src/modules/epusdt/epusdt-signature';
import { EPUSDT_TRADE_TYPES } from '../src/modules/epusdt/trade-types';
import { ORDER_NO_PATTERN } from '../src/modules/orders/order-number';
import { buildTestApp, createTestClock } from './helpers/build-test-app';
import { type CallbackReceiver, startCallbackReceiver } from './helpers/callback-receiver';
import { expectLedgerClean } from './helpers/ledger';
import { type ApiCredentials, createApiApplication } from './helpers/signed-api';

const PUBLIC_URL = 'https://pay.example.com';
const clock = createTestClock(new Date('2026-11-25T04:00:00.000Z'));
let app: FastifyInstance;
let shop: ApiCredentials;
let receiver: CallbackReceiver | undefined;

beforeAll(async () => {
  app = await buildTestApp({
    now: clock.now,
    env: { PUBLIC_URL, ALLOW_PRIVATE_CALLBACKS: '1', CALLBACK_RETRY_DELAYS: '15,60' },
  });
  await app.ready();
  // Blocks and watcher passes on demand; the job worker runs as in production.
  await app.chains.stop();
  await app.watcher.stop();
  shop = await createApiApplication(app);
});
afterAll(async () => {
  await expectLedgerClean(app.db);
  await app.close();
});
afterEach(async () => {
  await receiver?.close();
  receiver = undefined;
});

// --- The shop plugin, from the protocol (PHP semantics) -------------------------------------

type PhpValue = string | number | null;

/** PHP's (string) cast: a float with 14 significant digits, trailing zeros dropped. */
function phpString(value: PhpValue): string {
  if (value === null) return '';
  if (typeof value === 'string') return value;
  return String(Number(value.toPrecision(14)));
}

/** The plugin's epusdtSign(): ksort, skip '' and signature, key=value joined by &, token appended. */
function phpSign(params: Record<string, PhpValue>, token: string): string {
  const pairs = Object.keys(params)
    .sort()
    .filter((key) => key !== 'signature' && phpString(params[key] ?? null) !== '')
    .map((key) => `${key}=${phpString(params[key] ?? null)}`);
  return createHash('md5')
    .update(pairs.join('&') + token)
    .digest('hex');
}

/** json_encode without flags: floats always with a fraction (10.0), slashes escaped. */
function phpJsonEncode(params: Record<string, PhpValue>): string {
  const encode = (value: PhpValue) => {
    if (typeof value === 'number') return Number.isInteger(value) ? `${value}.0` : String(value);
    return JSON.stringify(value).replace(/\//g, '\\/');
  };
  return `{${Object.entries(params)
    .map(([key, value]) => `${encode(key)}:${encode(value)}`)
    .join(',')}}`;
}

interface Transaction {
  order_id: string;
  amount: number;
  notify_url: string;
  redirect_url?: string;
  trade_type?: string;
  fiat?: string;
  timeout?: number;
}

function createTransaction(
  params: Transaction | Record<string, PhpValue>,
  options: {
    appId?: string;
    token?: string;
    body?: string;
    contentType?: string;
    lang?: string;
    ip?: string;
    /** The base URL as a plugin joins it (a trailing `/` gives a doubled slash). */
    url?: string;
  } = {},
) {
  const signed = { ...(params as Record<string, PhpValue>) };
  signed.signature = phpSign(signed, options.token ?? shop.secret);
  return app.inject({
    method: 'POST',
    url: options.url ?? `/epusdt/${options.appId ?? shop.appId}/api/v1/order/create-transaction`,
    headers: {
      'content-type': options.contentType ?? 'application/json',
      ...(options.lang ? { lang: options.lang } : {}),
    },
    payload: options.body ?? phpJsonEncode(signed),
    ...(options.ip ? { remoteAddress: options.ip } : {}),
  });
}

let counter = 0;
const nextOrderId = () => `SN${Date.now().toString(36)}${++counter}`;
const order = (extra: Partial<Transaction> = {}): Transaction => ({
  order_id: nextOrderId(),
  amount: 28.88,
  notify_url: 'https://shop.example/epusdt/notify_url',
  redirect_url: 'https://shop.example/epusdt/return_url?order_id=1',
  ...extra,
});

const ordersOfShop = async () =>
  (await app.db.select({ n: count() }).from(orders).where(eq(orders.applicationId, shop.id)))[0]?.n;

// --- Creating ------------------------------------------------------------------------------

describe('create-transaction', () => {
  it('creates an order priced in CNY and answers in epusdt shape', async () => {
    const params = order();
    const response = await createTransaction(params);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toEqual({
      status_code: 200,
      message: 'success',
      data: {
        trade_id: expect.stringMatching(ORDER_NO_PATTERN),
        order_id: params.order_id,
        amount: 28.88,
        // 28.88 CNY × 0.1389 USDT = 4.011432, rounded up to 4 places.
        actual_amount: 4.0115,
        token: expect.stringMatching(/^T[1-9A-HJ-NP-Za-km-z]{33}$/),
        expiration_time: Math.floor(clock.now().getTime() / 1000) + 1800,
        payment_url: `${PUBLIC_URL}/pay/${body.data.trade_id}`,
      },
      request_id: response.headers['x-request-id'],
    });
    // The numbers are JSON numbers, as epusdt sends them.
    expect(response.body).toContain('"amount":28.88,"actual_amount":4.0115,');
    const [row] = await app.db.select().from(orders).where(eq(orders.orderNo, body.data.trade_id));
    expect(row).toMatchObject({
      source: 'epusdt',
      merchantOrderNo: params.order_id,
      currency: 'USDT',
      network: 'TRON',
      payAddress: body.data.token,
      fiat: 'CNY',
      fiatAmount: '28.880000000000000000',
      amount: '4.011500000000000000',
      callbackUrl: params.notify_url,
      redirectUrl: params.redirect_url,
      test: true,
    });
  });

  it('brings a negative timeout up to the least, as it does a short one', async () => {
    const response = await createTransaction(order({ timeout: -5 }));
    expect(response.json().status_code).toBe(200);
    const [row] = await app.db
      .select({ createdAt: orders.createdAt, expiresAt: orders.expiresAt })
      .from(orders)
      .where(eq(orders.orderNo, response.json().data.trade_id));
    expect((row?.expiresAt.getTime() ?? 0) - (row?.createdAt.getTime() ?? 0)).toBe(300_000);
  });

  it('takes 10 signed "10" but sent as 10.0, another fiat and trade type, and a timeout', async () => {
    const params = order({ amount: 10, fiat: 'USD', trade_type: 'usdt.bep20', timeout: 600 });
    const text = phpJsonEncode({ ...params, signature: 'x' });
    expect(text).toContain('"amount":10.0,');
    const response = await createTransaction(params);
    expect(response.json()).toMatchObject({
      status_code: 200,
      data: {
        amount: 10,
        actual_amount: 10,
        token: expect.stringMatching(/^0x[0-9a-fA-F]{40}$/),
        expiration_time: Math.floor(clock.now().getTime() / 1000) + 600,
      },
    });
    const eth = await createTransaction(order({ amount: 100, fiat: 'USD', trade_type: 'ethereum.eth' }));
    // 100 USD ÷ 3450.25 USDT per ETH = 0.028983406…, rounded up to 8 places.
    expect(eth.json().data.actual_amount).toBe(0.02898341);
  });

  it('is idempotent by order_id, also after a rate change; other parameters are refused', async () => {
    const params = order();
    const first = (await createTransaction(params)).json();
    await app.db.update(fiatRates).set({ usdtPerUnit: '0.14' }).where(eq(fiatRates.fiat, 'CNY'));
    try {
      const again = (await createTransaction(params)).json();
      expect(again.data).toEqual(first.data);
      const before = await ordersOfShop();
      const other = await createTransaction({ ...params, amount: 28.89 }, { lang: 'en_US' });
      expect(other.statusCode).toBe(200);
      expect(other.json()).toEqual({
        status_code: 400,
        message: `order_id ${params.order_id} already names an order with different parameters`,
        data: null,
        request_id: other.headers['x-request-id'],
      });
      expect((await createTransaction({ ...params, trade_type: 'usdt.erc20' })).json().status_code).toBe(400);
      expect(await ordersOfShop()).toBe(before);
    } finally {
      await app.db.update(fiatRates).set({ usdtPerUnit: '0.1389' }).where(eq(fiatRates.fiat, 'CNY'));
    }
  });

  it('reads the body whatever its content type, as epusdt does', async () => {
    const response = await createTransaction(order(), { contentType: 'text/plain' });
    expect(response.json().status_code).toBe(200);
  });
});

describe('refusals: status_code 401 or 400, HTTP 200, nothing written', () => {
  const refusal = async (response: Awaited<ReturnType<typeof createTransaction>>) => {
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.data).toBeNull();
    expect(body.request_id).toBe(response.headers['x-request-id']);
    return [body.status_code, body.message];
  };

  it('refuses a bad signature, an unknown or deleted application and a foreign IP with 401', async () => {
    const before = await ordersOfShop();
    expect(await refusal(await createTransaction(order(), { token: 'b'.repeat(64) }))).toEqual([
      401,
      '签名错误：请检查 token（应用的 APPSECRET）',
    ]);
    // Signed, then the amount changed on the way.
    const params = order();
    const tampered = phpJsonEncode({ ...params, signature: phpSign({ ...params }, shop.secret) }).replace(
      '28.88',
      '2.88',
    );
    expect((await refusal(await createTransaction(params, { body: tampered })))[0]).toBe(401);
    // No signature at all.
    const unsigned = phpJsonEncode({ ...params });
    expect((await refusal(await createTransaction(params, { body: unsigned })))[0]).toBe(401);
    expect(await refusal(await createTransaction(order(), { appId: 'app_unknown', lang: 'en_US' }))).toEqual([
      401,
      'Unknown or disabled application: check the APPID in the base URL',
    ]);
    expect((await refusal(await createTransaction(order(), { appId: 'not an id' })))[0]).toBe(401);
    const gone = await createApiApplication(app, { merchantId: shop.merchantId });
    await app.db.update(applications).set({ deletedAt: clock.now() }).where(eq(applications.id, gone.id));
    expect(
      (await refusal(await createTransaction(order(), { appId: gone.appId, token: gone.secret })))[0],
    ).toBe(401);
    const listed = await createApiApplication(app, {
      merchantId: shop.merchantId,
      ipWhitelist: '203.0.113.7',
    });
    const from = (ip: string) =>
      createTransaction(order(), { appId: listed.appId, token: listed.secret, ip });
    expect((await refusal(await from('198.51.100.1')))[0]).toBe(401);
    expect((await from('203.0.113.7')).json().status_code).toBe(200);
    expect(await ordersOfShop()).toBe(before);
  });

  it('refuses a missing or bad parameter, an unknown trade type or fiat, with 400', async () => {
    const before = await ordersOfShop();
    const { notify_url: _, ...withoutNotify } = order();
    expect(await refusal(await createTransaction(withoutNotify))).toEqual([400, '缺少参数 notify_url']);
    expect(await refusal(await createTransaction(withoutNotify, { lang: 'en_US' }))).toEqual([
      400,
      'Missing parameter notify_url',
    ]);
    const { amount: __, ...withoutAmount } = order();
    expect((await refusal(await createTransaction(withoutAmount)))[0]).toBe(400);
    expect(
      await refusal(await createTransaction(order({ trade_type: 'usdt.solana' }), { lang: 'en_US' })),
    ).toEqual([
      400,
      'Unsupported trade_type usdt.solana (supported: usdt.trc20, usdt.erc20, usdt.bep20, usdt.polygon, ' +
        'usdc.erc20, usdc.bep20, usdc.polygon, tron.trx, ethereum.eth, bsc.bnb)',
    ]);
    expect(await refusal(await createTransaction(order({ fiat: 'AUD' }), { lang: 'en_US' }))).toEqual([
      400,
      'Unsupported fiat currency AUD',
    ]);
    expect((await refusal(await createTransaction(order({ amount: 0.001 }))))[0]).toBe(400);
    expect((await refusal(await createTransaction(order({ order_id: '订单1' }))))[0]).toBe(400);
    expect((await refusal(await createTransaction(order({ notify_url: 'ftp://shop.example/n' }))))[0]).toBe(
      400,
    );
    // true is no price, though PHP would sign it as "1".
    const priced = order({ amount: 1 });
    const signature = phpSign({ ...priced, amount: '1' }, shop.secret);
    const truth = await createTransaction(priced, {
      body: phpJsonEncode({ ...priced, signature }).replace('"amount":1.0', '"amount":true'),
      lang: 'en_US',
    });
    expect(await refusal(truth)).toEqual([400, 'amount: at least 0.01 and less than 1000000000000']);
    // A NUL in a URL: that URL's own message, not "the body must be a JSON object".
    expect(
      await refusal(
        await createTransaction(order({ notify_url: 'https://shop.example/n\u0000x' }), { lang: 'en_US' }),
      ),
    ).toEqual([400, 'notify_url: a URL starting with http:// or https://, at most 2048 characters']);
    // 13889999999.9987 USDT: more digits than a PHP float prints back.
    expect(
      await refusal(await createTransaction(order({ amount: 99999999999.99 }), { lang: 'en_US' })),
    ).toEqual([400, 'amount is too large for usdt.trc20']);
    expect(await ordersOfShop()).toBe(before);
  });

  it('refuses a body that is not one JSON object with 400, never 500', async () => {
    const params = order();
    for (const body of ['', '{', '[1]', 'order_id=1&amount=2', '{"a":1,"a":2}', '\u00ff']) {
      expect((await refusal(await createTransaction(params, { body })))[0]).toBe(400);
    }
    const invalidUtf8 = await app.inject({
      method: 'POST',
      url: `/epusdt/${shop.appId}/api/v1/order/create-transaction`,
      headers: { 'content-type': 'application/json' },
      payload: Buffer.from([0x7b, 0xff, 0x7d]),
    });
    expect((await refusal(invalidUtf8))[0]).toBe(400);
    const huge = await createTransaction(params, { body: `{"pad":"${'x'.repeat(1024 * 1024)}"}` });
    expect(await refusal(huge)).toEqual([400, '请求内容过大']);
    const noBody = await app.inject({
      method: 'POST',
      url: `/epusdt/${shop.appId}/api/v1/order/create-transaction`,
    });
    expect((await refusal(noBody))[0]).toBe(400);
    // An object member cannot be signed: 400 once the application is known.
    const nested = phpJsonEncode({ ...params, signature: 'x' }).replace(
      '"order_id"',
      '"extra":{"a":1},"order_id"',
    );
    expect((await refusal(await createTransaction(params, { body: nested })))[0]).toBe(400);
  });
});

// --- Paying and the callback ---------------------------------------------------------------

const devnet = () => {
  if (!app.chains.devnet) throw new Error('devnet mode expected');
  return app.chains.devnet;
};
async function blocks(n: number) {
  for (let i = 0; i < n; i++) await devnet().produceBlock();
  await app.watcher.tick();
}

/** The plugin's notify handler: json_decode the body, recompute the MD5 from it, compare. */
function notifySignatureVerifies(body: string, token: string): boolean {
  const data = JSON.parse(body) as Record<string, PhpValue>;
  return typeof data.signature === 'string' && phpSign(data, token) === data.signature;
}

async function payInFull(data: { token: string; actual_amount: number }, chainId = 'TRON') {
  const transfer = await devnet().transfer({
    chainId,
    toAddress: data.token,
    coinName: 'USDT',
    amount: String(data.actual_amount),
  });
  await blocks(3);
  return transfer;
}

describe('paths and methods epusdt does not have: status_code, HTTP 200', () => {
  it('takes a doubled slash or a trailing slash as the create path', async () => {
    for (const url of [
      `/epusdt/${shop.appId}//api/v1/order/create-transaction`,
      `/epusdt/${shop.appId}/api/v1/order/create-transaction/`,
    ]) {
      const before = await ordersOfShop();
      const response = await createTransaction(order(), { url });
      expect(response.statusCode, url).toBe(200);
      expect(response.json(), url).toMatchObject({ status_code: 200, message: 'success' });
      expect(await ordersOfShop()).toBe((before ?? 0) + 1);
    }
  });

  it('answers an unknown path 404 and another method 405 in the status_code shape, writing nothing', async () => {
    const before = await ordersOfShop();
    const cases: [string, string, number, string][] = [
      ['POST', `/epusdt/${shop.appId}/api/v1/order/nowhere`, 404, 'No such epusdt call'],
      ['GET', `/epusdt/${shop.appId}`, 404, `${PUBLIC_URL}/epusdt/${shop.appId}`],
      ['POST', '/epusdt/', 404, `${PUBLIC_URL}/epusdt/{APPID}`],
      ['GET', `/epusdt/${shop.appId}/api/v1/order/create-transaction`, 405, 'takes POST, not GET'],
      ['PUT', `/epusdt/${shop.appId}//api/v1/order/create-transaction`, 405, 'takes POST, not PUT'],
    ];
    for (const [method, url, status, message] of cases) {
      const response = await app.inject({
        method: method as 'GET',
        url,
        headers: { lang: 'en_US', 'content-type': 'application/json' },
        ...(method === 'GET' ? {} : { payload: '{}' }),
      });
      expect(response.statusCode, `${method} ${url}`).toBe(200);
      expect(response.json(), `${method} ${url}`).toMatchObject({ status_code: status, data: null });
      expect(response.json().message).toContain(message);
      expect(typeof response.json().request_id).toBe('string');
    }
    expect(await ordersOfShop()).toBe(before);
  });
});

describe('the callback to notify_url when paid', () => {
  it('posts the epusdt body signed with MD5, retries after a failure, signed with the token as it is then', async () => {
    receiver = await startCallbackReceiver({ status: 200, body: 'ok' });
    receiver.plan.push({ status: 500, body: 'error' });
    const params = order({ notify_url: receiver.url('/epusdt/notify_url') });
    const { data } = (await createTransaction(params)).json();
    const transfer = await payInFull(data);
    const [row] = await app.db.select().from(orders).where(eq(orders.orderNo, data.trade_id));
    expect(row).toMatchObject({ status: 'completed', txHash: transfer.txHash });

    await app.jobs.drain();
    const [first] = await receiver.hits(1);
    expect(first?.path).toBe('/epusdt/notify_url');
    expect(first?.headers['content-type']).toBe('application/json');
    const sent = JSON.parse(first?.body ?? '{}');
    expect(sent).toEqual({
      trade_id: data.trade_id,
      order_id: params.order_id,
      amount: 28.88,
      actual_amount: 4.0115,
      token: data.token,
      block_transaction_id: transfer.txHash,
      signature: expect.stringMatching(/^[0-9a-f]{32}$/),
      status: 2,
    });
    // The MD5 as written from the protocol, and as the PHP plugin recomputes it.
    const expected = createHash('md5')
      .update(
        `actual_amount=4.0115&amount=28.88&block_transaction_id=${transfer.txHash}&order_id=${params.order_id}` +
          `&status=2&token=${data.token}&trade_id=${data.trade_id}${shop.secret}`,
      )
      .digest('hex');
    expect(sent.signature).toBe(expected);
    expect(notifySignatureVerifies(first?.body ?? '', shop.secret)).toBe(true);

    // The 500 was not an acknowledgement. The shop resets its token before the retry (15 s).
    const [event] = await app.db
      .select()
      .from(callbackEvents)
      .where(eq(callbackEvents.orderId, row?.id ?? 0));
    expect(event).toMatchObject({
      type: 'collection.completed',
      format: 'epusdt',
      deliveredAt: null,
      attempts: 1,
    });
    const newSecret = await resetSecret(shop.id);
    clock.advance(15_000);
    await app.jobs.drain();
    const [, second] = await receiver.hits(2);
    expect(notifySignatureVerifies(second?.body ?? '', newSecret)).toBe(true);
    expect(notifySignatureVerifies(second?.body ?? '', shop.secret)).toBe(false);
    shop = { ...shop, secret: newSecret };
    const events = await app.db
      .select()
      .from(callbackEvents)
      .where(eq(callbackEvents.orderId, row?.id ?? 0));
    // One event only: epusdt tells the payment, not the confirming step.
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ attempts: 2, deliveredAt: clock.now() });
    const attempts = await app.db
      .select()
      .from(callbackDeliveries)
      .where(eq(callbackDeliveries.eventId, events[0]?.id ?? ''));
    expect(attempts.map((a) => [a.attempt, a.responseStatus, a.acknowledged, a.requestBody])).toEqual([
      [1, 500, false, first?.body],
      [2, 200, true, second?.body],
    ]);
  });

  it('keeps retrying an answer other than ok or success', async () => {
    receiver = await startCallbackReceiver({ status: 200, body: 'success' });
    receiver.plan.push({ status: 200, body: 'fail' });
    const { data } = (await createTransaction(order({ notify_url: receiver.url() }))).json();
    await payInFull(data);
    await app.jobs.drain();
    await receiver.hits(1);
    clock.advance(15_000);
    await app.jobs.drain();
    const hits = await receiver.hits(2);
    expect(hits[1]?.body).toBe(hits[0]?.body);
    const [event] = await app.db
      .select()
      .from(callbackEvents)
      .innerJoin(orders, eq(orders.id, callbackEvents.orderId))
      .where(and(eq(orders.orderNo, data.trade_id)));
    expect(event?.callback_events.deliveredAt).toEqual(clock.now());
  });

  it('never sends to a metadata address (the SSRF guard applies)', async () => {
    const { data } = (await createTransaction(order({ notify_url: 'http://169.254.169.254/notify' }))).json();
    await payInFull(data);
    await app.jobs.drain();
    const [attempt] = await app.db
      .select({ error: callbackDeliveries.error, status: callbackDeliveries.responseStatus })
      .from(callbackDeliveries)
      .innerJoin(callbackEvents, eq(callbackEvents.id, callbackDeliveries.eventId))
      .innerJoin(orders, eq(orders.id, callbackEvents.orderId))
      .where(eq(orders.orderNo, data.trade_id));
    expect(attempt?.status).toBeNull();
    expect(attempt?.error).toMatch(/metadata/);
  });
});

/** A secret reset as the applications module does it: a new secret under the next version. */
async function resetSecret(applicationId: number): Promise<string> {
  const [row] = await app.db.select().from(applications).where(eq(applications.id, applicationId));
  if (!row) throw new Error('no application');
  const secret = generateAppSecret();
  const version = row.secretVersion + 1;
  await app.db
    .update(applications)
    .set({ secretVersion: version, secretSealed: sealAppSecret(app.secrets, row.id, version, secret) })
    .where(eq(applications.id, row.id));
  return secret;
}

// --- Every notify verifies where the plugins run --------------------------------------------

/** dujiaoka's and EPay's epusdt plugins, verbatim in what matters: json_decode, then "$key=$val". */
const PHP_NOTIFY_CHECK = `<?php
function epusdtSign(array $parameter, string $signKey) {
    ksort($parameter);
    reset($parameter);
    $sign = '';
    foreach ($parameter as $key => $val) {
        if ($val == '') continue;
        if ($key != 'signature') {
            if ($sign != '') $sign .= '&';
            $sign .= "$key=$val";
        }
    }
    return md5($sign . $signKey);
}
$bodies = json_decode(file_get_contents($argv[1]), true);
foreach ($bodies as $body) {
    $data = json_decode($body, true);
    echo (epusdtSign($data, $argv[2]) === $data['signature'] ? 'ok' : 'bad'), "\\n";
}
`;
const hasPhp = spawnSync('php', ['--version'], { stdio: 'ignore' }).status === 0;

/** The verdict of php-cli on each body (ok or bad). */
function phpVerdicts(bodies: string[], token: string): string[] {
  const dir = mkdtempSync(join(tmpdir(), 'tollgate-epusdt-'));
  try {
    writeFileSync(join(dir, 'check.php'), PHP_NOTIFY_CHECK);
    writeFileSync(join(dir, 'bodies.json'), JSON.stringify(bodies));
    const result = spawnSync('php', [join(dir, 'check.php'), join(dir, 'bodies.json'), token], {
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(result.status, result.stderr).toBe(0);
    return result.stdout.trim().split('\n');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A Go handler decoding into float64 and signing fmt's %v (%g, shortest; exponent below 1e-4 or from 1e21). */
function goPercentV(value: number): string {
  const [mantissa = '', exponentText = '0'] = value.toExponential().split('e');
  const exponent = Number(exponentText);
  if (exponent < -4 || exponent >= 21) {
    return `${mantissa}e${exponent < 0 ? '-' : '+'}${String(Math.abs(exponent)).padStart(2, '0')}`;
  }
  return shortestFloatText(value);
}

/** Verifies a body as a plugin decoding JSON numbers into floats, with `text` making each value's string. */
function verifiesWith(body: string, token: string, text: (value: number) => string): boolean {
  const data = JSON.parse(body) as Record<string, string | number>;
  const pairs = Object.keys(data)
    .sort()
    .filter((key) => key !== 'signature' && data[key] !== '')
    .map((key) => `${key}=${typeof data[key] === 'number' ? text(data[key]) : data[key]}`);
  return (
    createHash('md5')
      .update(pairs.join('&') + token)
      .digest('hex') === data.signature
  );
}

describe('amounts every epusdt plugin can verify', () => {
  const refusalOf = async (response: Awaited<ReturnType<typeof createTransaction>>) => {
    const body = response.json();
    return [response.statusCode, body.status_code, body.message, body.data];
  };

  it('refuses a coin amount below 0.0001 with 400, naming the least price for the trade type', async () => {
    const before = await ordersOfShop();
    // ETH at 1 CNY: 0.1389 / 3450.25 = 0.00004026 ETH, which PHP reads back as 4.026E-5.
    const eth = order({ amount: 1, trade_type: 'ethereum.eth' });
    expect(await refusalOf(await createTransaction(eth, { lang: 'en_US' }))).toEqual([
      200,
      400,
      "amount: at least 2.49 CNY for ethereum.eth at today's rates. The coin amount must be at least 0.0001 ETH, the smallest that every epusdt plugin (PHP, Go, JS) reads back as signed",
      null,
    ]);
    expect((await refusalOf(await createTransaction(eth)))[2]).toBe(
      'amount：按当前汇率，ethereum.eth 至少为 2.49 CNY。币种金额须不小于 0.0001 ETH，这是所有 epusdt 插件（PHP、Go、JS）都能按签名原样读回的最小金额',
    );
    expect((await refusalOf(await createTransaction(eth, { lang: 'zh_TW' })))[2]).toMatch(
      /^amount：依目前匯率，ethereum\.eth 至少為 2\.49 CNY。/,
    );
    expect((await refusalOf(await createTransaction(eth, { lang: 'vi_VN' })))[2]).toMatch(
      /^amount: theo tỷ giá hiện tại, ethereum\.eth cần tối thiểu 2\.49 CNY\./,
    );
    const bnb = order({ amount: 0.44, trade_type: 'bsc.bnb', fiat: 'CNY' });
    expect((await refusalOf(await createTransaction(bnb, { lang: 'en_US' })))[2]).toMatch(
      /^amount: at least 0\.45 CNY for bsc\.bnb .* 0\.0001 BNB,/,
    );
    expect(await ordersOfShop()).toBe(before);
    // The least named is taken: 2.49 CNY is 0.00010025 ETH.
    const least = (await createTransaction(order({ amount: 2.49, trade_type: 'ethereum.eth' }))).json();
    expect(least).toMatchObject({ status_code: 200, data: { actual_amount: 0.00010025 } });
  });

  it.skipIf(!hasPhp)(
    'sends notifies that verify in PHP (php-cli), Go and JS, for every trade type',
    async () => {
      receiver = await startCallbackReceiver({ status: 200, body: 'ok' });
      const least: Record<string, number> = { 'ethereum.eth': 2.49, 'bsc.bnb': 0.45 };
      const created: { token: string; actual_amount: number; tradeType: string }[] = [];
      for (const tradeType of Object.keys(EPUSDT_TRADE_TYPES)) {
        for (const amount of [least[tradeType] ?? 0.01, 28.88, 999999.99]) {
          const response = await createTransaction(
            order({ amount, trade_type: tradeType, notify_url: receiver.url('/notify') }),
          );
          expect(response.json().status_code, `${tradeType} ${amount}`).toBe(200);
          created.push({ ...response.json().data, tradeType });
        }
      }
      for (const { token, actual_amount, tradeType } of created) {
        const coin = EPUSDT_TRADE_TYPES[tradeType as keyof typeof EPUSDT_TRADE_TYPES];
        await devnet().transfer({
          chainId: coin.network,
          toAddress: token,
          coinName: coin.currency,
          amount: String(actual_amount),
        });
      }
      // Blocks until every order is paid (each chain confirms at its own depth).
      for (let i = 0; i < 40 && receiver.received.length < created.length; i++) {
        await blocks(1);
        await app.jobs.drain();
      }
      const bodies = (await receiver.hits(created.length)).map((hit) => hit.body);
      expect(bodies).toHaveLength(created.length);
      expect(phpVerdicts(bodies, shop.secret)).toEqual(bodies.map(() => 'ok'));
      for (const body of bodies) {
        expect(verifiesWith(body, shop.secret, String), `JS ${body}`).toBe(true);
        expect(verifiesWith(body, shop.secret, shortestFloatText), `Go FormatFloat ${body}`).toBe(true);
        expect(verifiesWith(body, shop.secret, goPercentV), `Go %v ${body}`).toBe(true);
      }
      // What the 0.00004026 ETH order would have sent, signed as the server signs: PHP and Go's %v refuse it.
      const small = signEpusdtNotifyBody(
        (bodies[0] as string)
          .replace(/"actual_amount":[^,]+/, '"actual_amount":0.00004026')
          .replace(/"signature":"[0-9a-f]*"/, '"signature":""'),
        shop.secret,
      );
      expect(phpVerdicts([small], shop.secret)).toEqual(['bad']);
      expect(verifiesWith(small, shop.secret, goPercentV)).toBe(false);
    },
  );
});
