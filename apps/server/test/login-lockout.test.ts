/** Failed logins: 10 in a row lock an account for one IP for 15 minutes; 100 an hour lock it everywhere. */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createTestClock } from './helpers/build-test-app';
import { codeMailedTo, postForm } from './helpers/calls';
import { createMerchant } from './helpers/factories';

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

describe('100 failures an hour from any IPs', () => {
  it('refuse the account everywhere (1104) until the hour has passed', async () => {
    const merchant = await createMerchant(app);
    // 9 from each of 12 addresses: no single IP reaches its lock.
    for (let i = 0; i < 100; i++) {
      expect(
        (
          await login(
            { email: merchant.email, password: 'Wrong2026pass' },
            `192.0.2.${Math.floor(i / 9) + 1}`,
          )
        ).json().code,
      ).toBe(1101);
    }
    const refused = await login({ email: merchant.email, password: merchant.password }, '192.0.2.200');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      code: 1104,
      data: null,
      message: 'Too many failed logins for this account. Please try again in an hour',
    });
    clock.advance(60 * MINUTE);
    expect(
      (await login({ email: merchant.email, password: merchant.password }, '192.0.2.200')).json().code,
    ).toBe(0);
  }, 120_000);
});
