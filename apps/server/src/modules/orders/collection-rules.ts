import { money, toDecimalString } from '@tollgate/contracts';
import type { OrderRow } from './order.repository';

/**
 * The collection order's state machine, as pure decisions (the watcher applies them under the
 * order's row lock, in the transaction that records their cause). Status and exception are
 * kept apart (BTCPay's split). Rules, in order:
 * 1. Expiry: a pending order past expires_at becomes `expired`, with `underpaid` when something
 *    arrived. Only pending orders expire: a `confirming` one was paid in time.
 * 2. A payment (a transfer of the order's coin to its address) adds to paidAmount; the first
 *    one sets txHash and the arrival time.
 *    - pending, now at least the amount: `confirming` (`overpaid` when more);
 *    - pending, still less: stays pending;
 *    - confirming or completed: `overpaid`;
 *    - expired: `late` (it replaces `underpaid`: the order was paid after its time).
 *    A payment that changes the status writes that status's event; any other writes
 *    collection.payment_received (the order object in it carries the new paidAmount).
 * 3. A credit (a transfer with its confirmations, of an order that is no longer pending) adds
 *    its fee; a `confirming` order whose last waiting transfer it was becomes `completed`.
 *    Payments to a pending order wait: they are credited once it completes or expires.
 */
export type OrderEventType =
  | 'collection.confirming'
  | 'collection.completed'
  | 'collection.expired'
  | 'collection.payment_received';

export interface OrderDecision {
  set: Partial<
    Pick<OrderRow, 'status' | 'exception' | 'paidAmount' | 'fee' | 'txHash' | 'arrivedAt' | 'completedAt'>
  >;
  event: OrderEventType | null;
}

export function isDue(order: Pick<OrderRow, 'status' | 'expiresAt'>, now: Date): boolean {
  return order.status === 'pending' && order.expiresAt.getTime() <= now.getTime();
}

export function decideOnExpiry(order: OrderRow, now: Date): OrderDecision | null {
  if (!isDue(order, now)) return null;
  return {
    set: { status: 'expired', exception: money(order.paidAmount).gt(0) ? 'underpaid' : null },
    event: 'collection.expired',
  };
}

export function decideOnPayment(
  order: OrderRow,
  payment: { amount: string; txHash: string },
  now: Date,
): OrderDecision {
  const paid = money(order.paidAmount).plus(payment.amount);
  const set: OrderDecision['set'] = {
    paidAmount: toDecimalString(paid),
    txHash: order.txHash ?? payment.txHash,
    arrivedAt: order.arrivedAt ?? now,
  };
  if (order.status === 'pending') {
    if (paid.lt(order.amount)) return { set, event: 'collection.payment_received' };
    return {
      set: { ...set, status: 'confirming', exception: paid.gt(order.amount) ? 'overpaid' : null },
      event: 'collection.confirming',
    };
  }
  const exception = order.status === 'expired' ? 'late' : 'overpaid';
  return { set: { ...set, exception }, event: 'collection.payment_received' };
}

export function decideOnCredit(
  order: OrderRow,
  fee: string,
  othersWaiting: boolean,
  now: Date,
): OrderDecision {
  const set: OrderDecision['set'] = { fee: toDecimalString(money(order.fee).plus(fee)) };
  if (order.status !== 'confirming' || othersWaiting) return { set, event: null };
  return { set: { ...set, status: 'completed', completedAt: now }, event: 'collection.completed' };
}
