/** My applications: create, list with counts, update, delete, the secret and its reset. */
import { randomBytes } from 'node:crypto';
import { app as appSchema, createAppResult } from '@tollgate/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applications, orders, uploads } from '../src/db/schema';
import { openAppSecret } from '../src/modules/applications/app-secret';
import { findLiveApplicationByAppId } from '../src/modules/applications/application.repository';
import { bindGoogleThroughApi } from './helpers/accounts';
import { buildTestApp, createTestClock } from './helpers/build-test-app';
import { googleCodeNow, postJson } from './helpers/calls';
import { createMerchant, logInAs } from './helpers/factories';

// 08:00 UTC = 16:00 in Shanghai: "today" there began at 16:00 UTC the day before.
const clock = createTestClock(new Date('2026-01-15T08:00:00.000Z'));
let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp({ now: clock.now, env: { LOGIN_RATE_LIMIT: '1000' } });
});
afterAll(() => app.close());

async function loggedIn() {
  const merchant = await createMerchant(app);
  return { merchant, token: await logInAs(app, merchant) };
}

async function call(token: string, path: string, body: unknown) {
  return (await postJson(app, path, body, { token, lang: 'en_US' })).json();
}

async function create(token: string, body: Record<string, unknown> = {}) {
  const response = await call(token, '/app/create', { name: 'My shop', ...body });
  expect(response.code, JSON.stringify(response)).toBe(0);
  return createAppResult.parse(response.data);
}

const rowOf = async (appId: string) =>
  (await app.db.select().from(applications).where(eq(applications.appId, appId)))[0];
const listOf = async (token: string) => (await call(token, '/app/list', {})).data.list as { appId: string }[];
const countRows = async (merchantId: number) =>
  (await app.db.select().from(applications).where(eq(applications.merchantId, merchantId))).length;

async function uploadRow(merchantId: number) {
  const key = `icon/${merchantId}/${randomBytes(16).toString('hex')}.png`;
  await app.db
    .insert(uploads)
    .values({ merchantId, key, contentType: 'image/png', sizeBytes: 10, createdAt: clock.now() });
  return key;
}

describe('create and list', () => {
  it('creates an application, shows its secret once in full and masked after', async () => {
    const { merchant, token } = await loggedIn();
    expect(await listOf(token)).toEqual([]);
    const { app: created, appSecret } = await create(token, {
      description: 'Online shop',
      telegram: '@Shop_Support',
      callbackUrl: 'https://shop.example.com/notify',
      ipWhitelist: ' 203.0.113.9 , 10.0.0.0/8,2001:0DB8::1,',
    });
    expect(appSecret).toMatch(/^[0-9a-f]{64}$/);
    expect(created).toEqual({
      appId: expect.stringMatching(/^app_[0-9a-f]{20}$/),
      name: 'My shop',
      description: 'Online shop',
      icon: '',
      telegram: 'Shop_Support',
      callbackUrl: 'https://shop.example.com/notify',
      ipWhitelist: '203.0.113.9,10.0.0.0/8,2001:db8::1',
      secretMasked: `${appSecret.slice(0, 4)}********${appSecret.slice(-4)}`,
      createdAt: clock.now().toISOString(),
      todayPayCount: 0,
      yesterdayPayCount: 0,
      todayPayoutCount: 0,
      yesterdayPayoutCount: 0,
    });
    const list = await listOf(token);
    expect(list).toEqual([created]);
    expect(JSON.stringify(list)).not.toContain(appSecret);
    // Sealed at rest, bound to its row and version.
    const row = await rowOf(created.appId);
    expect(row?.merchantId).toBe(merchant.id);
    expect(row?.secretSealed).toMatch(/^v1:/);
    expect(row?.secretSealed).not.toContain(appSecret);
    if (!row) throw new Error('no row');
    expect(openAppSecret(app.secrets, row.id, row.secretVersion, row.secretSealed)).toBe(appSecret);
  });

  it('gives each application its own APPID and secret, newest first, and only the caller its own', async () => {
    const { token } = await loggedIn();
    const first = await create(token, { name: 'First' });
    clock.advance(1000);
    const second = await create(token, { name: 'Second' });
    expect(second.app.appId).not.toBe(first.app.appId);
    expect(second.appSecret).not.toBe(first.appSecret);
    expect((await listOf(token)).map((item) => item.appId)).toEqual([second.app.appId, first.app.appId]);
    const other = await loggedIn();
    expect(await listOf(other.token)).toEqual([]);
  });

  it('needs a session', async () => {
    const response = await postJson(app, '/app/list', {});
    expect(response.statusCode).toBe(401);
    expect((await postJson(app, '/app/create', { name: 'x' })).json().code).toBe(401);
  });
});

describe('validation', () => {
  it('refuses every bad field with its own message, naming the bad whitelist entries, and writes nothing', async () => {
    const { merchant, token } = await loggedIn();
    const response = await postJson(
      app,
      '/app/create',
      {
        name: 'x'.repeat(65),
        telegram: 'abc',
        callbackUrl: 'ftp://shop.example.com/notify',
        ipWhitelist: '203.0.113.9, 300.1.2.3, 10.0.0.0/33, shop.example.com',
      },
      { token, lang: 'en_US' },
    );
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.code).toBe(1001);
    expect(body.data.errors).toEqual(
      expect.arrayContaining([
        { field: 'name', message: 'The application name can be at most 64 characters' },
        {
          field: 'telegram',
          message: 'A Telegram username is 5-32 letters, digits or underscores (a leading @ is fine)',
        },
        {
          field: 'callbackUrl',
          message: 'Enter a URL starting with http:// or https:// (at most 2048 characters)',
        },
      ]),
    );
    expect(await countRows(merchant.id)).toBe(0);
    // The schema's faults come first; the whitelist is checked once they are fixed.
    const whitelist = await call(token, '/app/create', {
      name: 'Shop',
      ipWhitelist: '203.0.113.9, 300.1.2.3, 10.0.0.0/33, shop.example.com',
    });
    expect(whitelist.code).toBe(1001);
    expect(whitelist.data.errors).toEqual([
      { field: 'ipWhitelist', message: 'Not a valid IP address or CIDR range: 300.1.2.3' },
      { field: 'ipWhitelist', message: 'Invalid CIDR prefix length: 10.0.0.0/33' },
      { field: 'ipWhitelist', message: 'Not a valid IP address or CIDR range: shop.example.com' },
    ]);
    expect(whitelist.message).toBe('Not a valid IP address or CIDR range: 300.1.2.3');
    expect(await countRows(merchant.id)).toBe(0);
  });

  it('localizes the messages and requires a name', async () => {
    const { token } = await loggedIn();
    const missing = (await postJson(app, '/app/create', { name: '   ' }, { token, lang: 'zh_CN' })).json();
    expect(missing).toMatchObject({ code: 1001, message: '请输入应用名称' });
    const entry = (
      await postJson(app, '/app/create', { name: 'Shop', ipWhitelist: '1.2.3' }, { token, lang: 'vi_VN' })
    ).json();
    expect(entry.message).toBe('Không phải địa chỉ IP hoặc dải CIDR hợp lệ: 1.2.3');
  });

  it.each([
    ['telegram', 'shop_support_bot'],
    ['telegram', '@abcde'],
    ['callbackUrl', 'http://shop.example.com:3000/cb?x=1'],
    ['callbackUrl', 'https://93.184.216.34/cb'],
    ['ipWhitelist', '::ffff:1.2.3.4/128'],
  ])('accepts %s %s', async (field, value) => {
    const { token } = await loggedIn();
    await create(token, { [field]: value });
  });

  it.each([
    ['telegram', 'too short', 'abcd'],
    ['telegram', 'too long', 'a'.repeat(33)],
    ['telegram', 'with a dash', 'shop-support'],
    ['callbackUrl', 'javascript:', 'javascript:alert(1)'],
    ['callbackUrl', 'without a host', 'https://'],
    ['callbackUrl', 'over 2048 characters', `https://shop.example.com/${'a'.repeat(2030)}`],
    ['ipWhitelist', 'an empty prefix', '1.2.3.4/'],
    ['ipWhitelist', '51 entries', Array.from({ length: 51 }, (_, i) => `10.0.0.${i}`).join(',')],
  ])('refuses a %s %s', async (field, _label, value) => {
    const { merchant, token } = await loggedIn();
    const response = await call(token, '/app/create', { name: 'Shop', [field]: value });
    expect(response.code).toBe(1001);
    expect(response.data.errors.map((error: { field: string }) => error.field)).toEqual([field]);
    expect(await countRows(merchant.id)).toBe(0);
  });

  it.each([
    ['http://localhost:3000/cb', 'localhost'],
    ['https://api.localhost/cb', 'api.localhost'],
    ['http://127.0.0.1:8080/notify', '127.0.0.1'],
    ['http://[::1]/notify', '::1'],
    ['http://10.1.2.3/notify', '10.1.2.3'],
    ['http://169.254.169.254/latest/meta-data', '169.254.169.254'],
    ['http://[::ffff:192.168.1.1]/notify', '::ffff:c0a8:101'],
    ['http://[::7f00:1]/', '::7f00:1'],
    ['http://[::a9fe:a9fe]/', '::a9fe:a9fe'],
  ])('refuses the local callback URL %s, naming %s, on create and on update', async (url, host) => {
    const { merchant, token } = await loggedIn();
    const refused = await call(token, '/app/create', { name: 'Shop', callbackUrl: url });
    expect(refused).toMatchObject({
      code: 1001,
      message: `The callback URL must be reachable from the internet: ${host} is a local, private or reserved address`,
    });
    expect(refused.data.errors.map((error: { field: string }) => error.field)).toEqual(['callbackUrl']);
    expect(await countRows(merchant.id)).toBe(0);
    const { app: created } = await create(token);
    const before = await rowOf(created.appId);
    expect((await call(token, '/app/update', { appId: created.appId, callbackUrl: url })).code).toBe(1001);
    expect(await rowOf(created.appId)).toEqual(before);
  });

  it('takes local callback URLs with ALLOW_PRIVATE_CALLBACKS=1, but never a metadata address', async () => {
    const local = await buildTestApp({ now: clock.now, env: { ALLOW_PRIVATE_CALLBACKS: '1' } });
    try {
      const merchant = await createMerchant(local);
      const token = await logInAs(local, merchant);
      const send = async (callbackUrl: string) =>
        (
          await postJson(local, '/app/create', { name: 'Shop', callbackUrl }, { token, lang: 'zh_CN' })
        ).json();
      for (const url of ['http://localhost:3000/cb', 'http://127.0.0.1:9/notify', 'http://10.1.2.3/']) {
        expect((await send(url)).code, url).toBe(0);
      }
      expect(await send('http://169.254.169.254/')).toMatchObject({
        code: 1001,
        message: '回调地址必须能从公网访问：169.254.169.254 是本机、内网或保留地址',
      });
    } finally {
      await local.close();
    }
  });

  it('takes as icon only a file this merchant uploaded', async () => {
    const { merchant, token } = await loggedIn();
    const other = await createMerchant(app);
    const theirs = await uploadRow(other.id);
    for (const icon of [theirs, `icon/${merchant.id}/never-uploaded.png`, '/uploads/x.png']) {
      const response = await call(token, '/app/create', { name: 'Shop', icon });
      expect(response).toMatchObject({ code: 1001, message: 'Invalid icon, please upload it again' });
    }
    expect(await countRows(merchant.id)).toBe(0);
    const own = await uploadRow(merchant.id);
    expect((await create(token, { icon: own })).app.icon).toBe(own);
  });
});

describe('update', () => {
  it('changes the fields sent, keeps the others, clears with an empty string', async () => {
    const { merchant, token } = await loggedIn();
    const { app: created } = await create(token, { telegram: 'shop_support', ipWhitelist: '203.0.113.9' });
    const icon = await uploadRow(merchant.id);
    clock.advance(1000);
    const updated = await call(token, '/app/update', {
      appId: created.appId,
      name: 'Renamed',
      icon,
      ipWhitelist: '',
    });
    expect(updated.code).toBe(0);
    expect(appSchema.strict().parse(updated.data.app)).toEqual({
      ...created,
      name: 'Renamed',
      icon,
      ipWhitelist: '',
    });
    expect(await listOf(token)).toEqual([updated.data.app]);
  });

  it('changes nothing when a field is bad', async () => {
    const { token } = await loggedIn();
    const { app: created } = await create(token);
    const before = await rowOf(created.appId);
    const response = await call(token, '/app/update', {
      appId: created.appId,
      name: 'Renamed',
      ipWhitelist: '203.0.113.9, nonsense',
    });
    expect(response.code).toBe(1001);
    expect(await rowOf(created.appId)).toEqual(before);
  });
});

describe("another merchant's application", () => {
  it('is not found for every call, and stays as it was', async () => {
    const owner = await loggedIn();
    const { app: theirs } = await create(owner.token);
    const before = await rowOf(theirs.appId);
    const { merchant, token } = await loggedIn();
    const calls: [string, Record<string, unknown>][] = [
      ['/app/update', { appId: theirs.appId, name: 'Mine now' }],
      ['/app/delete', { appId: theirs.appId }],
      ['/app/secret', { appId: theirs.appId, password: merchant.password }],
      ['/app/secret/reset', { appId: theirs.appId, password: merchant.password }],
    ];
    for (const [path, body] of calls) {
      const response = await postJson(app, path, body, { token, lang: 'en_US' });
      expect(response.statusCode, path).toBe(404);
      expect(response.json()).toEqual({ code: 404, data: null, message: 'The application does not exist' });
    }
    // An unknown appId answers exactly the same.
    const unknown = await postJson(
      app,
      '/app/delete',
      { appId: 'app_00000000000000000000' },
      { token, lang: 'en_US' },
    );
    expect(unknown.json()).toEqual({ code: 404, data: null, message: 'The application does not exist' });
    expect(await rowOf(theirs.appId)).toEqual(before);
  });
});

describe('the secret', () => {
  it('is shown for the right password only, when Google is not bound', async () => {
    const { merchant, token } = await loggedIn();
    const { app: created, appSecret } = await create(token);
    const wrong = await call(token, '/app/secret', { appId: created.appId, password: 'Wrong2026pass' });
    expect(wrong).toEqual({ code: 1113, data: null, message: 'Incorrect password' });
    const missing = await call(token, '/app/secret', { appId: created.appId });
    expect(missing).toMatchObject({ code: 1001, message: 'Please enter password' });
    const right = await call(token, '/app/secret', { appId: created.appId, password: merchant.password });
    expect(right).toMatchObject({ code: 0, data: { appSecret } });
  });

  it('needs the Google code when Google is bound: missing or wrong is 1203, and a code works once', async () => {
    const { merchant, token } = await loggedIn();
    const { app: created, appSecret } = await create(token);
    const secret = await bindGoogleThroughApi(app, token, merchant.password);
    clock.advance(30_000);
    const body = { appId: created.appId, password: merchant.password };
    expect(await call(token, '/app/secret', body)).toEqual({
      code: 1203,
      data: null,
      message: 'Google Authenticator is bound: please enter its code',
    });
    const wrong = await call(token, '/app/secret', { ...body, googleCode: googleCodeNow(app, secret, 3) });
    expect(wrong).toEqual({ code: 1203, data: null, message: 'Incorrect Google Authenticator code' });
    // The right code with a wrong password spends nothing.
    const code = googleCodeNow(app, secret);
    const badPassword = await call(token, '/app/secret', {
      ...body,
      password: 'Wrong2026pass',
      googleCode: code,
    });
    expect(badPassword.code).toBe(1113);
    expect(await call(token, '/app/secret', { ...body, googleCode: code })).toMatchObject({
      code: 0,
      data: { appSecret },
    });
    const replay = await call(token, '/app/secret', { ...body, googleCode: code });
    expect(replay).toMatchObject({ code: 1203, message: expect.stringContaining('already used') });
    const resetWithout = await call(token, '/app/secret/reset', body);
    expect(resetWithout.code).toBe(1203);
    expect((await rowOf(created.appId))?.secretVersion).toBe(1);
  });

  it('reset replaces it at once: the old one no longer opens or matches, the new one is shown once', async () => {
    const { merchant, token } = await loggedIn();
    const { app: created, appSecret: old } = await create(token);
    const before = await rowOf(created.appId);
    const reset = await call(token, '/app/secret/reset', {
      appId: created.appId,
      password: merchant.password,
    });
    expect(reset.code).toBe(0);
    const fresh = reset.data.appSecret as string;
    expect(fresh).toMatch(/^[0-9a-f]{64}$/);
    expect(fresh).not.toBe(old);
    const row = await rowOf(created.appId);
    if (!row || !before) throw new Error('no row');
    expect(row.secretVersion).toBe(before.secretVersion + 1);
    expect(openAppSecret(app.secrets, row.id, row.secretVersion, row.secretSealed)).toBe(fresh);
    // What the merchant API reads for this APPID now holds the new secret only.
    const live = await findLiveApplicationByAppId(app.db, created.appId);
    if (!live) throw new Error('not live');
    expect(openAppSecret(app.secrets, live.id, live.secretVersion, live.secretSealed)).toBe(fresh);
    // The old sealed value does not open at the new version (the AAD names the version).
    expect(() => openAppSecret(app.secrets, row.id, row.secretVersion, before.secretSealed)).toThrow();
    const shown = await call(token, '/app/secret', { appId: created.appId, password: merchant.password });
    expect(shown.data.appSecret).toBe(fresh);
    expect((await listOf(token))[0]).toMatchObject({
      secretMasked: `${fresh.slice(0, 4)}********${fresh.slice(-4)}`,
    });
  });

  it('three resets at once apply one after the other (row lock), each showing its own secret, the last one working', async () => {
    const { merchant, token } = await loggedIn();
    const { app: created } = await create(token);
    const body = { appId: created.appId, password: merchant.password };
    const results = await Promise.all([
      call(token, '/app/secret/reset', body),
      call(token, '/app/secret/reset', body),
      call(token, '/app/secret/reset', body),
    ]);
    expect(results.map((result) => result.code)).toEqual([0, 0, 0]);
    const row = await rowOf(created.appId);
    if (!row) throw new Error('no row');
    expect(row.secretVersion).toBe(4);
    const working = openAppSecret(app.secrets, row.id, row.secretVersion, row.secretSealed);
    expect(results.map((result) => result.data.appSecret)).toContain(working);
    expect(new Set(results.map((result) => result.data.appSecret)).size).toBe(3);
  });

  it('is rate limited per IP', async () => {
    const limited = await buildTestApp({ env: { LOGIN_RATE_LIMIT: '3' } });
    try {
      const merchant = await createMerchant(limited);
      const token = await logInAs(limited, merchant);
      const created = (await postJson(limited, '/app/create', { name: 'Shop' }, { token })).json().data.app;
      const body = { appId: created.appId, password: 'Wrong2026pass' };
      const codes = [];
      for (let i = 0; i < 4; i++)
        codes.push((await postJson(limited, '/app/secret', body, { token })).json().code);
      expect(codes).toEqual([1113, 1113, 1113, 429]);
      // Another address still gets through.
      expect((await postJson(limited, '/app/secret', body, { token, ip: '198.51.100.7' })).json().code).toBe(
        1113,
      );
    } finally {
      await limited.close();
    }
  });
});

describe('delete', () => {
  it('soft-deletes: gone from the list and the API lookup, the secret refused, its orders kept', async () => {
    const { merchant, token } = await loggedIn();
    const { app: kept } = await create(token, { name: 'Kept' });
    const { app: gone } = await create(token, { name: 'Gone' });
    const row = await rowOf(gone.appId);
    if (!row) throw new Error('no row');
    await insertOrder(merchant.id, row.id, { status: 'completed', completedAt: clock.now() });
    expect(await call(token, '/app/delete', { appId: gone.appId })).toEqual({
      code: 0,
      data: null,
      message: 'Success',
    });
    expect((await listOf(token)).map((item) => item.appId)).toEqual([kept.appId]);
    expect((await rowOf(gone.appId))?.deletedAt).toEqual(clock.now());
    expect(await findLiveApplicationByAppId(app.db, gone.appId)).toBeUndefined();
    expect(await findLiveApplicationByAppId(app.db, kept.appId)).toBeDefined();
    const secret = await call(token, '/app/secret', { appId: gone.appId, password: merchant.password });
    expect(secret.code).toBe(404);
    expect((await call(token, '/app/delete', { appId: gone.appId })).code).toBe(404);
    expect(await app.db.select().from(orders).where(eq(orders.applicationId, row.id))).toHaveLength(1);
  });
});

let orderSeq = 0;
async function insertOrder(
  merchantId: number,
  applicationId: number,
  values: Partial<typeof orders.$inferInsert> = {},
) {
  orderSeq += 1;
  await app.db.insert(orders).values({
    orderNo: `T${Date.now()}${orderSeq}`,
    type: 'collection',
    merchantId,
    applicationId,
    merchantOrderNo: `M${orderSeq}`,
    currency: 'USDT',
    amount: '10',
    test: true,
    requestHash: 'x',
    expiresAt: new Date(clock.now().getTime() + 3_600_000),
    ...values,
  });
}

describe('order counts', () => {
  it("counts each app's orders completed today and yesterday in Shanghai time", async () => {
    const { merchant, token } = await loggedIn();
    const { app: shop } = await create(token, { name: 'Shop' });
    const { app: other } = await create(token, { name: 'Other' });
    const shopId = (await rowOf(shop.appId))?.id ?? 0;
    const otherId = (await rowOf(other.appId))?.id ?? 0;
    const at = (iso: string) => new Date(iso);
    const completed = (iso: string, type: 'collection' | 'payout' = 'collection') => ({
      type,
      status: 'completed' as const,
      completedAt: at(iso),
    });
    // Shanghai's today: from 2026-01-14T16:00Z; yesterday: from 2026-01-13T16:00Z.
    await insertOrder(merchant.id, shopId, completed('2026-01-14T16:00:00.000Z'));
    await insertOrder(merchant.id, shopId, completed('2026-01-15T07:59:00.000Z'));
    await insertOrder(merchant.id, shopId, completed('2026-01-14T15:59:59.999Z'));
    await insertOrder(merchant.id, shopId, completed('2026-01-13T16:00:00.000Z'));
    await insertOrder(merchant.id, shopId, completed('2026-01-13T15:59:59.000Z'));
    await insertOrder(merchant.id, shopId, completed('2026-01-15T01:00:00.000Z', 'payout'));
    await insertOrder(merchant.id, shopId, { status: 'pending' });
    await insertOrder(merchant.id, shopId, { status: 'expired', exception: 'underpaid' });
    await insertOrder(merchant.id, otherId, completed('2026-01-15T02:00:00.000Z'));
    const list = (await call(token, '/app/list', {})).data.list as Record<string, unknown>[];
    const countsOf = (appId: string) => {
      const item = list.find((entry) => entry.appId === appId);
      return {
        today: item?.todayPayCount,
        yesterday: item?.yesterdayPayCount,
        payoutToday: item?.todayPayoutCount,
        payoutYesterday: item?.yesterdayPayoutCount,
      };
    };
    expect(countsOf(shop.appId)).toEqual({ today: 2, yesterday: 2, payoutToday: 1, payoutYesterday: 0 });
    expect(countsOf(other.appId)).toEqual({ today: 1, yesterday: 0, payoutToday: 0, payoutYesterday: 0 });
  });
});
