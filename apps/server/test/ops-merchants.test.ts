/**
 * The console's merchants (issue 8): the list with keyword, status, balances and pending count;
 * disabling (sessions revoked in the same transaction, login 1102, signed /api/v1 calls 2001,
 * pending withdrawals left in the queue), enabling again; the auto-approve threshold (exact
 * decimal, 0 to 1e9, what the next withdrawal is compared with); every change audited.
 */
import { money, opsMerchantPage, toDecimalString } from '@tollgate/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exchangeRates, merchants, operatorAuditLog, sessions } from '../src/db/schema';
import { bindGoogleThroughApi } from './helpers/accounts';
import { buildTestApp, createTestClock } from './helpers/build-test-app';
import { getAs, googleCodeNow, postForm, postJson } from './helpers/calls';
import { createMerchant, logInAs, setBalance } from './helpers/factories';
import { expectLedgerClean } from './helpers/ledger';
import { createTestOperator, logInOperator, opsCall } from './helpers/ops';
import { createApiApplication, postSigned } from './helpers/signed-api';

const TRON_ADDRESS = 'TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH';
const clock = createTestClock(new Date('2026-11-25T09:00:00.000Z'));
let app: FastifyInstance;
let opsToken: string;
beforeAll(async () => {
  app = await buildTestApp({ now: clock.now });
  await app.ready();
  await app.chains.stop();
  await app.watcher.stop();
  opsToken = await logInOperator(app, await createTestOperator(app));
});
afterAll(async () => {
  await expectLedgerClean(app.db);
  await app.close();
});

const ops = (path: string, body?: unknown, lang = 'en_US') =>
  opsCall(app, path, body, { token: opsToken, lang }).then((r) => ({ status: r.statusCode, body: r.json() }));
const auditOf = (target: string) =>
  app.db
    .select()
    .from(operatorAuditLog)
    .where(eq(operatorAuditLog.target, target))
    .orderBy(operatorAuditLog.id);

describe('the merchants list', () => {
  it('finds by part of the email or by id, with balances, worth and pending reviews', async () => {
    const tag = `shop${Date.now()}`;
    const merchant = await createMerchant(app, { email: `${tag}@example.com` });
    await createMerchant(app, { email: `other-${tag}@example.com`, status: 'disabled' });
    await setBalance(app, { merchantId: merchant.id, coinName: 'USDT', available: '12.5', frozen: '2' });
    await setBalance(app, { merchantId: merchant.id, coinName: 'TRX', available: '10' });
    const byEmail = await ops('/merchants/page', { keyword: tag.toUpperCase() });
    const page = opsMerchantPage.strict().parse(byEmail.body.data);
    expect(page.total).toBe(2);
    const found = page.list.find((m) => m.id === merchant.id);
    expect(found).toMatchObject({
      email: `${tag}@example.com`,
      status: 'active',
      autoApproveUsdt: '0',
      pendingReview: 0,
    });
    expect(found?.balances).toEqual([
      { coinName: 'USDT', available: '12.5', frozen: '2' },
      { coinName: 'TRX', available: '10', frozen: '0' },
    ]);
    // 14.5 USDT + 10 TRX at the seeded rate, exact.
    const [trx] = await app.db.select().from(exchangeRates).where(eq(exchangeRates.coinName, 'TRX'));
    expect(found?.totalUsdt).toBe(toDecimalString(money('14.5').plus(money(trx?.rate ?? '0').times(10))));
    const byId = await ops('/merchants/page', { keyword: String(merchant.id) });
    expect(byId.body.data.list.map((m: { id: number }) => m.id)).toContain(merchant.id);
    const disabledOnly = await ops('/merchants/page', { keyword: tag, status: 'disabled' });
    expect(disabledOnly.body.data.list.map((m: { email: string }) => m.email)).toEqual([
      `other-${tag}@example.com`,
    ]);
    // LIKE wildcards in a keyword are plain characters.
    expect((await ops('/merchants/page', { keyword: '%' })).body.data.total).toBe(0);
  });
});

describe('disabling a merchant', () => {
  it('ends its sessions, refuses its login (1102) and its signed calls (2001); enabling restores both', async () => {
    const merchant = await createMerchant(app);
    const token = await logInAs(app, merchant);
    const secret = await bindGoogleThroughApi(app, token, merchant.password);
    const creds = await createApiApplication(app, { merchantId: merchant.id });
    await setBalance(app, { merchantId: merchant.id, coinName: 'USDT', available: '100' });
    clock.advance(30_000);
    const withdrawal = await postJson(
      app,
      '/merchant/account/withdrawal',
      {
        coinName: 'USDT',
        chainId: 'TRON',
        address: TRON_ADDRESS,
        amount: '20',
        googleCode: googleCodeNow(app, secret),
      },
      { token },
    );
    const withdrawalNo = withdrawal.json().data.withdrawal.withdrawalNo as string;

    const disabled = await ops('/merchants/status', {
      merchantId: merchant.id,
      status: 'disabled',
      reason: 'fraud check',
    });
    expect(disabled.body.data.merchant).toMatchObject({
      id: merchant.id,
      status: 'disabled',
      pendingReview: 1,
    });
    const live = await app.db.select().from(sessions).where(eq(sessions.merchantId, merchant.id));
    expect(live.every((s) => s.revokedAt !== null)).toBe(true);
    expect((await getAs(app, '/merchant/info', { token })).json().code).toBe(4000);
    const login = await postForm(
      app,
      '/login',
      { email: merchant.email, password: merchant.password },
      { lang: 'en_US' },
    );
    expect(login.json()).toMatchObject({ code: 1102, message: 'This account has been disabled' });
    const signed = await postSigned(app, creds, '/api/v1/payouts', {
      merchantOrderNo: 'd-1',
      currency: 'USDT',
      network: 'TRON',
      address: TRON_ADDRESS,
      amount: '10',
    });
    expect(signed.body.code).toBe(2001);
    // Its pending withdrawal stays in the queue, for an operator to decide.
    const queue = await ops('/withdrawals/page', { merchantId: merchant.id });
    expect(queue.body.data.list.map((w: { withdrawalNo: string }) => w.withdrawalNo)).toEqual([withdrawalNo]);
    expect((await ops('/withdrawals/reject', { withdrawalNo, reason: 'account disabled' })).body.code).toBe(
      0,
    );

    // The same status again changes nothing and writes nothing.
    await ops('/merchants/status', { merchantId: merchant.id, status: 'disabled' });
    const enabled = await ops('/merchants/status', { merchantId: merchant.id, status: 'active' });
    expect(enabled.body.data.merchant.status).toBe('active');
    clock.advance(30_000);
    const again = await postForm(app, '/login', {
      email: merchant.email,
      password: merchant.password,
      googleCode: googleCodeNow(app, secret),
    });
    expect(again.json().code).toBe(0);
    const audit = await auditOf(`merchant:${merchant.id}`);
    expect(audit.map((a) => [a.action, a.before, a.after, a.reason])).toEqual([
      ['merchant_disable', { status: 'active' }, { status: 'disabled' }, 'fraud check'],
      ['merchant_enable', { status: 'disabled' }, { status: 'active' }, null],
    ]);
    expect((await ops('/merchants/status', { merchantId: 99999999, status: 'active' })).status).toBe(404);
    expect((await ops('/merchants/status', { merchantId: merchant.id, status: 'gone' })).body.code).toBe(
      1001,
    );
  });
});

describe('the auto-approve threshold', () => {
  it('is an exact decimal from 0 to 1e9; a withdrawal within it skips review', async () => {
    const merchant = await createMerchant(app);
    for (const bad of ['-1', '1000000000.000000000000000001', 'ten', '1e3', '']) {
      const refused = await ops('/merchants/auto-approve', { merchantId: merchant.id, autoApproveUsdt: bad });
      expect(refused.body.code, bad).toBe(1001);
    }
    const range = await ops('/merchants/auto-approve', { merchantId: merchant.id, autoApproveUsdt: '-1' });
    expect(range.body.message).toBe('The auto-approve threshold must be between 0 and 1000000000 USDT');
    const set = await ops('/merchants/auto-approve', {
      merchantId: merchant.id,
      autoApproveUsdt: '21.000000000000000001',
    });
    expect(set.body.data.merchant.autoApproveUsdt).toBe('21.000000000000000001');
    const [row] = await app.db.select().from(merchants).where(eq(merchants.id, merchant.id));
    expect(row?.autoApproveUsdt).toBe('21.000000000000000001');
    const [audit] = await auditOf(`merchant:${merchant.id}`);
    expect(audit).toMatchObject({
      action: 'merchant_auto_approve',
      before: { autoApproveUsdt: '0' },
      after: { autoApproveUsdt: '21.000000000000000001' },
    });

    // 20 + 1 fee = 21 USDT ≤ the threshold: processing at once, no operator.
    const token = await logInAs(app, merchant);
    const secret = await bindGoogleThroughApi(app, token, merchant.password);
    await setBalance(app, { merchantId: merchant.id, coinName: 'USDT', available: '100' });
    clock.advance(30_000);
    const withdrawal = await postJson(
      app,
      '/merchant/account/withdrawal',
      {
        coinName: 'USDT',
        chainId: 'TRON',
        address: TRON_ADDRESS,
        amount: '20',
        googleCode: googleCodeNow(app, secret),
      },
      { token },
    );
    expect(withdrawal.json().data.withdrawal.status).toBe('processing');
  });
});
