/**
 * Unmatched transfers (issue 32 §4): a transfer no rule credits (here USDC sent to a USDT order's
 * address) is listed for the operators; credited once to the address owner's balance, in the
 * transfer's coin, under a DP… number, audited and booked; a second credit (another operator, or
 * the same twice) gets 3206. ledger:verify runs after.
 */
import { ErrorCode, opsUnmatchedPage, opsUnmatchedTransfer, toDecimalString } from '@tollgate/contracts';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  balances,
  chainSends,
  chainTransfers,
  fundRecords,
  operatorAuditLog,
  orders,
  platformEntries,
} from '../src/db/schema';
import { buildTestApp, createTestClock } from './helpers/build-test-app';
import { googleCodeNow } from './helpers/calls';
import { expectLedgerClean } from './helpers/ledger';
import { createTestOperator, logInOperator, OPERATOR_PASSWORD, opsCall } from './helpers/ops';
import { createApiApplication, postSigned } from './helpers/signed-api';

const clock = createTestClock(new Date('2026-12-07T09:00:00.000Z'));
let app: FastifyInstance;
let opsToken: string;
let otherToken: string;
let googleSecret: string;
beforeAll(async () => {
  app = await buildTestApp({ now: clock.now, env: { DEVNET_BLOCK_MS: '3600000' } });
  await app.ready();
  await app.watcher.stop();
  await app.jobs.stop();
  opsToken = await logInOperator(app, await createTestOperator(app));
  otherToken = await logInOperator(app, await createTestOperator(app));
  const check = await opsCall(app, '/google/check', undefined, { token: opsToken });
  googleSecret = check.json().data.secret as string;
  const bind = await opsCall(
    app,
    '/google/bind',
    { password: OPERATOR_PASSWORD, code: googleCodeNow(app, googleSecret) },
    { token: opsToken },
  );
  expect(bind.json().code).toBe(0);
});
afterAll(async () => {
  await expectLedgerClean(app.db);
  await app.close();
});

const ops = (path: string, body: unknown, token = opsToken, lang = 'en_US') =>
  opsCall(app, path, body, { token, lang }).then((r) => ({ status: r.statusCode, body: r.json() }));

async function unmatchedTransfer(fromAddress = '0x8ba1f109551bD432803012645Ac136ddd64DBA72') {
  const shop = await createApiApplication(app);
  const created = await postSigned(app, shop, '/api/v1/collections', {
    merchantOrderNo: `U-${Date.now()}-${Math.random().toString(36).slice(2)}`,
    currency: 'USDT',
    network: 'ETH',
    amount: '25',
  });
  expect(created.body.code, JSON.stringify(created.body)).toBe(0);
  const [order] = await app.db.select().from(orders).where(eq(orders.orderNo, created.body.data.orderNo));
  if (!order?.payAddress) throw new Error('no order address');
  const [transfer] = await app.db
    .insert(chainTransfers)
    .values({
      chainId: 'ETH',
      txHash: `0x${Math.random().toString(16).slice(2).padEnd(64, '0')}`,
      logIndex: 3,
      fromAddress,
      toAddress: order.payAddress,
      coinName: 'USDC',
      amount: '7.5',
      blockHash: `0x${'ab'.repeat(32)}`,
      blockHeight: 12,
      orderId: order.id,
      status: 'unmatched',
      seenAt: clock.now(),
    })
    .returning();
  if (!transfer) throw new Error('no transfer');
  return { transfer, order, merchantId: shop.merchantId };
}

describe('unmatched transfers', () => {
  it('lists a transfer no rule credits, with whose address it came to', async () => {
    const { transfer, order, merchantId } = await unmatchedTransfer();
    const { status, body } = await ops('/unmatched/page', {});
    expect(status).toBe(200);
    const page = opsUnmatchedPage.parse(body.data);
    expect(page.list.find((row) => row.id === transfer.id)).toMatchObject({
      status: 'unmatched',
      coinName: 'USDC',
      amount: '7.5',
      owner: { merchantId, kind: 'order', orderNo: order.orderNo, orderCurrency: 'USDT' },
      returnTxHash: null,
    });
    const bad = await ops('/unmatched/page', { status: 'gone' }, opsToken, 'zh_CN');
    expect(bad.status).toBe(400);
  });

  it('credits it once to the owner, in its coin, audited and booked', async () => {
    const { transfer, merchantId } = await unmatchedTransfer();
    const [first, second] = await Promise.all([
      ops('/unmatched/credit', { id: transfer.id }),
      ops('/unmatched/credit', { id: transfer.id }, otherToken),
    ]);
    const results = [first, second].sort((a, b) => a.status - b.status);
    expect(results.map((r) => r.status)).toEqual([200, 409]);
    const credited = opsUnmatchedTransfer.parse(results[0]?.body.data);
    expect(credited.status).toBe('credited');
    expect(results[1]?.body.code).toBe(3206);

    const [balance] = await app.db
      .select()
      .from(balances)
      .where(and(eq(balances.merchantId, merchantId), eq(balances.coinName, 'USDC')));
    expect(toDecimalString(balance?.available ?? '0')).toBe('7.5');
    const records = await app.db.select().from(fundRecords).where(eq(fundRecords.merchantId, merchantId));
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({ type: 'deposit', currency: 'USDC', txHash: transfer.txHash });
    expect(records[0]?.orderNo).toMatch(/^DP/);
    const audit = await app.db
      .select()
      .from(operatorAuditLog)
      .where(eq(operatorAuditLog.action, 'unmatched_credit'));
    expect(audit.map((row) => row.target)).toContain(`transfer:ETH:${transfer.txHash}:3`);
    const lines = await app.db
      .select()
      .from(platformEntries)
      .where(eq(platformEntries.entryRef, `credit:${transfer.id}`));
    expect(lines.map((line) => [line.account, toDecimalString(line.amount)]).sort()).toEqual([
      ['merchant_balances', '-7.5'],
      ['pending_receipts', '7.5'],
    ]);

    const again = await ops('/unmatched/credit', { id: transfer.id }, opsToken, 'vi_VN');
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/đã được ghi có hoặc hoàn trả/);
    const missing = await ops('/unmatched/credit', { id: 999_999_999 });
    expect(missing.status).toBe(404);
  });
});

describe('returning an unmatched transfer', () => {
  async function mineAndWatch(blocks: number) {
    for (let i = 0; i < blocks; i++) {
      await app.chains.devnet?.produceBlock();
      await app.watcher.tick();
    }
  }

  it("sends it back to its sender from the hot wallet, once, with the operator's code", async () => {
    const { transfer } = await unmatchedTransfer();
    clock.advance(30_000);
    const wrong = await ops('/unmatched/return', { id: transfer.id, googleCode: '000000' });
    expect(wrong.body.code).toBe(1203);
    const unbound = await ops('/unmatched/return', { id: transfer.id, googleCode: '123456' }, otherToken);
    expect(unbound.status).toBe(403);
    expect(unbound.body.code).toBe(ErrorCode.GOOGLE_NOT_BOUND);
    const [still] = await app.db.select().from(chainTransfers).where(eq(chainTransfers.id, transfer.id));
    expect(still?.status).toBe('unmatched');

    const returned = await ops('/unmatched/return', {
      id: transfer.id,
      googleCode: googleCodeNow(app, googleSecret),
    });
    expect(returned.status, JSON.stringify(returned.body)).toBe(200);
    expect(opsUnmatchedTransfer.parse(returned.body.data)).toMatchObject({ status: 'returning' });
    expect(returned.body.data.returnTxHash).toMatch(/^0x[0-9a-f]{64}$/);
    clock.advance(30_000);
    const twice = await ops('/unmatched/return', {
      id: transfer.id,
      googleCode: googleCodeNow(app, googleSecret),
    });
    expect(twice.body.code).toBe(3206);

    await mineAndWatch(4);
    const [done] = await app.db.select().from(chainTransfers).where(eq(chainTransfers.id, transfer.id));
    expect(done?.status).toBe('returned');
    // On the devnet chain: one transfer from the hot wallet back to the sender.
    const back = await app.chains.get('ETH')?.balanceOf(transfer.fromAddress, 'USDC');
    expect(back).toBe('7.5');
    const audit = await app.db
      .select()
      .from(operatorAuditLog)
      .where(eq(operatorAuditLog.action, 'unmatched_return'));
    expect(audit.map((row) => row.target)).toContain(`transfer:ETH:${transfer.txHash}:3`);
  });

  it('refuses a return to a sender the platform holds (another order’s address), sending nothing', async () => {
    const { order: sender } = await unmatchedTransfer();
    const senderAddress = sender.payAddress ?? '';
    const { transfer } = await unmatchedTransfer(senderAddress);
    clock.advance(30_000);
    const code = googleCodeNow(app, googleSecret);
    const refused = await ops('/unmatched/return', { id: transfer.id, googleCode: code });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe(1001);
    expect(refused.body.data.errors[0].field).toBe('id');
    expect(refused.body.message).toBe(
      `This transfer came from the platform's own address ${senderAddress}: it cannot be returned there. Credit it instead`,
    );
    const [still] = await app.db.select().from(chainTransfers).where(eq(chainTransfers.id, transfer.id));
    expect(still?.status).toBe('unmatched');
    const sends = await app.db.select().from(chainSends).where(eq(chainSends.kind, 'return'));
    expect(sends.filter((send) => send.ref.startsWith(`${transfer.id}:`))).toEqual([]);
    // What the message says to do instead: credit it to its owner.
    const credited = await ops('/unmatched/credit', { id: transfer.id });
    expect(credited.body.code, JSON.stringify(credited.body)).toBe(0);
  });
});
