import { FUND_FEE_STATUS, money, toDecimalString } from '@tollgate/contracts';
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { fundRecords, orders } from '../../db/schema';
import { postFundRecord, postFundRecords } from '../ledger/post-fund-record';
import { completionDelta } from '../reports/daily-stats';
import { syncPayout } from './payout-sync';
import { moveWithdrawal, type WithdrawalRow, type WithdrawalStatus } from './withdrawal.repository';

/**
 * A withdrawal's money at its end: how its movements are filed in the fund flow, the release of
 * a rejected or failed one, and the close of one the chain confirmed or reverted.
 */
/**
 * How a withdrawal's movements are filed in the fund flow: a back-office withdrawal's under its
 * own number (type `withdraw`), an API payout's under its order's number (type `payout`), the
 * number the merchant knows it by (records, callbacks, the payment report).
 */
export function ledgerRef(
  row: Pick<WithdrawalRow, 'orderId' | 'withdrawalNo'>,
  payoutOrderNo: string | undefined,
) {
  if (row.orderId === null) return { type: 'withdraw' as const, orderNo: row.withdrawalNo };
  if (payoutOrderNo === undefined)
    throw new Error(`withdrawal ${row.withdrawalNo}: its payout's number is missing`);
  return { type: 'payout' as const, orderNo: payoutOrderNo };
}

async function ledgerRefOf(tx: Executor, row: WithdrawalRow) {
  if (row.orderId === null) return ledgerRef(row, undefined);
  // A payout frozen before payouts had their own records (filed as `withdraw` under its
  // withdrawal's number) keeps that filing to its end: its moves stay together in the fund flow.
  const [legacy] = await tx
    .select({ id: fundRecords.id })
    .from(fundRecords)
    .where(
      and(
        eq(fundRecords.merchantId, row.merchantId),
        eq(fundRecords.orderNo, row.withdrawalNo),
        eq(fundRecords.type, 'withdraw'),
      ),
    )
    .limit(1);
  if (legacy) return { type: 'withdraw' as const, orderNo: row.withdrawalNo };
  const [order] = await tx.select({ orderNo: orders.orderNo }).from(orders).where(eq(orders.id, row.orderId));
  return ledgerRef(row, order?.orderNo);
}

/**
 * The total leaves frozen and returns to available: a rejected or failed withdrawal. Its two
 * records say `released` (the withdrawal's own status says why).
 */
export async function release(tx: Executor, row: WithdrawalRow, now: Date) {
  const total = toDecimalString(money(row.amount).plus(row.fee));
  const record = {
    merchantId: row.merchantId,
    currency: row.coinName,
    ...(await ledgerRefOf(tx, row)),
    amount: toDecimalString(row.amount),
    fee: toDecimalString(row.fee),
    txHash: row.txHash,
    address: row.address,
    network: row.chainId,
    status: 'released',
    now,
  };
  await postFundRecord(tx, { ...record, bucket: 'frozen', change: `-${total}` });
  await postFundRecord(tx, { ...record, bucket: 'available', change: total });
}

/**
 * A sent withdrawal's end, once its send has the chain's confirmations (chain-sends): reverted →
 * failed, and the total returns to available; confirmed → completed, the frozen amount, then the
 * fee, leave (the hash on the records is the mined one). From `from` only (sending; processing
 * for a send made before chain_sends existed); undefined when another hand moved it. In the
 * caller's transaction, with the payout's order and its callback.
 */
export async function closeWithdrawal(
  tx: Executor,
  id: number,
  from: WithdrawalStatus,
  outcome: 'completed' | 'failed',
  now: Date,
): Promise<WithdrawalRow | undefined> {
  const moved = await moveWithdrawal(tx, id, from, {
    status: outcome,
    reason: outcome === 'failed' ? 'reverted' : null,
    finishedAt: now,
    updatedAt: now,
  });
  if (!moved) return undefined;
  await syncPayout(tx, moved, now);
  if (outcome === 'failed') {
    await release(tx, moved, now);
    return moved;
  }
  // The completion: the amount sent on chain leaves frozen (settle), then the fee (its own
  // record, so the fund flow shows what each move was: issue 31); the withdrawal or payment
  // report's row in their statement.
  const record = {
    merchantId: moved.merchantId,
    currency: moved.coinName,
    ...(await ledgerRefOf(tx, moved)),
    bucket: 'frozen' as const,
    amount: toDecimalString(moved.amount),
    fee: toDecimalString(moved.fee),
    txHash: moved.txHash,
    address: moved.address,
    network: moved.chainId,
    now,
  };
  const hasFee = money(moved.fee).greaterThan(0);
  await postFundRecords(
    tx,
    [
      { ...record, change: `-${toDecimalString(moved.amount)}`, status: 'completed' },
      ...(hasFee ? [{ ...record, change: `-${toDecimalString(moved.fee)}`, status: FUND_FEE_STATUS }] : []),
    ],
    [
      completionDelta({
        merchantId: moved.merchantId,
        kind: moved.orderId === null ? 'withdrawal' : 'payment',
        coin: moved.coinName,
        amount: moved.amount,
        fee: moved.fee,
        at: now,
      }),
    ],
  );
  return moved;
}
