/** Registration: mail a code, check it, create the account with it; duplicates refused. */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { merchants } from '../src/db/schema';
import { buildTestApp, createTestClock } from './helpers/build-test-app';
import { codeMailedTo, lastMailTo, postForm } from './helpers/calls';
import { createMerchant } from './helpers/factories';

const clock = createTestClock();
let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp({ now: clock.now, env: { LOGIN_RATE_LIMIT: '1000' } });
});
afterAll(() => app.close());

let counter = 0;
const newEmail = () => `new-${++counter}-${Date.now()}@example.com`;
const merchantRows = (email: string) => app.db.select().from(merchants).where(eq(merchants.email, email));

describe('registration', () => {
  it('mails a code in the request language, checks it, creates the account', async () => {
    const email = newEmail();
    const sent = await postForm(app, '/reg/mail/code', { email: email.toUpperCase() }, { lang: 'zh_TW' });
    expect(sent.json()).toEqual({ code: 0, data: null, message: '操作成功' });
    const mail = await lastMailTo(app, email);
    expect(mail.subject).toBe('您的 Tollgate 註冊驗證碼');
    expect(mail.html).toContain(mail.code);
    const code = await codeMailedTo(app, email);

    const verified = await postForm(app, '/register/email/codeVerify', { email, code });
    expect(verified.json().code).toBe(0);
    // Checking does not use the code up: registering with it still works.
    const registered = await postForm(
      app,
      '/register/email',
      { email, code, password: 'Tollgate2026' },
      { lang: 'zh_TW' },
    );
    expect(registered.statusCode).toBe(200);
    const [row] = await merchantRows(email);
    expect(registered.json().data).toEqual({ merchantId: String(row?.id), email });
    expect(row).toMatchObject({ lang: 'zh_TW', status: 'active', googleState: false, phone: null });
    expect(row?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);

    const login = await postForm(app, '/login', { email, password: 'Tollgate2026' });
    expect(login.json().code).toBe(0);
    const account = await app.inject({
      url: '/front/merchant/account/info',
      headers: { 'x-auth-token': login.json().data.token },
    });
    expect(account.json().data.totalBalance).toBe('0');
  });

  it('uses the code up: a second registration with it fails', async () => {
    const email = newEmail();
    await postForm(app, '/reg/mail/code', { email });
    const code = await codeMailedTo(app, email);
    expect(
      (await postForm(app, '/register/email', { email, code, password: 'Tollgate2026' })).json().code,
    ).toBe(0);
    const again = await postForm(
      app,
      '/register/email',
      { email, code, password: 'Tollgate2026' },
      { lang: 'en_US' },
    );
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ code: 1105, data: null, message: 'This email is already registered' });
  });

  it('refuses an email that has an account at every step (1105), mailing nothing', async () => {
    const merchant = await createMerchant(app);
    const before = await app.jobs.drain().then(() => app.db.$count(merchants));
    for (const [url, fields] of [
      ['/reg/mail/code', { email: merchant.email }],
      ['/register/email/codeVerify', { email: merchant.email, code: '123456' }],
      ['/register/email', { email: merchant.email, code: '123456', password: 'Tollgate2026' }],
    ] as const) {
      const response = await postForm(app, url, fields, { lang: 'vi_VN' });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ code: 1105, data: null, message: 'Email này đã được đăng ký' });
    }
    await expect(lastMailTo(app, merchant.email)).rejects.toThrow('no mail');
    expect(await app.db.$count(merchants)).toBe(before);
  });

  it('answers 1105 to the loser of two registrations racing for one email', async () => {
    const email = newEmail();
    await postForm(app, '/reg/mail/code', { email });
    const code = await codeMailedTo(app, email);
    const both = await Promise.all([
      postForm(app, '/register/email', { email, code, password: 'Tollgate2026' }),
      postForm(app, '/register/email', { email, code, password: 'Other2026pass' }),
    ]);
    expect(both.map((r) => r.json().code).sort()).toEqual([0, 1105]);
    expect(await merchantRows(email)).toHaveLength(1);
  });

  it('refuses bad input with section 5 messages and creates nothing', async () => {
    const email = newEmail();
    await postForm(app, '/reg/mail/code', { email });
    const code = await codeMailedTo(app, email);
    const weak = await postForm(
      app,
      '/register/email',
      { email, code, password: 'password' },
      { lang: 'en_US' },
    );
    expect(weak.statusCode).toBe(400);
    expect(weak.json().data.errors).toEqual([
      {
        field: 'password',
        message:
          'Password does not meet requirements (8-32 characters with an uppercase letter, a lowercase letter and a digit)',
      },
    ]);
    const badCode = await postForm(app, '/register/email', {
      email,
      code: '12ab56',
      password: 'Tollgate2026',
    });
    expect(badCode.json()).toMatchObject({ code: 1001, message: '请输入6位数字验证码' });
    const badEmail = await postForm(app, '/reg/mail/code', { email: 'not-an-email' }, { lang: 'en_US' });
    expect(badEmail.json()).toMatchObject({ code: 1001, message: 'Invalid email format' });
    expect(await merchantRows(email)).toHaveLength(0);
    // None of that used up the code.
    expect(
      (await postForm(app, '/register/email', { email, code, password: 'Tollgate2026' })).json().code,
    ).toBe(0);
  });
});
