/** The merchant info page: profile and login history with locations, the phone, the token check, countries. */
import { merchantProfile } from '@tollgate/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createTestClock } from './helpers/build-test-app';
import { postForm, postJson, postMultipart } from './helpers/calls';
import { createMerchant, logInAs } from './helpers/factories';

const clock = createTestClock();
let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp({ now: clock.now, env: { LOGIN_RATE_LIMIT: '1000' } });
});
afterAll(() => app.close());

const MINUTE = 60_000;

describe('profile and login history', () => {
  it('shows the last ten logins, newest first, placed by the offline GeoIP database', async () => {
    const merchant = await createMerchant(app, { countryCode: '65', phone: '81234567' });
    const ips = ['81.2.69.142', '8.8.8.8', '1.1.1.1', '10.1.2.3', '::1', '203.0.113.5'];
    const logins: { ip: string; at: string }[] = [];
    for (let i = 0; i < 12; i++) {
      const ip = ips[i % ips.length] ?? '127.0.0.1';
      clock.advance(MINUTE);
      const response = await postForm(
        app,
        '/login',
        { email: merchant.email, password: merchant.password },
        { ip },
      );
      expect(response.json().code).toBe(0);
      logins.push({ ip, at: clock.now().toISOString() });
    }
    const token = await logInAs(app, merchant);
    const expected = [{ ip: '127.0.0.1', at: clock.now().toISOString() }, ...logins.reverse()].slice(0, 10);

    const english = await postJson(app, '/userConfigFeign/pageUserInfo', {}, { token, lang: 'en_US' });
    const profile = merchantProfile.strict().parse(english.json().data);
    expect(profile).toMatchObject({
      merchantId: String(merchant.id),
      loginAccount: merchant.email,
      createdAt: merchant.createdAt.toISOString(),
      phone: '81234567',
      countryCode: '65',
      googleState: false,
      hasPassword: true,
    });
    expect(profile.loginRecords.map((r) => ({ ip: r.ip, at: r.time }))).toEqual(expected);
    const where = Object.fromEntries(profile.loginRecords.map((r) => [r.ip, r.location]));
    expect(where).toEqual({
      '127.0.0.1': 'Local network',
      '203.0.113.5': '-',
      '::1': 'Local network',
      '10.1.2.3': 'Local network',
      '1.1.1.1': '-',
      '8.8.8.8': 'United States',
      '81.2.69.142': 'St Albans, United Kingdom',
    });

    const chinese = await postMultipart(app, '/otc/merchant-sys/login-info', {}, { token, lang: 'zh_CN' });
    const locations = chinese.json().data.loginRecords.map((r: { location: string }) => r.location);
    expect(locations).toEqual(expect.arrayContaining(['局域网', '美国', '英国 St Albans']));
    expect(chinese.json().data.loginRecords).toHaveLength(10);
  });

  it('needs a session', async () => {
    expect((await postJson(app, '/userConfigFeign/pageUserInfo', {})).json().code).toBe(401);
    expect((await postMultipart(app, '/otc/merchant-sys/login-info', {})).json().code).toBe(401);
  });
});

describe('POST /merchant/phone', () => {
  it('sets a valid number once per account; a taken one is 1106', async () => {
    const first = await createMerchant(app);
    const second = await createMerchant(app);
    const body = (password: string) => ({ countryCode: '86', phone: '139 1234 5678', password });
    const set = await postJson(app, '/merchant/phone', body(first.password), {
      token: await logInAs(app, first),
    });
    expect(set.json().code).toBe(0);
    const taken = await postJson(app, '/merchant/phone', body(second.password), {
      token: await logInAs(app, second),
      lang: 'en_US',
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({
      code: 1106,
      data: null,
      message: 'This phone number is used by another account',
    });
  });

  it('refuses an unknown dial code, an impossible number and a wrong password, changing nothing', async () => {
    const merchant = await createMerchant(app);
    const token = await logInAs(app, merchant);
    const call = (body: Record<string, string>) =>
      postJson(app, '/merchant/phone', body, { token, lang: 'en_US' });
    expect(
      (await call({ countryCode: '999', phone: '12345678', password: merchant.password })).json(),
    ).toEqual({
      code: 1001,
      data: { errors: [{ field: 'countryCode', message: 'Please choose a country code' }] },
      message: 'Please choose a country code',
    });
    expect(
      (await call({ countryCode: '86', phone: '1234', password: merchant.password })).json().data.errors,
    ).toEqual([{ field: 'phone', message: 'Invalid phone number' }]);
    expect(
      (await call({ countryCode: '86', phone: '13912345679', password: 'Wrong2026pass' })).json().code,
    ).toBe(1113);
    const profile = await postJson(app, '/userConfigFeign/pageUserInfo', {}, { token });
    expect(profile.json().data).toMatchObject({ phone: null, countryCode: null });
  });
});

describe('POST /otc/merchant-sys/check/login', () => {
  it('tells whether the token sent is valid, never answering 401', async () => {
    const merchant = await createMerchant(app);
    const token = await logInAs(app, merchant);
    const checkWith = async (headers: Record<string, string>) =>
      (await app.inject({ method: 'POST', url: '/front/otc/merchant-sys/check/login', headers })).json();
    expect(await checkWith({ 'x-auth-token': token })).toEqual({
      code: 0,
      data: { valid: true, expiresAt: new Date(clock.now().getTime() + 30 * 24 * 60 * MINUTE).toISOString() },
      message: '操作成功',
    });
    const anonymous: Record<string, string>[] = [{}, { 'x-auth-token': 'no-such-token' }];
    for (const headers of anonymous) {
      expect((await checkWith(headers)).data).toEqual({ valid: false, expiresAt: null });
    }
    await app.inject({ method: 'POST', url: '/front/admin/login-out', headers: { 'x-auth-token': token } });
    expect(await checkWith({ 'x-auth-token': token })).toMatchObject({ code: 0, data: { valid: false } });
    const other = await logInAs(app, merchant);
    clock.advance(30 * 24 * 60 * MINUTE);
    expect((await checkWith({ 'x-auth-token': other })).data.valid).toBe(false);
  });
});

describe('POST /otc/merchant-sys/support/country', () => {
  it('lists every region with its dial code, named and sorted in the request language', async () => {
    const english = (
      await postMultipart(app, '/otc/merchant-sys/support/country', {}, { lang: 'en_US' })
    ).json().data;
    expect(english.length).toBeGreaterThan(200);
    expect(english).toContainEqual({ iso: 'VN', name: 'Vietnam', countryCode: '84' });
    expect(english).toContainEqual({ iso: 'US', name: 'United States', countryCode: '1' });
    const names = english.map((c: { name: string }) => c.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en-US')));
    const traditional = (
      await postMultipart(app, '/otc/merchant-sys/support/country', {}, { lang: 'zh_TW' })
    ).json().data;
    expect(traditional).toContainEqual({ iso: 'TW', name: '台灣', countryCode: '886' });
    const vietnamese = (
      await postMultipart(app, '/otc/merchant-sys/support/country', {}, { lang: 'vi_VN' })
    ).json().data;
    expect(vietnamese).toContainEqual({ iso: 'CN', name: 'Trung Quốc', countryCode: '86' });
  });
});
