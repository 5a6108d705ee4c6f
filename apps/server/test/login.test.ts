/** POST /front/login: tokens, sessions stored hashed, credential errors, rate limit. */
import { loginResult } from '@tollgate/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../src/db/schema';
import { hashToken } from '../src/lib/tokens';
import { buildTestApp, createTestClock } from './helpers/build-test-app';
import { createMerchant, form } from './helpers/factories';

const clock = createTestClock();
let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp({ now: clock.now });
});
afterAll(() => app.close());

const DAY = 24 * 60 * 60 * 1000;

function logIn(fields: Record<string, string>, headers: Record<string, string> = {}) {
  const request = form(fields);
  return app.inject({
    method: 'POST',
    url: '/front/login',
    payload: request.payload,
    headers: { ...request.headers, ...headers },
  });
}

describe('POST /front/login', () => {
  it('returns a token, its expiry in 30 days and the merchant', async () => {
    const merchant = await createMerchant(app, {
      phone: '901234567',
      countryCode: '84',
      lang: 'vi_VN',
    });
    const response = await logIn({ email: merchant.email.toUpperCase(), password: merchant.password });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.code).toBe(0);
    expect(body.message).toBe('操作成功');
    const data = loginResult.parse(body.data);
    expect(data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(data.expiresAt).toBe(new Date(clock.now().getTime() + 30 * DAY).toISOString());
    expect(data.userInfo).toEqual({
      merchantId: String(merchant.id),
      email: merchant.email,
      phone: '901234567',
      countryCode: '84',
      googleState: false,
      lang: 'vi_VN',
      createdAt: clock.now().toISOString(),
      withdrawalLockedUntil: null,
    });
    expect(Number(data.userInfo.merchantId)).toBeGreaterThanOrEqual(100001);
  });

  it('stores only the sha256 of the token, with the ip and user agent', async () => {
    const merchant = await createMerchant(app);
    const response = await logIn(
      { email: merchant.email, password: merchant.password },
      { 'user-agent': 'Vitest Browser/1.0' },
    );
    const { token } = response.json().data;
    const rows = await app.db.select().from(sessions).where(eq(sessions.merchantId, merchant.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.tokenHash).toBe(hashToken(token));
    expect(rows[0]?.tokenHash).not.toContain(token);
    expect(rows[0]).toMatchObject({ ip: '127.0.0.1', userAgent: 'Vitest Browser/1.0', revokedAt: null });
    const all = await app.db.select({ tokenHash: sessions.tokenHash }).from(sessions);
    expect(all.some((row) => row.tokenHash === token)).toBe(false);
  });

  it('answers a wrong password and an unknown email alike (1101)', async () => {
    const merchant = await createMerchant(app);
    const wrong = await logIn({ email: merchant.email, password: 'Wrong2026pass' }, { lang: 'en_US' });
    const unknown = await logIn(
      { email: 'nobody@example.com', password: 'Wrong2026pass' },
      { lang: 'en_US' },
    );
    for (const response of [wrong, unknown]) {
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ code: 1101, data: null, message: 'Incorrect account or password' });
    }
  });

  it('refuses a disabled account after checking its password (1102)', async () => {
    const merchant = await createMerchant(app, { status: 'disabled' });
    const response = await logIn({ email: merchant.email, password: merchant.password }, { lang: 'en_US' });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ code: 1102, data: null, message: 'This account has been disabled' });
    const wrong = await logIn({ email: merchant.email, password: 'Nope2026nope' });
    expect(wrong.json().code).toBe(1101);
  });

  it('asks a Google-bound account for its code instead of issuing a token (601)', async () => {
    const merchant = await createMerchant(app, { googleState: true, googleSecret: 'JBSWY3DPEHPK3PXP' });
    const response = await logIn({ email: merchant.email, password: merchant.password }, { lang: 'en_US' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      code: 601,
      data: null,
      message: 'Please enter your Google Authenticator code',
    });
    const rows = await app.db.select().from(sessions).where(eq(sessions.merchantId, merchant.id));
    expect(rows).toHaveLength(0);
  });

  it('validates the fields with localized messages (1001)', async () => {
    const response = await logIn({ email: 'not-an-email', password: '' }, { lang: 'en_US' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      code: 1001,
      data: {
        errors: [
          { field: 'email', message: 'Invalid email format' },
          { field: 'password', message: 'Please enter password' },
        ],
      },
      message: 'Invalid email format',
    });
  });
});

describe('login rate limit', () => {
  it('answers 429 with a localized envelope past the limit', async () => {
    const limited = await buildTestApp({ env: { LOGIN_RATE_LIMIT: '2' } });
    try {
      const attempt = () =>
        limited.inject({ method: 'POST', url: '/front/login', ...form({ email: 'a@b.co', password: 'x' }) });
      expect((await attempt()).json().code).toBe(1101);
      expect((await attempt()).json().code).toBe(1101);
      const third = await limited.inject({
        method: 'POST',
        url: '/front/login',
        payload: form({ email: 'a@b.co', password: 'x' }).payload,
        headers: { ...form({}).headers, lang: 'en_US' },
      });
      expect(third.statusCode).toBe(429);
      expect(third.json()).toEqual({
        code: 429,
        data: null,
        message: 'Too many requests, please try again later',
      });
      expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
      // Other calls are not limited.
      expect((await limited.inject({ url: '/front/config/chainList' })).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
