/** Google Authenticator: the pending secret, bind, unbind, notices, replay and races. */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { merchants } from '../src/db/schema';
import { bindGoogleThroughApi } from './helpers/accounts';
import { buildTestApp, createTestClock } from './helpers/build-test-app';
import { getAs, googleCodeNow, lastMailTo, postForm, postJson } from './helpers/calls';
import { createMerchant, logInAs } from './helpers/factories';
import { isPostgresRun } from './helpers/test-database';

const clock = createTestClock();
let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp({ now: clock.now, env: { LOGIN_RATE_LIMIT: '1000' } });
});
afterAll(() => app.close());

async function loggedIn(overrides: Parameters<typeof createMerchant>[1] = {}) {
  const merchant = await createMerchant(app, overrides);
  return { merchant, token: await logInAs(app, merchant) };
}
const REUSED = 'This Google Authenticator code was already used. Please wait for the next one';
const check = async (token: string) => (await getAs(app, '/google/check', { token })).json().data;
const rowOf = async (id: number) => (await app.db.select().from(merchants).where(eq(merchants.id, id)))[0];

describe('GET /google/check', () => {
  it('offers one pending secret until it is bound', async () => {
    const { merchant, token } = await loggedIn();
    const first = await check(token);
    expect(first).toEqual({
      isBindGoogle: false,
      secret: expect.stringMatching(/^[A-Z2-7]{32}$/),
      otpauthUrl: `otpauth://totp/Tollgate:${merchant.email}?secret=${first.secret}&issuer=Tollgate&algorithm=SHA1&digits=6&period=30`,
    });
    expect((await check(token)).secret).toBe(first.secret);
    const row = await rowOf(merchant.id);
    expect(row?.googleState).toBe(false);
    // The offered secret is stored sealed, bound to its place, never in plain text.
    expect(row?.googlePendingSecret).toMatch(/^v1:/);
    expect(row?.googlePendingSecret).not.toContain(first.secret);
    const place = `merchant:${merchant.id}:google_pending_secret`;
    expect(app.secrets.open(row?.googlePendingSecret ?? '', place)).toBe(first.secret);
  });
});

describe('bind (POST /google/send)', () => {
  it('needs the password (1113) and a current code of the pending secret (1203)', async () => {
    const { merchant, token } = await loggedIn();
    const { secret } = await check(token);
    const badPassword = await postJson(
      app,
      '/google/send',
      { password: 'Wrong2026pass', code: googleCodeNow(app, secret) },
      { token, lang: 'en_US' },
    );
    expect(badPassword.json()).toEqual({ code: 1113, data: null, message: 'Incorrect password' });
    const badCode = await postJson(
      app,
      '/google/send',
      { password: merchant.password, code: googleCodeNow(app, secret, 2) },
      { token },
    );
    expect(badCode.json().code).toBe(1203);
    const missing = await postJson(
      app,
      '/google/send',
      { password: merchant.password },
      { token, lang: 'en_US' },
    );
    expect(missing.json()).toMatchObject({ code: 1001, message: 'Please enter the 6-digit code' });
    expect((await rowOf(merchant.id))?.googleState).toBe(false);
  });

  it('binds, mails a notice in the merchant language, and hides the secret from then on', async () => {
    const { merchant, token } = await loggedIn({ lang: 'en_US' });
    const secret = await bindGoogleThroughApi(app, token, merchant.password);
    expect(await check(token)).toEqual({ isBindGoogle: true, secret: null, otpauthUrl: null });
    const row = await rowOf(merchant.id);
    expect(row).toMatchObject({ googleState: true, googlePendingSecret: null });
    // Stored sealed, for this merchant's bound secret only.
    expect(row?.googleSecret).toMatch(/^v1:/);
    expect(row?.googleSecret).not.toContain(secret);
    expect(app.secrets.open(row?.googleSecret ?? '', `merchant:${merchant.id}:google_secret`)).toBe(secret);
    expect(() =>
      app.secrets.open(row?.googleSecret ?? '', `merchant:${merchant.id + 1}:google_secret`),
    ).toThrow();
    const mail = await lastMailTo(app, merchant.email);
    expect(mail.subject).toBe('Google Authenticator is now bound to your Tollgate account');
    expect(mail.text).toContain(merchant.email);
    const again = await postJson(
      app,
      '/google/send',
      { password: merchant.password, code: googleCodeNow(app, secret, 1) },
      { token },
    );
    expect(again.json().code).toBe(1202);
  });

  it('refuses the code that bound it at the next login (replay)', async () => {
    const { merchant, token } = await loggedIn();
    const { secret } = await check(token);
    const code = googleCodeNow(app, secret);
    expect(
      (await postJson(app, '/google/send', { password: merchant.password, code }, { token })).json().code,
    ).toBe(0);
    const replay = await postForm(app, '/login', {
      email: merchant.email,
      password: merchant.password,
      googleCode: code,
    });
    expect(replay.json().code).toBe(1203);
  });
});

describe('unbind (POST /google/remove)', () => {
  it('needs Google bound (1201), the password (1113) and an unused current code (1203)', async () => {
    const { merchant, token } = await loggedIn({ lang: 'zh_CN' });
    const notBound = await postJson(
      app,
      '/google/remove',
      { password: merchant.password, code: '123456' },
      { token, lang: 'en_US' },
    );
    expect(notBound.statusCode).toBe(403);
    expect(notBound.json()).toEqual({
      code: 1201,
      data: null,
      message: 'Please bind Google Authenticator first',
    });

    const secret = await bindGoogleThroughApi(app, token, merchant.password);
    const used = googleCodeNow(app, secret);
    expect(
      (
        await postJson(
          app,
          '/google/remove',
          { password: 'Wrong2026pass', code: googleCodeNow(app, secret, 1) },
          { token },
        )
      ).json().code,
    ).toBe(1113);
    // The code that bound it was used in this window: 1203, with the "wait for the next one" message.
    const reused = await postJson(
      app,
      '/google/remove',
      { password: merchant.password, code: used },
      { token, lang: 'en_US' },
    );
    expect(reused.json()).toEqual({ code: 1203, data: null, message: REUSED });
    const wrong = await postJson(
      app,
      '/google/remove',
      { password: merchant.password, code: googleCodeNow(app, secret, 3) },
      { token, lang: 'en_US' },
    );
    expect(wrong.json()).toEqual({ code: 1203, data: null, message: 'Incorrect Google Authenticator code' });

    clock.advance(30_000);
    const removed = await postJson(
      app,
      '/google/remove',
      { password: merchant.password, code: googleCodeNow(app, secret) },
      { token },
    );
    expect(removed.json().code).toBe(0);
    expect(await rowOf(merchant.id)).toMatchObject({
      googleState: false,
      googleSecret: null,
      googleLastStep: null,
    });
    expect((await lastMailTo(app, merchant.email)).subject).toBe('您的 Tollgate 账号已解绑谷歌验证器');
    // Logging in no longer asks, and the next binding starts from a fresh secret.
    expect(
      (await postForm(app, '/login', { email: merchant.email, password: merchant.password })).json().code,
    ).toBe(0);
    const next = await check(token);
    expect(next.isBindGoogle).toBe(false);
    expect(next.secret).not.toBe(secret);
  });
});

describe.runIf(isPostgresRun())('one code, two requests at once (PostgreSQL)', () => {
  it('exactly one of two parallel logins with the same Google code wins', async () => {
    const { merchant, token } = await loggedIn();
    const secret = await bindGoogleThroughApi(app, token, merchant.password);
    clock.advance(30_000);
    const googleCode = googleCodeNow(app, secret);
    const fields = { email: merchant.email, password: merchant.password, googleCode };
    const both = await Promise.all([
      postForm(app, '/login', fields, { lang: 'en_US' }),
      postForm(app, '/login', fields, { lang: 'en_US' }),
    ]);
    expect(both.map((r) => r.json().code).sort()).toEqual([0, 1203]);
    // The loser typed the right code: it is told the code was used, not that it was wrong.
    expect(both.find((r) => r.json().code === 1203)?.json().message).toBe(REUSED);
  });

  it('exactly one of two parallel binds with the same code wins', async () => {
    const { merchant, token } = await loggedIn();
    const { secret } = await check(token);
    const body = { password: merchant.password, code: googleCodeNow(app, secret) };
    const both = await Promise.all([
      postJson(app, '/google/send', body, { token, lang: 'en_US' }),
      postJson(app, '/google/send', body, { token, lang: 'en_US' }),
    ]);
    const answers = both.map((r) => r.json()).sort((a, b) => a.code - b.code);
    expect(answers[0]?.code).toBe(0);
    // The loser read the row before (1203: its code is spent) or after (1202) the winner bound it.
    const loser = answers[1];
    if (loser?.code === 1203) expect(loser.message).toBe(REUSED);
    else expect(loser?.code).toBe(1202);
  });
});
