/**
 * The operator console's accounts and sessions (issue 8 "Operator console"): login with its
 * throttling and Google step, 12 h sessions on x-ops-token, the two kinds of token never
 * accepted by each other's calls, and in live mode the Google binding before anything else.
 */
import { opsLoginResult } from '@tollgate/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operatorAuditLog, operators } from '../src/db/schema';
import { buildTestApp, createTestClock } from './helpers/build-test-app';
import { getAs, googleCodeNow } from './helpers/calls';
import { createMerchant, logInAs } from './helpers/factories';
import { createTestOperator, logInOperator, opsCall } from './helpers/ops';

const TEST_MNEMONIC =
  'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';
const clock = createTestClock(new Date('2026-11-25T09:00:00.000Z'));
let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp({ now: clock.now });
});
afterAll(async () => {
  await app.close();
});

const login = (body: Record<string, unknown>, options: { ip?: string; lang?: string } = {}) =>
  opsCall(app, '/login', body, options).then((r) => ({ status: r.statusCode, body: r.json() }));

async function bindGoogle(token: string, password: string) {
  const check = await opsCall(app, '/google/check', undefined, { token });
  const secret = check.json().data.secret as string;
  expect(check.json().data.otpauthUrl).toContain('otpauth://totp/');
  const bind = await opsCall(app, '/google/bind', { password, code: googleCodeNow(app, secret) }, { token });
  expect(bind.json().code).toBe(0);
  return secret;
}

describe('operator login', () => {
  it('logs in with email and password, answers me, and is audited', async () => {
    const operator = await createTestOperator(app);
    const { status, body } = await login({
      email: operator.email.toUpperCase(),
      password: operator.password,
    });
    expect(status).toBe(200);
    const data = opsLoginResult.strict().parse(body.data);
    expect(data.operator).toEqual({
      id: operator.id,
      email: operator.email,
      googleState: false,
      googleRequired: false,
    });
    // A working day, not the merchants' 30 days.
    expect(new Date(data.expiresAt).getTime() - clock.now().getTime()).toBe(12 * 3600_000);
    const me = await opsCall(app, '/me', undefined, { token: data.token });
    expect(me.json().data).toEqual(data.operator);
    const audit = await app.db
      .select()
      .from(operatorAuditLog)
      .where(eq(operatorAuditLog.operatorId, operator.id));
    expect(audit.map((row) => [row.action, row.target])).toEqual([['login', `operator:${operator.id}`]]);
  });

  it('refuses a wrong password and an unknown email alike (1101), and a disabled operator (1102)', async () => {
    const operator = await createTestOperator(app);
    const wrong = await login({ email: operator.email, password: 'Wrong2026pass' }, { lang: 'en_US' });
    expect(wrong.body).toMatchObject({ code: 1101, message: 'Incorrect account or password' });
    expect((await login({ email: 'nobody@example.com', password: 'Wrong2026pass' })).body.code).toBe(1101);
    await app.db.update(operators).set({ status: 'disabled' }).where(eq(operators.id, operator.id));
    expect((await login({ email: operator.email, password: operator.password })).body.code).toBe(1102);
  });

  it('locks an operator for an IP after 10 failures in a row (1103), not for another IP', async () => {
    const operator = await createTestOperator(app);
    for (let i = 0; i < 10; i++) {
      expect(
        (await login({ email: operator.email, password: 'Wrong2026pass' }, { ip: '10.0.0.7' })).body.code,
      ).toBe(1101);
    }
    const locked = await login({ email: operator.email, password: operator.password }, { ip: '10.0.0.7' });
    expect(locked.body.code).toBe(1103);
    expect(
      (await login({ email: operator.email, password: operator.password }, { ip: '10.0.0.8' })).body.code,
    ).toBe(0);
    // The merchants' counters are not the operators': a merchant with the same email is not locked.
    const merchant = await createMerchant(app, { email: operator.email });
    expect(await logInAs(app, merchant)).toBeTruthy();
  });

  it('asks for the Google code once bound (601), refuses a wrong or reused one (1203)', async () => {
    const operator = await createTestOperator(app);
    const token = await logInOperator(app, operator);
    const secret = await bindGoogle(token, operator.password);
    expect((await opsCall(app, '/me', undefined, { token })).json().data.googleState).toBe(true);
    const bound = await app.db.select().from(operators).where(eq(operators.id, operator.id));
    // Sealed at rest, like the merchants' secrets.
    expect(bound[0]?.googleSecret).toMatch(/^v1:/);
    expect(bound[0]?.googleSecret).not.toContain(secret);

    expect((await login({ email: operator.email, password: operator.password })).body.code).toBe(601);
    const wrongCode = googleCodeNow(app, secret) === '000000' ? '111111' : '000000';
    expect(
      (await login({ email: operator.email, password: operator.password, googleCode: wrongCode })).body.code,
    ).toBe(1203);
    clock.advance(30_000);
    const code = googleCodeNow(app, secret);
    expect(
      (await login({ email: operator.email, password: operator.password, googleCode: code })).body.code,
    ).toBe(0);
    const replay = await login(
      { email: operator.email, password: operator.password, googleCode: code },
      { lang: 'en_US' },
    );
    expect(replay.body.code).toBe(1203);
    expect(replay.body.message).toMatch(/already used/);
  });
});

describe('operator sessions', () => {
  it('are never merchant sessions, and the reverse (401 both ways)', async () => {
    const operator = await createTestOperator(app);
    const opsToken = await logInOperator(app, operator);
    const merchant = await createMerchant(app);
    const merchantToken = await logInAs(app, merchant);
    // A merchant token, in either header, on an ops call.
    expect((await opsCall(app, '/me', undefined, { token: merchantToken })).statusCode).toBe(401);
    const asAuthHeader = await app.inject({
      url: '/front/ops/me',
      headers: { 'x-auth-token': merchantToken },
    });
    expect(asAuthHeader.statusCode).toBe(401);
    // An operator token, in either header, on a merchant call.
    expect((await getAs(app, '/merchant/info', { token: opsToken })).statusCode).toBe(401);
    const asOpsHeader = await app.inject({
      url: '/front/merchant/info',
      headers: { 'x-ops-token': opsToken },
    });
    expect(asOpsHeader.statusCode).toBe(401);
    expect(asOpsHeader.json().code).toBe(401);
    // Each works where it belongs.
    expect((await opsCall(app, '/me', undefined, { token: opsToken })).json().code).toBe(0);
    expect((await getAs(app, '/merchant/info', { token: merchantToken })).json().code).toBe(0);
  });

  it('end on logout and after 12 hours (4000)', async () => {
    const operator = await createTestOperator(app);
    const first = await logInOperator(app, operator);
    expect((await opsCall(app, '/logout', {}, { token: first })).json().code).toBe(0);
    expect((await opsCall(app, '/me', undefined, { token: first })).json().code).toBe(4000);
    const second = await logInOperator(app, operator);
    clock.advance(12 * 3600_000 - 1000);
    expect((await opsCall(app, '/me', undefined, { token: second })).json().code).toBe(0);
    clock.advance(1000);
    expect((await opsCall(app, '/me', undefined, { token: second })).json().code).toBe(4000);
    expect((await opsCall(app, '/me')).statusCode).toBe(401);
    // An operator disabled since: its session is over at once.
    const third = await logInOperator(app, operator);
    await app.db.update(operators).set({ status: 'disabled' }).where(eq(operators.id, operator.id));
    expect((await opsCall(app, '/me', undefined, { token: third })).json().code).toBe(4000);
  });
});

describe('in live mode', () => {
  it('an operator without Google gets a session that only binds it (1201 elsewhere)', async () => {
    const live = await buildTestApp({
      env: { CHAIN_MODE: 'live', WALLET_MNEMONIC: TEST_MNEMONIC },
      now: clock.now,
    });
    try {
      const operator = await createTestOperator(live);
      const response = await opsCall(live, '/login', { email: operator.email, password: operator.password });
      const { token, operator: info } = response.json().data;
      expect(info.googleRequired).toBe(true);
      const refused = await opsCall(live, '/withdrawals/page', {}, { token, lang: 'en_US' });
      expect(refused.json()).toMatchObject({ code: 1201, message: 'Please bind Google Authenticator first' });
      expect((await opsCall(live, '/fees', undefined, { token })).json().code).toBe(1201);
      expect((await opsCall(live, '/me', undefined, { token })).json().code).toBe(0);

      const check = await opsCall(live, '/google/check', undefined, { token });
      const secret = check.json().data.secret as string;
      const bind = await opsCall(
        live,
        '/google/bind',
        { password: operator.password, code: googleCodeNow(live, secret) },
        { token },
      );
      expect(bind.json().code).toBe(0);
      expect((await opsCall(live, '/me', undefined, { token })).json().data).toMatchObject({
        googleState: true,
        googleRequired: false,
      });
      expect((await opsCall(live, '/withdrawals/page', {}, { token })).json().code).toBe(0);
      // No transfer is ever made to fail on a real chain: refused before anything is looked up.
      const failOnChain = await opsCall(
        live,
        '/withdrawals/approve',
        { withdrawalNo: 'WD2026112500000000000000000000', failOnChain: true },
        { token, lang: 'en_US' },
      );
      expect(failOnChain.json()).toMatchObject({
        code: 1001,
        message: 'Failing a transfer on chain is only possible on the devnet (CHAIN_MODE=devnet)',
      });
      const audit = await live.db
        .select()
        .from(operatorAuditLog)
        .where(eq(operatorAuditLog.action, 'google_bind'));
      expect(audit).toHaveLength(1);
    } finally {
      await live.close();
    }
  });
});

describe('server warnings', () => {
  it('names ALLOW_PRIVATE_CALLBACKS=1 to operators while it is set, and only to operators', async () => {
    const operator = await createTestOperator(app);
    const token = await logInOperator(app, operator);
    const unset = await opsCall(app, '/server-warnings', undefined, { token });
    expect(unset.json()).toMatchObject({ code: 0, data: { warnings: [] } });

    const open = await buildTestApp({ now: clock.now, env: { ALLOW_PRIVATE_CALLBACKS: '1' } });
    try {
      const openOperator = await createTestOperator(open);
      const openToken = await logInOperator(open, openOperator);
      const set = await opsCall(open, '/server-warnings', undefined, { token: openToken });
      expect(set.json()).toMatchObject({ code: 0, data: { warnings: ['privateCallbacksAllowed'] } });
      const merchantToken = await logInAs(open, await createMerchant(open));
      expect((await opsCall(open, '/server-warnings', undefined, { token: merchantToken })).statusCode).toBe(
        401,
      );
      expect((await opsCall(open, '/server-warnings')).statusCode).toBe(401);
    } finally {
      await open.close();
    }
  });
});
