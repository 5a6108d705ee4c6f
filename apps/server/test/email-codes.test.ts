/** Emailed codes: expiry, single use, purpose, five wrong tries, resend spacing, hourly caps. */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailCodes, jobs } from '../src/db/schema';
import { buildTestApp, createTestClock } from './helpers/build-test-app';
import { codeMailedTo, lastMailTo, postForm, readOutbox } from './helpers/calls';
import { createMerchant } from './helpers/factories';

const clock = createTestClock();
let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp({ now: clock.now, env: { LOGIN_RATE_LIMIT: '1000' } });
});
afterAll(() => app.close());

const MINUTE = 60_000;
let counter = 0;
const newEmail = () => `codes-${++counter}@example.com`;
const wrongCodeFor = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

async function registrationCode(email: string, ip?: string) {
  const sent = await postForm(app, '/reg/mail/code', { email }, { ip });
  expect(sent.json().code).toBe(0);
  return codeMailedTo(app, email);
}
const verify = (email: string, code: string) =>
  postForm(app, '/register/email/codeVerify', { email, code }, { lang: 'en_US' });

describe('email codes', () => {
  it('are 6 digits, stored only as a salted hash, and scrubbed from the mail job once sent', async () => {
    const email = newEmail();
    const code = await registrationCode(email);
    expect(code).toMatch(/^\d{6}$/);
    const [row] = await app.db.select().from(emailCodes).where(eq(emailCodes.email, email));
    expect(row?.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(`"${code}"`);
    const stored = await app.db.select({ payload: jobs.payload }).from(jobs);
    expect(JSON.stringify(stored)).not.toContain(code);
  });

  it('expire after 10 minutes (1108)', async () => {
    const email = newEmail();
    const code = await registrationCode(email);
    clock.advance(10 * MINUTE - 1000);
    expect((await verify(email, code)).json().code).toBe(0);
    clock.advance(1000);
    const expired = await verify(email, code);
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toEqual({
      code: 1108,
      data: null,
      message: 'The verification code has expired, please request a new one',
    });
  });

  it('are bound to their purpose and to their email (1107)', async () => {
    const email = newEmail();
    const code = await registrationCode(email);
    const merchant = await createMerchant(app);
    // A registration code does not reset a password, nor register another address.
    const reset = await postForm(app, '/reset/login/verify', { email, code }, { lang: 'en_US' });
    expect(reset.json()).toEqual({ code: 1107, data: null, message: 'Incorrect verification code' });
    expect((await verify(merchant.email.replace('merchant', 'other'), code)).json().code).toBe(1107);
    expect((await verify(email, code)).json().code).toBe(0);
  });

  it('die on the 5th wrong try (1109), and then even the right code fails', async () => {
    const email = newEmail();
    const code = await registrationCode(email);
    for (let i = 0; i < 4; i++) expect((await verify(email, wrongCodeFor(code))).json().code).toBe(1107);
    // Right tries in between do not count.
    expect((await verify(email, code)).json().code).toBe(0);
    const fifth = await verify(email, wrongCodeFor(code));
    expect(fifth.json()).toEqual({
      code: 1109,
      data: null,
      message: 'Too many wrong codes, please request a new one',
    });
    expect((await verify(email, code)).json().code).toBe(1109);
    // A new code starts over.
    clock.advance(MINUTE);
    expect((await verify(email, await registrationCode(email))).json().code).toBe(0);
  });

  it('share their five tries among parallel guesses', async () => {
    const email = newEmail();
    const code = await registrationCode(email);
    const guesses = await Promise.all(
      Array.from({ length: 8 }, (_, i) => verify(email, wrongCodeFor(String(Number(code) + i)))),
    );
    // Tries are taken atomically before comparing: tries 1-4 are wrong (1107), the 5th kills the
    // code and every later guess finds it dead (1109), whatever the interleaving.
    const answers = guesses.map((g) => g.json().code);
    expect(answers.filter((c) => c === 1107)).toHaveLength(4);
    expect(answers.filter((c) => c === 1109)).toHaveLength(4);
    expect((await verify(email, code)).json().code).toBe(1109);
  });

  it('are replaced by a new one: the old code stops working', async () => {
    const email = newEmail();
    const first = await registrationCode(email);
    clock.advance(MINUTE);
    const second = await registrationCode(email);
    if (first !== second) expect((await verify(email, first)).json().code).toBe(1107);
    expect((await verify(email, second)).json().code).toBe(0);
  });

  it('are sent at most once a minute per email and purpose (1110)', async () => {
    const email = newEmail();
    await registrationCode(email);
    clock.advance(59_000);
    const early = await postForm(app, '/reg/mail/code', { email }, { lang: 'en_US' });
    expect(early.statusCode).toBe(429);
    // It says how long to wait: the second left of the minute, in the body and as Retry-After.
    expect(early.json()).toEqual({
      code: 1110,
      data: { retryAfterSeconds: 1 },
      message: 'Sent too often: please try again in 1 s',
    });
    expect(early.headers['retry-after']).toBe('1');
    const zh = await postForm(app, '/reg/mail/code', { email }, { lang: 'zh_CN' });
    expect(zh.json().message).toBe('发送过于频繁，请 1 秒后再试');
    // Another purpose has its own countdown.
    const merchant = await createMerchant(app);
    expect((await postForm(app, '/login/sendEmailCode', { email: merchant.email })).json().code).toBe(0);
    clock.advance(1000);
    expect((await postForm(app, '/reg/mail/code', { email })).json().code).toBe(0);
  });

  it('are sent at most 10 times an hour per email and purpose', async () => {
    const email = newEmail();
    for (let i = 0; i < 10; i++) {
      await registrationCode(email);
      clock.advance(MINUTE);
    }
    // The first of the ten leaves the hour 50 minutes from now: that is the wait.
    expect((await postForm(app, '/reg/mail/code', { email })).json()).toMatchObject({
      code: 1110,
      data: { retryAfterSeconds: 50 * 60 },
    });
    clock.advance(50 * MINUTE - 1000);
    expect((await postForm(app, '/reg/mail/code', { email })).json().data).toEqual({ retryAfterSeconds: 1 });
    clock.advance(1000);
    expect((await postForm(app, '/reg/mail/code', { email })).json().code).toBe(0);
  });

  it('are sent at most 30 times an hour per IP, whatever the emails', async () => {
    const ip = '203.0.113.7';
    for (let i = 0; i < 30; i++) {
      expect((await postForm(app, '/reg/mail/code', { email: newEmail() }, { ip })).json().code).toBe(0);
    }
    expect((await postForm(app, '/reg/mail/code', { email: newEmail() }, { ip })).json()).toMatchObject({
      code: 1110,
      data: { retryAfterSeconds: 60 * 60 },
    });
    expect(
      (await postForm(app, '/reg/mail/code', { email: newEmail() }, { ip: '203.0.113.8' })).json().code,
    ).toBe(0);
    clock.advance(61 * MINUTE);
    expect((await postForm(app, '/reg/mail/code', { email: newEmail() }, { ip })).json().code).toBe(0);
  });
});

describe('codes for addresses without an account', () => {
  it.each([['/login/sendEmailCode'], ['/v1/reset/emailCode']])(
    '%s answers success, mails nothing, still limits',
    async (url) => {
      const email = newEmail();
      const before = (await readOutbox(app)).length;
      expect((await postForm(app, url, { email })).json()).toEqual({
        code: 0,
        data: null,
        message: '操作成功',
      });
      expect((await readOutbox(app)).length).toBe(before);
      await expect(lastMailTo(app, email)).rejects.toThrow('no mail');
      expect((await postForm(app, url, { email })).json().code).toBe(1110);
      // Checking answers exactly as for an account whose code is wrong.
      const purpose = url === '/login/sendEmailCode' ? 'login' : 'reset';
      const [row] = await app.db.select().from(emailCodes).where(eq(emailCodes.email, email));
      expect(row?.purpose).toBe(purpose);
    },
  );
});
