/**
 * Failed logins: 10 in a row lock an account for one IP for 15 minutes; 100 failed passwords an
 * hour pause password login for the account (login by emailed code still works) and mail the owner.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, loginFailures } from '../src/db/schema';
import { formatMailTime } from '../src/modules/mail/mail-templates';
import { bindGoogleThroughApi } from './helpers/accounts';
import { buildTestApp, createTestClock } from './helpers/build-test-app';
import { codeMailedTo, googleCodeNow, postForm, readOutbox } from './helpers/calls';
import { createMerchant, logInAs } from './helpers/factories';
import { isPostgresRun } from './helpers/test-database';

const clock = createTestClock();
let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp({ now: clock.now, env: { LOGIN_RATE_LIMIT: '100000' } });
});
afterAll(() => app.close());

const MINUTE = 60_000;
const login = (fields: Record<string, string>, ip = '198.51.100.1') =>
  postForm(app, '/login', fields, { ip, lang: 'en_US' });
const LOCKED = {
  code: 1103,
  data: null,
  message:
    'Too many failed logins: this account is locked for 15 minutes on this network. Please try again later',
};

const PAUSED = {
  code: 1104,
  data: null,
  message:
    'Password login for this account is paused after too many failed attempts. Please log in with an email code, or try again later',
};
const PAUSED_SUBJECT = {
  en_US: 'Password login to your Tollgate account is paused',
  vi_VN: 'Đăng nhập bằng mật khẩu vào tài khoản Tollgate của bạn đang bị tạm dừng',
  zh_TW: '您的 Tollgate 帳號已暫停密碼登入',
};

/** Failed password guesses already made in this hour (from elsewhere): the accounting rows. */
async function spendPasswordBudget(merchantId: number, n: number) {
  await app.db.insert(loginFailures).values(
    Array.from({ length: n }, () => ({
      identifier: `merchant:${merchantId}`,
      ip: '192.0.2.250',
      createdAt: clock.now(),
    })),
  );
}

/** Pause mails queued for `email`, sent or not. */
async function pauseMailsTo(email: string) {
  const rows = await app.db
    .select()
    .from(jobs)
    .where(
      sql`${jobs.payload}->>'to' = ${email} and ${jobs.payload}->'content'->>'template' = 'passwordLoginPaused'`,
    );
  return rows.length;
}

async function logInByCode(email: string, ip: string) {
  await postForm(app, '/login/sendEmailCode', { email }, { ip });
  return login({ email, emailCode: await codeMailedTo(app, email) }, ip);
}

async function failTimes(n: number, fields: Record<string, string>, ip?: string) {
  for (let i = 0; i < n; i++) expect((await login(fields, ip)).json().code).toBe(1101);
}

describe('10 failures in a row from one IP', () => {
  it('lock the account there for 15 minutes, even against the right password', async () => {
    const merchant = await createMerchant(app);
    await failTimes(10, { email: merchant.email, password: 'Wrong2026pass' });
    const right = await login({ email: merchant.email, password: merchant.password });
    expect(right.statusCode).toBe(423);
    expect(right.json()).toEqual(LOCKED);
    // From another network the owner still gets in.
    expect(
      (await login({ email: merchant.email, password: merchant.password }, '198.51.100.2')).json().code,
    ).toBe(0);
    clock.advance(15 * MINUTE - 1000);
    expect((await login({ email: merchant.email, password: merchant.password })).json().code).toBe(1103);
    clock.advance(1000);
    expect((await login({ email: merchant.email, password: merchant.password })).json().code).toBe(0);
  });

  it('hold under a burst of parallel guesses: exactly 10 are checked, the rest refused', async () => {
    const merchant = await createMerchant(app);
    const burst = await Promise.all(
      Array.from({ length: 20 }, () =>
        login({ email: merchant.email, password: 'Wrong2026pass' }, '198.51.100.30'),
      ),
    );
    // Each attempt takes its place in the row with one atomic upsert before its password is
    // checked, so whatever the interleaving, places 1-10 are checked (1101) and 11-20 refused.
    const codes = burst.map((response) => response.json().code);
    expect(codes.filter((code) => code === 1101)).toHaveLength(10);
    expect(codes.filter((code) => code === 1103)).toHaveLength(10);
    expect(
      (await login({ email: merchant.email, password: merchant.password }, '198.51.100.30')).json(),
    ).toEqual(LOCKED);
  });

  it('count the account, not the spelling: phone and email failures add up', async () => {
    const merchant = await createMerchant(app, { countryCode: '86', phone: '13800138001' });
    await failTimes(5, { email: merchant.email, password: 'Wrong2026pass' });
    await failTimes(5, { phone: '138 0013 8001', countryCode: '86', password: 'Wrong2026pass' });
    expect((await login({ email: merchant.email, password: merchant.password })).json()).toEqual(LOCKED);
  });

  it('start over after a success', async () => {
    const merchant = await createMerchant(app);
    await failTimes(9, { email: merchant.email, password: 'Wrong2026pass' });
    expect((await login({ email: merchant.email, password: merchant.password })).json().code).toBe(0);
    await failTimes(9, { email: merchant.email, password: 'Wrong2026pass' });
    expect((await login({ email: merchant.email, password: merchant.password })).json().code).toBe(0);
  });

  it('lock an unknown account the same way, so lockouts reveal nothing', async () => {
    await failTimes(10, { email: 'nobody-here@example.com', password: 'Wrong2026pass' });
    expect((await login({ email: 'nobody-here@example.com', password: 'Wrong2026pass' })).json()).toEqual(
      LOCKED,
    );
  });

  it('count wrong emailed codes too', async () => {
    const merchant = await createMerchant(app);
    for (let i = 0; i < 10; i++) {
      clock.advance(61_000);
      await postForm(app, '/login/sendEmailCode', { email: merchant.email }, { ip: '198.51.100.9' });
      const code = await codeMailedTo(app, merchant.email);
      const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
      expect((await login({ email: merchant.email, emailCode: wrong }, '198.51.100.9')).json().code).toBe(
        1107,
      );
    }
    expect(
      (await login({ email: merchant.email, password: merchant.password }, '198.51.100.9')).json(),
    ).toEqual(LOCKED);
  });

  it('are lifted by a password reset', async () => {
    const merchant = await createMerchant(app);
    await failTimes(10, { email: merchant.email, password: 'Wrong2026pass' });
    clock.advance(61_000);
    await postForm(app, '/v1/reset/emailCode', { email: merchant.email });
    const code = await codeMailedTo(app, merchant.email);
    const reset = await postForm(app, '/reset/login/password', {
      email: merchant.email,
      code,
      password: 'Brand2026new',
    });
    expect(reset.json().code).toBe(0);
    expect((await login({ email: merchant.email, password: 'Brand2026new' })).json().code).toBe(0);
  });
});

describe('100 failed passwords an hour from any IPs', () => {
  it('pause password login everywhere (1104) for the hour, and mail the owner once', async () => {
    const merchant = await createMerchant(app, { lang: 'vi_VN' });
    const trippedAt = clock.now();
    // The attack of the review: 10 wrong passwords from each of 11 addresses. The 100th
    // failure spends the hour's budget; the 10 after it are not even checked.
    const answers: number[] = [];
    for (let i = 0; i < 110; i++) {
      const ip = `192.0.2.${Math.floor(i / 10) + 1}`;
      answers.push((await login({ email: merchant.email, password: 'Wrong2026pass' }, ip)).json().code);
    }
    expect(answers.slice(0, 100).every((code) => code === 1101)).toBe(true);
    expect(answers.slice(100)).toEqual(Array(10).fill(1104));

    const refused = await login({ email: merchant.email, password: merchant.password }, '192.0.2.200');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual(PAUSED);

    // The owner still gets in with a code mailed to the account, from a network of their own.
    expect((await logInByCode(merchant.email, '192.0.2.201')).json().code).toBe(0);
    // The per-IP lock stays as it is: an address that failed 10 in a row is locked out for
    // 15 minutes, with a code too.
    clock.advance(61_000);
    expect((await logInByCode(merchant.email, '192.0.2.1')).json().code).toBe(1103);

    const pauses = (await readOutbox(app)).filter(
      (mail) => mail.toAddress === merchant.email && mail.subject === PAUSED_SUBJECT.vi_VN,
    );
    expect(pauses).toHaveLength(1);
    const resumesAt = new Date(trippedAt.getTime() + 60 * MINUTE).toISOString();
    expect(pauses[0]?.text).toContain(formatMailTime(resumesAt, 'vi_VN'));
    expect(pauses[0]?.text).toContain('100 lần nhập sai mật khẩu');

    clock.advance(60 * MINUTE - 61_000 - 1000);
    expect(
      (await login({ email: merchant.email, password: merchant.password }, '192.0.2.200')).json(),
    ).toEqual(PAUSED);
    clock.advance(1000);
    expect(
      (await login({ email: merchant.email, password: merchant.password }, '192.0.2.200')).json().code,
    ).toBe(0);
    // One pause, one mail, however many refusals it answered.
    expect(await pauseMailsTo(merchant.email)).toBe(1);
  }, 180_000);

  it('mail again for a new pause after the last one ended, not before', async () => {
    const merchant = await createMerchant(app, { lang: 'en_US' });
    await spendPasswordBudget(merchant.id, 99);
    expect(
      (await login({ email: merchant.email, password: 'Wrong2026pass' }, '192.0.2.210')).json().code,
    ).toBe(1101);
    expect(await pauseMailsTo(merchant.email)).toBe(1);
    const [mail] = (await readOutbox(app)).filter((m) => m.toAddress === merchant.email);
    expect(mail?.subject).toBe(PAUSED_SUBJECT.en_US);
    expect(mail?.text).toContain('There were 100 failed password attempts');

    clock.advance(60 * MINUTE);
    await spendPasswordBudget(merchant.id, 99);
    expect(
      (await login({ email: merchant.email, password: 'Wrong2026pass' }, '192.0.2.211')).json().code,
    ).toBe(1101);
    expect(await pauseMailsTo(merchant.email)).toBe(2);
  });

  it('leave code login to a Google-bound owner, Google step included', async () => {
    const merchant = await createMerchant(app);
    const secret = await bindGoogleThroughApi(app, await logInAs(app, merchant), merchant.password);
    await spendPasswordBudget(merchant.id, 99);
    expect(
      (await login({ email: merchant.email, password: 'Wrong2026pass' }, '192.0.2.220')).json().code,
    ).toBe(1101);
    expect(
      (await login({ email: merchant.email, password: merchant.password }, '192.0.2.221')).json(),
    ).toEqual(PAUSED);

    clock.advance(61_000);
    await postForm(app, '/login/sendEmailCode', { email: merchant.email }, { ip: '192.0.2.221' });
    const emailCode = await codeMailedTo(app, merchant.email);
    const byCode = (fields: Record<string, string> = {}) =>
      login({ email: merchant.email, emailCode, ...fields }, '192.0.2.221');
    expect((await byCode()).json().code).toBe(601);
    expect((await byCode({ googleCode: googleCodeNow(app, secret, 3) })).json().code).toBe(1203);
    expect((await byCode({ googleCode: googleCodeNow(app, secret) })).json().code).toBe(0);
    // Logging in by code lifts nothing: password guessing stays paused.
    expect(
      (await login({ email: merchant.email, password: merchant.password }, '192.0.2.221')).json(),
    ).toEqual(PAUSED);
  });

  it('do not count wrong emailed codes, which have their own five tries', async () => {
    const merchant = await createMerchant(app);
    await spendPasswordBudget(merchant.id, 99);
    clock.advance(61_000);
    await postForm(app, '/login/sendEmailCode', { email: merchant.email }, { ip: '192.0.2.230' });
    const code = await codeMailedTo(app, merchant.email);
    for (let i = 0; i < 5; i++) {
      const wrong = String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0');
      expect((await login({ email: merchant.email, emailCode: wrong }, '192.0.2.230')).json().code).toBe(
        i < 4 ? 1107 : 1109,
      );
    }
    // 99 wrong passwords and 5 wrong codes: the budget still has a place for the owner.
    expect(
      (await login({ email: merchant.email, password: merchant.password }, '192.0.2.231')).json().code,
    ).toBe(0);
    expect(await pauseMailsTo(merchant.email)).toBe(0);
  });

  it('make a login by code pay for wrong Google codes with the code’s own tries', async () => {
    const merchant = await createMerchant(app);
    const secret = await bindGoogleThroughApi(app, await logInAs(app, merchant), merchant.password);
    clock.advance(61_000);
    await postForm(app, '/login/sendEmailCode', { email: merchant.email }, { ip: '192.0.2.240' });
    const emailCode = await codeMailedTo(app, merchant.email);
    const byCode = (googleCode: string) =>
      login({ email: merchant.email, emailCode, googleCode }, '192.0.2.240');
    for (let i = 0; i < 5; i++) expect((await byCode(googleCodeNow(app, secret, 3))).json().code).toBe(1203);
    // Five wrong Google codes used the emailed code's five tries: it is dead, right Google code or not.
    expect((await byCode(googleCodeNow(app, secret))).json().code).toBe(1109);
  });
});

describe.runIf(isPostgresRun())('failures racing past the hourly budget (PostgreSQL)', () => {
  it('start one pause and send one mail', async () => {
    const merchant = await createMerchant(app, { lang: 'zh_TW' });
    await spendPasswordBudget(merchant.id, 90);
    const guess = (i: number) =>
      login({ email: merchant.email, password: 'Wrong2026pass' }, `203.0.113.${i + 1}`);
    // The last 10 places of the budget, taken at once: all 10 are checked and fail, and each
    // failure that finds the budget spent tries to start the pause.
    const burst = await Promise.all(Array.from({ length: 10 }, (_, i) => guess(i)));
    expect(burst.map((response) => response.json().code)).toEqual(Array(10).fill(1101));
    const refused = await Promise.all(Array.from({ length: 10 }, (_, i) => guess(i + 20)));
    expect(refused.map((response) => response.json().code)).toEqual(Array(10).fill(1104));
    expect(await pauseMailsTo(merchant.email)).toBe(1);
    const [mail] = (await readOutbox(app)).filter((m) => m.toAddress === merchant.email);
    expect(mail?.subject).toBe(PAUSED_SUBJECT.zh_TW);
    expect(mail?.text).toContain('100 次密碼登入失敗');
  });
});
