/** Forgot password (reset revokes every session) and change password (revokes the others). */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createTestClock } from './helpers/build-test-app';
import { codeMailedTo, getAs, lastMailTo, postForm } from './helpers/calls';
import { createMerchant, logInAs } from './helpers/factories';

const clock = createTestClock();
let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp({ now: clock.now, env: { LOGIN_RATE_LIMIT: '1000' } });
});
afterAll(() => app.close());

const NEW_PASSWORD = 'Fresh2026pass';
const infoCode = async (token: string) => (await getAs(app, '/merchant/info', { token })).json().code;
const login = (email: string, password: string) => postForm(app, '/login', { email, password });

describe('forgot password', () => {
  it('checks the code, sets the password, revokes every session and mails a notice', async () => {
    const merchant = await createMerchant(app, { lang: 'zh_CN' });
    const tokens = [await logInAs(app, merchant), await logInAs(app, merchant)];
    expect(
      (await postForm(app, '/v1/reset/emailCode', { email: merchant.email }, { lang: 'en_US' })).json().code,
    ).toBe(0);
    // The merchant's language (the one they last logged in with), not the request's.
    expect((await lastMailTo(app, merchant.email)).subject).toBe('您的 Tollgate 重置密码验证码');
    const code = await codeMailedTo(app, merchant.email);
    expect((await postForm(app, '/reset/login/verify', { email: merchant.email, code })).json().code).toBe(0);
    const reset = await postForm(
      app,
      '/reset/login/password',
      { email: merchant.email, code, password: NEW_PASSWORD },
      { lang: 'en_US' },
    );
    expect(reset.json()).toEqual({ code: 0, data: null, message: 'Success' });

    for (const token of tokens) expect(await infoCode(token)).toBe(4000);
    expect((await login(merchant.email, merchant.password)).json().code).toBe(1101);
    expect((await login(merchant.email, NEW_PASSWORD)).json().code).toBe(0);
    const notice = await lastMailTo(app, merchant.email);
    expect(notice.subject).toBe('您的 Tollgate 密码已修改');
    expect(notice.text).toContain(merchant.email);
    // The code is used up.
    const again = await postForm(app, '/reset/login/password', {
      email: merchant.email,
      code,
      password: 'Other2026pass',
    });
    expect(again.json().code).toBe(1107);
  });

  it('answers an unknown address as a known one whose code is wrong', async () => {
    clock.advance(61_000);
    expect((await postForm(app, '/v1/reset/emailCode', { email: 'ghost@example.com' })).json().code).toBe(0);
    for (const url of ['/reset/login/verify', '/reset/login/password']) {
      const response = await postForm(app, url, {
        email: 'ghost@example.com',
        code: '123456',
        password: NEW_PASSWORD,
      });
      expect(response.json().code).toBe(1107);
    }
  });

  it('holds the new password to the rules and changes nothing on a bad one', async () => {
    const merchant = await createMerchant(app);
    clock.advance(61_000);
    await postForm(app, '/v1/reset/emailCode', { email: merchant.email });
    const code = await codeMailedTo(app, merchant.email);
    const weak = await postForm(
      app,
      '/reset/login/password',
      { email: merchant.email, code, password: 'short' },
      { lang: 'vi_VN' },
    );
    expect(weak.json()).toMatchObject({
      code: 1001,
      message: 'Mật khẩu không đáp ứng yêu cầu (8-32 ký tự, có chữ hoa, chữ thường và chữ số)',
    });
    expect((await login(merchant.email, merchant.password)).json().code).toBe(0);
  });
});

describe('change password', () => {
  const change = (token: string, fields: Record<string, string>, lang = 'en_US') =>
    postForm(app, '/update/password', fields, { token, lang });

  async function codeFor(merchant: { email: string }, token: string) {
    clock.advance(61_000);
    expect((await postForm(app, '/email/update/password/code', {}, { token })).json().code).toBe(0);
    return codeMailedTo(app, merchant.email);
  }

  it('needs the old password (1112) and matching new ones (1111)', async () => {
    const merchant = await createMerchant(app);
    const token = await logInAs(app, merchant);
    const code = await codeFor(merchant, token);
    const fields = {
      oldPassword: 'Wrong2026pass',
      password: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
      code,
    };
    expect((await change(token, fields)).json()).toEqual({
      code: 1112,
      data: null,
      message: 'The current password is incorrect',
    });
    expect((await change(token, { ...fields, oldPassword: '' })).json().code).toBe(1112);
    const mismatch = await change(token, {
      ...fields,
      oldPassword: merchant.password,
      confirmPassword: 'Fresh2026past',
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json()).toEqual({
      code: 1111,
      data: { errors: [{ field: 'confirmPassword', message: 'The two passwords do not match' }] },
      message: 'The two passwords do not match',
    });
    expect((await login(merchant.email, merchant.password)).json().code).toBe(0);
  });

  it('mails the code to the merchant, keeps the caller and revokes the other sessions', async () => {
    const merchant = await createMerchant(app, { lang: 'vi_VN' });
    const mine = await logInAs(app, merchant);
    const elsewhere = await logInAs(app, merchant);
    const code = await codeFor(merchant, mine);
    expect((await lastMailTo(app, merchant.email)).subject).toBe('Mã đổi mật khẩu Tollgate của bạn');
    const fields = {
      oldPassword: merchant.password,
      password: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
      code,
    };
    expect((await change(mine, fields)).json().code).toBe(0);
    expect(await infoCode(mine)).toBe(0);
    expect(await infoCode(elsewhere)).toBe(4000);
    expect((await lastMailTo(app, merchant.email)).subject).toBe(
      'Mật khẩu Tollgate của bạn đã được thay đổi',
    );
    expect((await login(merchant.email, NEW_PASSWORD)).json().code).toBe(0);
    expect((await change(mine, { ...fields, oldPassword: NEW_PASSWORD })).json().code).toBe(1107);
  });

  it('lets an account that never had a password set one with the old one blank', async () => {
    const merchant = await createMerchant(app, { password: null });
    // No password: this account cannot log in with one, so its session comes from a code.
    clock.advance(61_000);
    await postForm(app, '/login/sendEmailCode', { email: merchant.email });
    const loginCode = await codeMailedTo(app, merchant.email);
    const token = (await postForm(app, '/login', { email: merchant.email, emailCode: loginCode })).json().data
      .token;
    const code = await codeFor(merchant, token);
    const response = await change(token, { password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD, code });
    expect(response.json().code).toBe(0);
    expect((await login(merchant.email, NEW_PASSWORD)).json().code).toBe(0);
  });

  it('needs a session', async () => {
    expect((await postForm(app, '/email/update/password/code', {})).json().code).toBe(401);
  });
});

describe('mail language', () => {
  it('follows the language the merchant last logged in with', async () => {
    const merchant = await createMerchant(app, { lang: 'zh_CN' });
    const viaVietnamese = await postForm(
      app,
      '/login',
      { email: merchant.email, password: merchant.password },
      { lang: 'vi_VN' },
    );
    expect(viaVietnamese.json().data.userInfo.lang).toBe('vi_VN');
    expect((await postForm(app, '/v1/reset/emailCode', { email: merchant.email })).json().code).toBe(0);
    expect((await lastMailTo(app, merchant.email)).subject).toBe('Mã đặt lại mật khẩu Tollgate của bạn');
  });
});
