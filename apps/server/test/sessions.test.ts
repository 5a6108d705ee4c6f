/** x-auth-token: 401 for unknown tokens, 4000 for expired (injected clock) or revoked (logout). */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { merchants, sessions } from '../src/db/schema';
import { hashToken } from '../src/lib/tokens';
import { buildTestApp, createTestClock } from './helpers/build-test-app';
import { createMerchant, logInAs } from './helpers/factories';

const clock = createTestClock();
let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp({ now: clock.now });
});
afterAll(() => app.close());

const DAY = 24 * 60 * 60 * 1000;

describe('sessions', () => {
  it('401 without a token or with one we never issued', async () => {
    const missing = await app.inject({ url: '/front/merchant/info', headers: { lang: 'en_US' } });
    expect(missing.statusCode).toBe(401);
    expect(missing.json()).toEqual({ code: 401, data: null, message: 'Please log in first' });
    const forged = await app.inject({
      url: '/front/merchant/info',
      headers: { 'x-auth-token': 'x'.repeat(43) },
    });
    expect(forged.statusCode).toBe(401);
    expect(forged.json().code).toBe(401);
    const huge = await app.inject({
      url: '/front/merchant/info',
      headers: { 'x-auth-token': 'x'.repeat(5000) },
    });
    expect(huge.json().code).toBe(401);
  });

  it('4000 once the token is 30 days old', async () => {
    const merchant = await createMerchant(app);
    const token = await logInAs(app, merchant);
    clock.advance(30 * DAY - 1000);
    const stillValid = await app.inject({ url: '/front/merchant/info', headers: { 'x-auth-token': token } });
    expect(stillValid.json().code).toBe(0);
    clock.advance(1000);
    const expired = await app.inject({
      url: '/front/merchant/info',
      headers: { 'x-auth-token': token, lang: 'en_US' },
    });
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toEqual({
      code: 4000,
      data: null,
      message: 'Your session has expired, please log in again',
    });
  });

  it('4000 once the account is disabled, on every authenticated call', async () => {
    const merchant = await createMerchant(app);
    const token = await logInAs(app, merchant);
    await app.db.update(merchants).set({ status: 'disabled' }).where(eq(merchants.id, merchant.id));
    for (const request of [
      { url: '/front/merchant/info' },
      { url: '/front/merchant/account/info' },
      { method: 'POST' as const, url: '/front/admin/login-out' },
    ]) {
      const response = await app.inject({ ...request, headers: { 'x-auth-token': token, lang: 'en_US' } });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        code: 4000,
        data: null,
        message: 'Your session has expired, please log in again',
      });
    }
  });

  it('logout revokes the calling token only; it then gets 4000', async () => {
    const merchant = await createMerchant(app);
    const token = await logInAs(app, merchant);
    const other = await logInAs(app, merchant);
    // The web client posts multipart; an empty logout may also carry no body at all.
    const response = await app.inject({
      method: 'POST',
      url: '/front/admin/login-out',
      headers: { 'x-auth-token': token },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ code: 0, data: null, message: '操作成功' });
    const after = await app.inject({ url: '/front/merchant/info', headers: { 'x-auth-token': token } });
    expect(after.statusCode).toBe(401);
    expect(after.json().code).toBe(4000);
    const again = await app.inject({
      method: 'POST',
      url: '/front/admin/login-out',
      headers: { 'x-auth-token': token },
    });
    expect(again.json().code).toBe(4000);
    const otherSession = await app.inject({
      url: '/front/merchant/info',
      headers: { 'x-auth-token': other },
    });
    expect(otherSession.json().code).toBe(0);
    const [row] = await app.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(token)));
    expect(row?.revokedAt?.toISOString()).toBe(clock.now().toISOString());
  });

  it('logout accepts a multipart body with fields', async () => {
    const token = await logInAs(app, await createMerchant(app));
    const boundary = 'tollgateBoundary';
    const response = await app.inject({
      method: 'POST',
      url: '/front/admin/login-out?v=1737000000000',
      headers: { 'x-auth-token': token, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="langCode"\r\n\r\nen_US\r\n--${boundary}--\r\n`,
    });
    expect(response.json()).toEqual({ code: 0, data: null, message: 'Success' });
  });

  it('logout needs a session (401)', async () => {
    const response = await app.inject({ method: 'POST', url: '/front/admin/login-out' });
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe(401);
  });
});
