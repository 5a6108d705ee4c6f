/** Every way in: email + password, email + code, phone + password, and the Google step (601). */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailCodes, loginRecords, sessions } from '../src/db/schema';
import { serviceDeps } from '../src/lib/route-deps';
import { sendLoginCode } from '../src/modules/auth/login-code.service';
import { bindGoogleThroughApi } from './helpers/accounts';
import { buildTestApp, createTestClock } from './helpers/build-test-app';
import { codeMailedTo, googleCodeNow, lastMailTo, postForm, postJson, readOutbox } from './helpers/calls';
import { createMerchant, logInAs } from './helpers/factories';

const clock = createTestClock();
let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp({ now: clock.now, env: { LOGIN_RATE_LIMIT: '1000' } });
});
afterAll(() => app.close());

const login = (fields: Record<string, string>, lang = 'en_US') => postForm(app, '/login', fields, { lang });
const sessionCount = async (merchantId: number) =>
  (await app.db.select().from(sessions).where(eq(sessions.merchantId, merchantId))).length;

describe('email and password', () => {
  it('logs in and records the login', async () => {
    const merchant = await createMerchant(app);
    const response = await login({ email: merchant.email, password: merchant.password });
    expect(response.json().code).toBe(0);
    const records = await app.db.select().from(loginRecords).where(eq(loginRecords.merchantId, merchant.id));
    expect(records).toMatchObject([{ ip: '127.0.0.1', createdAt: clock.now() }]);
  });
});

describe('email and emailed code', () => {
  it('mails the code in the merchant language and logs in with it once', async () => {
    const merchant = await createMerchant(app, { lang: 'vi_VN' });
    expect(
      (await postForm(app, '/login/sendEmailCode', { email: merchant.email }, { lang: 'en_US' })).json().code,
    ).toBe(0);
    const mail = await lastMailTo(app, merchant.email);
    expect(mail.subject).toBe('Mã đăng nhập Tollgate của bạn');
    const code = await codeMailedTo(app, merchant.email);
    expect((await login({ email: merchant.email, emailCode: code })).json().code).toBe(0);
    const reused = await login({ email: merchant.email, emailCode: code });
    expect(reused.json()).toEqual({ code: 1107, data: null, message: 'Incorrect verification code' });
  });

  it('answers an unknown address like a wrong code', async () => {
    expect((await postForm(app, '/login/sendEmailCode', { email: 'ghost@example.com' })).json().code).toBe(0);
    const response = await login({ email: 'ghost@example.com', emailCode: '123456' });
    expect(response.json()).toEqual({ code: 1107, data: null, message: 'Incorrect verification code' });
    expect((await login({ email: 'never-asked@example.com', emailCode: '123456' })).json().code).toBe(1107);
  });

  it('is sent by its service, which mails only a real account (no enumeration)', async () => {
    const merchant = await createMerchant(app, { lang: 'en_US' });
    clock.advance(61_000);
    const mailsBefore = (await readOutbox(app)).length;
    await sendLoginCode(serviceDeps(app), { email: merchant.email, ip: '203.0.113.40' });
    await sendLoginCode(serviceDeps(app), { email: 'nobody-else@example.com', ip: '203.0.113.40' });
    const mails = await readOutbox(app);
    expect(mails.length).toBe(mailsBefore + 1);
    expect(mails[0]).toMatchObject({ toAddress: merchant.email, subject: 'Your Tollgate login code' });
    // The unknown address still got a (never mailed) code row, so its limits behave alike.
    const stored = await app.db
      .select()
      .from(emailCodes)
      .where(eq(emailCodes.email, 'nobody-else@example.com'));
    expect(stored).toMatchObject([{ purpose: 'login', ip: '203.0.113.40' }]);
  });

  it('does not take a registration code', async () => {
    const merchant = await createMerchant(app);
    clock.advance(61_000);
    await postForm(app, '/v1/reset/emailCode', { email: merchant.email });
    const resetCode = await codeMailedTo(app, merchant.email);
    expect((await login({ email: merchant.email, emailCode: resetCode })).json().code).toBe(1107);
  });
});

describe('phone and password', () => {
  it('logs in with the number as set on the merchant info page, however it is typed', async () => {
    const merchant = await createMerchant(app);
    const token = await logInAs(app, merchant);
    const set = await postJson(
      app,
      '/merchant/phone',
      { countryCode: '84', phone: '0901 234 567', password: merchant.password },
      { token },
    );
    expect(set.json().code).toBe(0);
    for (const phone of ['901234567', '0901-234-567']) {
      expect((await login({ phone, countryCode: '84', password: merchant.password })).json().code).toBe(0);
    }
    const wrongCountry = await login({ phone: '901234567', countryCode: '86', password: merchant.password });
    expect(wrongCountry.json()).toEqual({ code: 1101, data: null, message: 'Incorrect account or password' });
    expect(
      (await login({ phone: '901234567', countryCode: '84', password: 'Wrong2026pass' })).json().code,
    ).toBe(1101);
  });
});

const REUSED = {
  en_US: 'This Google Authenticator code was already used. Please wait for the next one',
  zh_CN: '该谷歌验证码已使用过，请等待下一个验证码',
};

describe('Google step', () => {
  it('answers 601 without a code, then logs in with one; a wrong or reused one is 1203', async () => {
    const merchant = await createMerchant(app, { lang: 'zh_TW' });
    const secret = await bindGoogleThroughApi(app, await logInAs(app, merchant), merchant.password);
    const before = await sessionCount(merchant.id);
    clock.advance(30_000);

    const asked = await login({ email: merchant.email, password: merchant.password });
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toEqual({
      code: 601,
      data: null,
      message: 'Please enter your Google Authenticator code',
    });
    expect(await sessionCount(merchant.id)).toBe(before);

    const wrong = await login({
      email: merchant.email,
      password: merchant.password,
      googleCode: googleCodeNow(app, secret, 3),
    });
    expect(wrong.json()).toEqual({ code: 1203, data: null, message: 'Incorrect Google Authenticator code' });
    // A wrong password never reaches the Google step.
    expect(
      (await login({ email: merchant.email, password: 'Wrong2026pass', googleCode: '000000' })).json().code,
    ).toBe(1101);

    const googleCode = googleCodeNow(app, secret);
    const ok = await login({ email: merchant.email, password: merchant.password, googleCode });
    expect(ok.json().code).toBe(0);
    expect(ok.json().data.userInfo.googleState).toBe(true);
    // A right code used again in its window: the same code, 1203, but not called wrong.
    const replay = await login({ email: merchant.email, password: merchant.password, googleCode });
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toEqual({ code: 1203, data: null, message: REUSED.en_US });
    const replayZh = await login({ email: merchant.email, password: merchant.password, googleCode }, 'zh_CN');
    expect(replayZh.json()).toEqual({ code: 1203, data: null, message: REUSED.zh_CN });
    // One step later, with one step of drift allowed, the previous step's code stays refused.
    clock.advance(30_000);
    expect((await login({ email: merchant.email, password: merchant.password, googleCode })).json()).toEqual({
      code: 1203,
      data: null,
      message: REUSED.en_US,
    });
    expect(
      (
        await login({
          email: merchant.email,
          password: merchant.password,
          googleCode: googleCodeNow(app, secret),
        })
      ).json().code,
    ).toBe(0);
  });

  it('keeps the emailed code usable across the 601 answer, and uses it up after', async () => {
    const merchant = await createMerchant(app);
    const secret = await bindGoogleThroughApi(app, await logInAs(app, merchant), merchant.password);
    clock.advance(61_000);
    await postForm(app, '/login/sendEmailCode', { email: merchant.email });
    const emailCode = await codeMailedTo(app, merchant.email);
    expect((await login({ email: merchant.email, emailCode })).json().code).toBe(601);
    const ok = await login({ email: merchant.email, emailCode, googleCode: googleCodeNow(app, secret, 1) });
    expect(ok.json().code).toBe(0);
    expect((await login({ email: merchant.email, emailCode })).json().code).toBe(1107);
  });
});

describe('refusals', () => {
  it('a disabled account: 1102 after its password is checked', async () => {
    const merchant = await createMerchant(app, { status: 'disabled' });
    expect((await login({ email: merchant.email, password: merchant.password })).json().code).toBe(1102);
    expect((await login({ email: merchant.email, password: 'Wrong2026pass' })).json().code).toBe(1101);
  });

  it('the same answer for an unknown account and a wrong password, in every language', async () => {
    const merchant = await createMerchant(app);
    for (const [lang, message] of [
      ['zh_CN', '账号或密码错误'],
      ['zh_TW', '帳號或密碼錯誤'],
      ['en_US', 'Incorrect account or password'],
      ['vi_VN', 'Tài khoản hoặc mật khẩu không đúng'],
    ] as const) {
      const attempts: Record<string, string>[] = [
        { email: merchant.email, password: 'Wrong2026pass' },
        { email: 'nobody@example.com', password: 'Wrong2026pass' },
        { phone: '13800138000', countryCode: '86', password: 'Wrong2026pass' },
      ];
      for (const fields of attempts) {
        const response = await login(fields, lang);
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({ code: 1101, data: null, message });
      }
    }
  });

  it('an ambiguous body (email and phone, password and code) with a field message', async () => {
    const both = await login({ email: 'a@b.co', phone: '13800138000', countryCode: '86', password: 'x' });
    expect(both.json()).toMatchObject({
      code: 1001,
      message: 'Enter either an email or a phone number, not both',
    });
    const codeAndPassword = await login({ email: 'a@b.co', password: 'x', emailCode: '123456' });
    expect(codeAndPassword.json().data.errors).toEqual([
      { field: 'emailCode', message: 'Log in with either the password or the email code, not both' },
    ]);
  });
});
