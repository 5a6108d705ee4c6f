import { type PayoutObject, toDecimalString } from '@tollgate/contracts';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { applications, orders } from '../../db/schema';
import { recordCallbackEvent } from '../callbacks/callback-events';
import type { OrderRow } from '../orders/order.repository';
import { shownWithdrawalStatus, type WithdrawalRow } from './withdrawal.repository';

/**
 * A payout is an order (type payout: records, application counts, callbacks) whose money moves
 * as a withdrawal. The withdrawal row decides; its order mirrors it in the same transaction, and
 * each status it reaches after acceptance is told to the shop through the callback outbox:
 * payout.processing, payout.completed, payout.failed, payout.rejected. Body
 * `{ id, type, createdAt, data: { payout } }`.
 */
export function toPayoutObject(
  order: Pick<OrderRow, 'orderNo' | 'merchantOrderNo' | 'description' | 'createdAt'>,
  withdrawal: WithdrawalRow,
  appId: string,
): PayoutObject {
  return {
    orderNo: order.orderNo,
    merchantOrderNo: order.merchantOrderNo,
    appId,
    currency: withdrawal.coinName,
    network: withdrawal.chainId,
    address: withdrawal.address,
    amount: toDecimalString(withdrawal.amount),
    fee: toDecimalString(withdrawal.fee),
    status: shownWithdrawalStatus(withdrawal.status),
    reason: withdrawal.reason,
    txHash: withdrawal.txHash,
    description: order.description,
    test: withdrawal.test,
    createdAt: order.createdAt.toISOString(),
    completedAt:
      withdrawal.status === 'completed' && withdrawal.finishedAt ? withdrawal.finishedAt.toISOString() : null,
  };
}

const TOLD: ReadonlySet<string> = new Set(['processing', 'completed', 'failed', 'rejected']);

/**
 * Mirrors the withdrawal on its payout order, and tells the shop (unless `tell: false`); true
 * when an event was written. The shop sees `sending` as `processing` (shownWithdrawalStatus):
 * payout.processing ("approved and sent on chain") is told once the send is broadcast with its
 * hash (withdrawal-send.ts), not at the approval or the claim before it, so its body carries the
 * txHash; a replacement's or the mined hash later only shows on the order.
 */
export async function syncPayout(
  tx: Executor,
  withdrawal: WithdrawalRow,
  now: Date,
  options: { tell?: boolean } = {},
): Promise<boolean> {
  if (withdrawal.orderId === null) return false;
  const [order] = await tx
    .update(orders)
    .set({
      status: shownWithdrawalStatus(withdrawal.status),
      txHash: withdrawal.txHash,
      fee: withdrawal.fee,
      paidAmount: withdrawal.status === 'completed' ? withdrawal.amount : '0',
      completedAt: withdrawal.status === 'completed' ? now : null,
      updatedAt: now,
    })
    .where(eq(orders.id, withdrawal.orderId))
    .returning();
  const shown = shownWithdrawalStatus(withdrawal.status);
  if (!order || options.tell === false || !TOLD.has(shown)) return false;
  if (shown === 'processing' && withdrawal.txHash === null) return false;
  const [app] = await tx
    .select({ appId: applications.appId })
    .from(applications)
    .where(eq(applications.id, order.applicationId));
  await recordCallbackEvent(tx, {
    merchantId: order.merchantId,
    applicationId: order.applicationId,
    orderId: order.id,
    type: `payout.${shown}` as 'payout.processing',
    data: { payout: toPayoutObject(order, withdrawal, app?.appId ?? '') },
    now,
  });
  return true;
}
