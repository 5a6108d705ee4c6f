/**
 * The review queue of the operator console (issue 8): the queue and its filters, a withdrawal's
 * detail with the address history, approve (sent through the devnet, completed on chain;
 * devnet failOnChain → failed; its refusal in live mode is in ops-auth.test.ts) and reject (the
 * total returns), payouts whose order and payout.* callback follow in the same transaction, 3204
 * for what is no longer pending (two operators at once: exactly one wins), each decision audited
 * with it. ledger:verify runs after.
 */
import { opsWithdrawalDetail, opsWithdrawalPage, toDecimalString } from '@tollgate/contracts';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balances, callbackEvents, operatorAuditLog, orders, withdrawals } from '../src/db/schema';
import { bindGoogleThroughApi } from './helpers/accounts';
import { buildTestApp, createTestClock } from './helpers/build-test-app';
import { googleCodeNow, postJson } from './helpers/calls';
import { createMerchant, logInAs, setBalance } from './helpers/factories';
import { expectLedgerClean } from './helpers/ledger';
import { createTestOperator, logInOperator, opsCall } from './helpers/ops';
import { createApiApplication, postSigned } from './helpers/signed-api';

const TRON_ADDRESS = 'TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH';
const OTHER_TRON = 'TJCnKsPa7y5okkXvQAidZBzqx3QyQ6sxMW';
const clock = createTestClock(new Date('2026-11-25T09:00:00.000Z'));
let app: FastifyInstance;
let opsToken: string;
let otherOpsToken: string;
let operatorEmail: string;
beforeAll(async () => {
  app = await buildTestApp({ now: clock.now, env: { API_RATE_LIMIT: '100000' } });
  await app.ready();
  await app.chains.stop();
  await app.watcher.stop();
  await app.jobs.stop();
  const operator = await createTestOperator(app);
  operatorEmail = operator.email;
  opsToken = await logInOperator(app, operator);
  otherOpsToken = await logInOperator(app, await createTestOperator(app));
});
afterAll(async () => {
  await expectLedgerClean(app.db);
  await app.close();
});

async function blocks(n: number) {
  for (let i = 0; i < n; i++) await app.chains.devnet?.produceBlock();
  await app.watcher.tick();
}
const ops = (path: string, body?: unknown, token = opsToken, lang = 'en_US') =>
  opsCall(app, path, body, { token, lang }).then((r) => ({ status: r.statusCode, body: r.json() }));

async function boundMerchant(available = '100') {
  const merchant = await createMerchant(app);
  const token = await logInAs(app, merchant);
  const secret = await bindGoogleThroughApi(app, token, merchant.password);
  await setBalance(app, { merchantId: merchant.id, coinName: 'USDT', available });
  return { ...merchant, token, secret };
}

async function withdraw(account: { token: string; secret: string }, amount: string, address = TRON_ADDRESS) {
  clock.advance(30_000);
  const response = await postJson(
    app,
    '/merchant/account/withdrawal',
    { coinName: 'USDT', chainId: 'TRON', address, amount, googleCode: googleCodeNow(app, account.secret) },
    { token: account.token },
  );
  expect(response.json().code).toBe(0);
  return response.json().data.withdrawal.withdrawalNo as string;
}

const balanceOf = async (merchantId: number) => {
  const [row] = await app.db
    .select({ available: balances.available, frozen: balances.frozen })
    .from(balances)
    .where(and(eq(balances.merchantId, merchantId), eq(balances.coinName, 'USDT')));
  return { available: toDecimalString(row?.available ?? '0'), frozen: toDecimalString(row?.frozen ?? '0') };
};
const auditOf = (target: string) =>
  app.db
    .select()
    .from(operatorAuditLog)
    .where(eq(operatorAuditLog.target, target))
    .orderBy(operatorAuditLog.id);
const statusOf = async (withdrawalNo: string) =>
  (await app.db.select().from(withdrawals).where(eq(withdrawals.withdrawalNo, withdrawalNo)))[0]?.status;

describe('the review queue', () => {
  it('lists pending withdrawals by default, filters, and shows a detail with the address history', async () => {
    const first = await boundMerchant();
    const second = await boundMerchant();
    const earlier = await withdraw(second, '10');
    expect((await ops('/withdrawals/reject', { withdrawalNo: earlier, reason: 'test' })).body.code).toBe(0);
    const older = await withdraw(first, '12');
    const pending = await withdraw(first, '20');
    await withdraw(first, '11', OTHER_TRON);

    const page = await ops('/withdrawals/page', { merchantId: first.id });
    const parsed = opsWithdrawalPage.strict().parse(page.body.data);
    expect(parsed.total).toBe(3);
    expect(parsed.list.map((w) => w.status)).toEqual(['pending_review', 'pending_review', 'pending_review']);
    expect(parsed.list[1]).toMatchObject({
      withdrawalNo: pending,
      merchantId: first.id,
      merchantEmail: first.email,
      source: 'single',
      amount: '20',
      fee: '1',
      usdtValue: '21',
      test: true,
      reviewedBy: null,
      orderNo: null,
    });
    const rejected = await ops('/withdrawals/page', { status: 'rejected', merchantId: second.id });
    expect(rejected.body.data.list.map((w: { withdrawalNo: string }) => w.withdrawalNo)).toEqual([earlier]);
    expect((await ops('/withdrawals/page', { source: 'api', merchantId: first.id })).body.data.total).toBe(0);
    expect((await ops('/withdrawals/page', { status: 'lost' })).body.code).toBe(1001);
    // "All" (issue 31): every status, not the queue's default of pending_review.
    const statusesOf = (page: { body: { data: { list: { status: string }[] } } }) =>
      new Set(page.body.data.list.map((w) => w.status));
    expect((await ops('/withdrawals/page', { merchantId: second.id })).body.data.total).toBe(0);
    const secondAll = await ops('/withdrawals/page', { status: 'all', merchantId: second.id });
    expect(secondAll.body.data.list.map((w: { withdrawalNo: string }) => w.withdrawalNo)).toEqual([earlier]);
    const everything = await ops('/withdrawals/page', { status: 'all', pageSize: 100 });
    expect([...statusesOf(everything)]).toEqual(expect.arrayContaining(['pending_review', 'rejected']));

    const detail = await ops('/withdrawals/detail', { withdrawalNo: pending });
    const data = opsWithdrawalDetail.strict().parse(detail.body.data);
    expect(data.withdrawal.withdrawalNo).toBe(pending);
    expect(data.merchant).toMatchObject({
      id: first.id,
      email: first.email,
      status: 'active',
      autoApproveUsdt: '0',
    });
    expect(data.merchant.balances).toEqual([{ coinName: 'USDT', available: '54', frozen: '46' }]);
    // Earlier withdrawals to this address on this chain, whoever made them.
    expect(data.addressHistory.map((w) => w.withdrawalNo)).toEqual([older, earlier]);
    expect(data.addressStats).toEqual({ total: 2, completed: 0, merchants: 2 });
    expect(data.merchantHistory.map((w) => w.withdrawalNo)).not.toContain(pending);
    expect(data.merchantHistory).toHaveLength(2);
    expect((await ops('/withdrawals/detail', { withdrawalNo: 'WD-nothing' })).status).toBe(404);
  });

  it('approves: sent through the devnet, completed on chain, audited with the operator', async () => {
    const account = await boundMerchant();
    const withdrawalNo = await withdraw(account, '20');
    const { body } = await ops('/withdrawals/approve', { withdrawalNo });
    expect(body.code).toBe(0);
    expect(body.data.withdrawal).toMatchObject({ status: 'processing', reviewedBy: operatorEmail });
    expect(body.data.withdrawal.txHash).toMatch(/^[0-9a-f]{64}$/);
    await blocks(3);
    expect(await statusOf(withdrawalNo)).toBe('completed');
    expect(await balanceOf(account.id)).toEqual({ available: '79', frozen: '0' });
    const audit = await auditOf(`withdrawal:${withdrawalNo}`);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: 'withdrawal_approve',
      operatorEmail,
      before: { status: 'pending_review' },
      after: { status: 'processing', failOnChain: false },
    });
    // No longer pending: a clear 3204, nothing written.
    const again = await ops('/withdrawals/approve', { withdrawalNo });
    expect(again.body).toMatchObject({ code: 3204, data: { status: 'completed' } });
    expect(again.body.message).toMatch(/no longer waiting for review/);
    const zh = await ops('/withdrawals/reject', { withdrawalNo, reason: 'late' }, opsToken, 'zh_CN');
    expect(zh.body.message).toMatch(/已不在待审核状态/);
    expect(await auditOf(`withdrawal:${withdrawalNo}`)).toHaveLength(1);
  });

  it('devnet: failOnChain makes the transfer revert → failed, the total back to available', async () => {
    const account = await boundMerchant();
    const withdrawalNo = await withdraw(account, '30');
    const { body } = await ops('/withdrawals/approve', { withdrawalNo, failOnChain: true });
    expect(body.data.withdrawal).toMatchObject({ status: 'processing', failOnChain: true });
    // Mined reverted in the next block: failed and released only with the chain's 3 confirmations.
    await blocks(2);
    expect(await statusOf(withdrawalNo)).toBe('sending');
    expect(await balanceOf(account.id)).toEqual({ available: '69', frozen: '31' });
    await blocks(1);
    expect(await statusOf(withdrawalNo)).toBe('failed');
    expect(await balanceOf(account.id)).toEqual({ available: '100', frozen: '0' });
  });

  it('rejects with a reason: the total returns to available, audited with the reason', async () => {
    const account = await boundMerchant();
    const withdrawalNo = await withdraw(account, '40');
    const missing = await ops('/withdrawals/reject', { withdrawalNo, reason: '  ' });
    expect(missing.body).toMatchObject({ code: 1001, message: 'Enter the reason for rejecting' });
    const { body } = await ops('/withdrawals/reject', { withdrawalNo, reason: 'Address flagged' });
    expect(body.data.withdrawal).toMatchObject({ status: 'rejected', reason: 'Address flagged' });
    expect(await balanceOf(account.id)).toEqual({ available: '100', frozen: '0' });
    const [audit] = await auditOf(`withdrawal:${withdrawalNo}`);
    expect(audit).toMatchObject({
      action: 'withdrawal_reject',
      reason: 'Address flagged',
      after: { status: 'rejected' },
    });
  });

  it('two operators approving at once: exactly one wins, one send, one audit row', async () => {
    const account = await boundMerchant();
    const withdrawalNo = await withdraw(account, '25');
    const results = await Promise.all([
      ops('/withdrawals/approve', { withdrawalNo }),
      ops('/withdrawals/approve', { withdrawalNo }, otherOpsToken),
      ops('/withdrawals/reject', { withdrawalNo, reason: 'race' }, otherOpsToken),
    ]);
    const codes = results.map((r) => r.body.code).sort();
    expect(codes.filter((c) => c === 0)).toHaveLength(1);
    expect(codes.filter((c) => c === 3204)).toHaveLength(2);
    expect(await auditOf(`withdrawal:${withdrawalNo}`)).toHaveLength(1);
    await blocks(3);
    const status = await statusOf(withdrawalNo);
    expect(['completed', 'rejected']).toContain(status);
    expect(await balanceOf(account.id)).toEqual(
      status === 'completed' ? { available: '74', frozen: '0' } : { available: '100', frozen: '0' },
    );
  });
});

describe('payouts in the queue', () => {
  it('approving and rejecting move the payout order and queue its payout.* callback', async () => {
    const creds = await createApiApplication(app);
    await setBalance(app, { merchantId: creds.merchantId, coinName: 'USDT', available: '100' });
    const item = (n: number) => ({
      merchantOrderNo: `ops-po-${n}`,
      currency: 'USDT',
      network: 'TRON',
      address: TRON_ADDRESS,
      amount: '10',
    });
    const first = await postSigned(app, creds, '/api/v1/payouts', item(1));
    const second = await postSigned(app, creds, '/api/v1/payouts', item(2));
    const queue = await ops('/withdrawals/page', { source: 'api', merchantId: creds.merchantId });
    const byOrder = new Map(
      queue.body.data.list.map((w: { orderNo: string; withdrawalNo: string }) => [w.orderNo, w.withdrawalNo]),
    );
    expect(byOrder.size).toBe(2);
    const approveNo = byOrder.get(first.body.data.orderNo);
    const rejectNo = byOrder.get(second.body.data.orderNo);
    expect((await ops('/withdrawals/approve', { withdrawalNo: approveNo })).body.code).toBe(0);
    expect((await ops('/withdrawals/reject', { withdrawalNo: rejectNo, reason: 'KYC' })).body.code).toBe(0);

    const orderOf = async (orderNo: string) =>
      (await app.db.select().from(orders).where(eq(orders.orderNo, orderNo)))[0];
    const approved = await orderOf(first.body.data.orderNo);
    const rejected = await orderOf(second.body.data.orderNo);
    expect(approved?.status).toBe('processing');
    expect(rejected?.status).toBe('rejected');
    const events = await app.db
      .select()
      .from(callbackEvents)
      .where(eq(callbackEvents.merchantId, creds.merchantId));
    expect(events.map((e) => [e.orderId, e.type]).sort()).toEqual(
      [
        [approved?.id, 'payout.processing'],
        [rejected?.id, 'payout.rejected'],
      ].sort(),
    );
    await blocks(3);
    expect((await orderOf(first.body.data.orderNo))?.status).toBe('completed');
  });
});
