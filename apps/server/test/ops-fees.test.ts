/**
 * Fee table and exchange rates from the console (issue 8): each edit validated with its own
 * localized message, audited with before and after in its transaction, and in force for the
 * very next request (nothing in the server keeps a copy): the next withdrawal pays the new
 * payout fee, the rate page and the exchange rate list show the new values.
 */
import { opsFeeTable } from '@tollgate/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operatorAuditLog } from '../src/db/schema';
import { bindGoogleThroughApi } from './helpers/accounts';
import { buildTestApp, createTestClock } from './helpers/build-test-app';
import { getAs, googleCodeNow, postJson } from './helpers/calls';
import { createMerchant, logInAs, setBalance } from './helpers/factories';
import { expectLedgerClean } from './helpers/ledger';
import { createTestOperator, logInOperator, opsCall } from './helpers/ops';
import { createApiApplication, postSigned } from './helpers/signed-api';

const TRON_ADDRESS = 'TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH';
const clock = createTestClock(new Date('2026-11-25T09:00:00.000Z'));
let app: FastifyInstance;
let opsToken: string;
beforeAll(async () => {
  app = await buildTestApp({ now: clock.now, env: { API_RATE_LIMIT: '100000' } });
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

describe('the fee table', () => {
  it('lists every chain and coin with its fees, and the rates', async () => {
    const { body } = await ops('/fees');
    const table = opsFeeTable.strict().parse(body.data);
    expect(table.fees).toContainEqual({
      chainId: 'TRON',
      coinName: 'USDT',
      collectionRate: expect.any(String),
      payoutFee: '1',
    });
    expect(table.rates.map((r) => r.coinName)).toContain('TRX');
  });

  it('refuses what does not fit, each with its message, and changes nothing', async () => {
    const row = { chainId: 'TRON', coinName: 'USDT', collectionRate: '0.01', payoutFee: '1.5' };
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ...row, coinName: 'BTC' }, 'coinName', 'This currency is not carried on this network'],
      [{ ...row, chainId: 'SOLANA' }, 'coinName', 'This currency is not carried on this network'],
      [
        { ...row, collectionRate: '1' },
        'collectionRate',
        'The collection rate must be at least 0 and below 1, with at most 6 decimals',
      ],
      [
        { ...row, collectionRate: '-0.1' },
        'collectionRate',
        'The collection rate must be at least 0 and below 1, with at most 6 decimals',
      ],
      [
        { ...row, collectionRate: '0.0000001' },
        'collectionRate',
        'The collection rate must be at least 0 and below 1, with at most 6 decimals',
      ],
      [
        { ...row, payoutFee: '-1' },
        'payoutFee',
        'The payout fee must be between 0 and 1000000000, with at most 6 decimals',
      ],
      [
        { ...row, payoutFee: '0.0000001' },
        'payoutFee',
        'The payout fee must be between 0 and 1000000000, with at most 6 decimals',
      ],
      [
        { ...row, payoutFee: '99999999999999999999' },
        'payoutFee',
        'The payout fee must be between 0 and 1000000000, with at most 6 decimals',
      ],
      [{ ...row, payoutFee: 'one' }, 'payoutFee', 'Please enter a valid number'],
    ];
    for (const [body, field, message] of cases) {
      const { status, body: json } = await ops('/fees/update', body);
      expect(status, JSON.stringify(body)).toBe(400);
      expect(json.code).toBe(1001);
      expect(json.data.errors[0]).toEqual({ field, message });
    }
    const zh = await ops('/fees/update', { ...row, collectionRate: '2' }, 'zh_CN');
    expect(zh.body.message).toBe('收款费率须不小于 0 且小于 1，最多 6 位小数');
    expect(await auditOf('fee:TRON/USDT')).toEqual([]);
  });

  it('an edited payout fee is what the next withdrawal and payout pay, audited with before and after', async () => {
    const updated = await ops('/fees/update', {
      chainId: 'TRON',
      coinName: 'USDT',
      collectionRate: '0.005',
      payoutFee: '2.25',
    });
    expect(updated.body.data.fees).toContainEqual({
      chainId: 'TRON',
      coinName: 'USDT',
      collectionRate: '0.005',
      payoutFee: '2.25',
    });
    const [audit] = await auditOf('fee:TRON/USDT');
    expect(audit).toMatchObject({
      action: 'fee_update',
      after: { collectionRate: '0.005', payoutFee: '2.25' },
    });
    expect(audit?.before).toMatchObject({ payoutFee: '1' });

    const merchant = await createMerchant(app);
    const token = await logInAs(app, merchant);
    const secret = await bindGoogleThroughApi(app, token, merchant.password);
    await setBalance(app, { merchantId: merchant.id, coinName: 'USDT', available: '100' });
    const feeInfo = await getAs(app, '/merchant/fee-info', { token });
    expect(feeInfo.json().data.list).toContainEqual(
      expect.objectContaining({
        chainId: 'TRON',
        coinName: 'USDT',
        collectionRate: '0.005',
        payoutFee: '2.25',
      }),
    );
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
    expect(withdrawal.json().data.withdrawal).toMatchObject({ fee: '2.25', total: '22.25' });

    const creds = await createApiApplication(app, { merchantId: merchant.id });
    const payout = await postSigned(app, creds, '/api/v1/payouts', {
      merchantOrderNo: 'fee-1',
      currency: 'USDT',
      network: 'TRON',
      address: TRON_ADDRESS,
      amount: '10',
    });
    expect(payout.body.data.fee).toBe('2.25');

    // Setting the same values again writes no audit row.
    await ops('/fees/update', {
      chainId: 'TRON',
      coinName: 'USDT',
      collectionRate: '0.005',
      payoutFee: '2.25',
    });
    expect(await auditOf('fee:TRON/USDT')).toHaveLength(1);
  });
});

describe('the exchange rates', () => {
  it('refuses unknown currencies, USDT itself and rates out of range', async () => {
    expect((await ops('/rates/update', { coinName: 'XYZ', rate: '1' })).body.message).toBe(
      'Unknown currency',
    );
    expect((await ops('/rates/update', { coinName: 'USDT', rate: '2' })).body).toMatchObject({
      code: 1001,
      message: 'USDT is the currency every rate is quoted in: its rate is always 1',
    });
    for (const rate of ['0', '-1', '1000000001']) {
      const { body } = await ops('/rates/update', { coinName: 'TRX', rate });
      expect(body).toMatchObject({
        code: 1001,
        message: 'The exchange rate must be greater than 0 and at most 1000000000',
      });
    }
    expect((await ops('/rates/update', { coinName: 'TRX', rate: 'abc' })).body.code).toBe(1001);
    expect(await auditOf('rate:TRX')).toEqual([]);
  });

  it('changes a rate, shown at once in the public list and audited', async () => {
    const before = (await ops('/fees')).body.data.rates.find(
      (r: { coinName: string }) => r.coinName === 'TRX',
    );
    clock.advance(60_000);
    const { body } = await ops('/rates/update', { coinName: 'TRX', rate: '0.312345678901234567' });
    const after = body.data.rates.find((r: { coinName: string }) => r.coinName === 'TRX');
    expect(after).toEqual({
      coinName: 'TRX',
      rate: '0.312345678901234567',
      updatedAt: clock.now().toISOString(),
    });
    const list = await getAs(app, '/config/exchangeRateList');
    expect(list.json().data).toContainEqual(
      expect.objectContaining({ coinName: 'TRX', rate: '0.312345678901234567' }),
    );
    const [audit] = await auditOf('rate:TRX');
    expect(audit).toMatchObject({
      action: 'rate_update',
      before: { rate: before.rate },
      after: { rate: '0.312345678901234567' },
    });
    // The audit page finds it by target and by action.
    const page = await ops('/audit/page', { target: 'rate:TRX' });
    expect(page.body.data.list).toHaveLength(1);
    expect(page.body.data.list[0]).toMatchObject({ action: 'rate_update', target: 'rate:TRX' });
    const byAction = await ops('/audit/page', { action: 'fee_update', pageSize: 5 });
    expect(byAction.body.data.list.every((a: { action: string }) => a.action === 'fee_update')).toBe(true);
    expect((await ops('/audit/page', { action: 'nothing' })).body.code).toBe(1001);
  });
});
