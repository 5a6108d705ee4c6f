import { money, toDecimalString } from '@tollgate/contracts';
import type { OrderRow } from './order.repository';

/**
 * The collection order's state machine, as pure decisions (the watcher applies them under the
 * order's row lock, in the transaction that records their cause). Status and exception are
 * kept apart (BTCPay's split). Rules, in order:
 * 1. Expiry: a pending order past expires_at becomes `expired`, with `underpaid` when something
 *    arrived. Only pending orders expire: a `confirming` one was paid in time.
 * 2. A payment (a transfer of the order's coin to its address) adds to paidAmount; the first
 *    one sets txHash and the arrival time. Whether it came in time is its block's time, never
 *    the watcher's clock (a block mined before the expiry and scanned after is in time); the
 *    watcher expires a pending order first when the block is timed at or after its expiry.
 *    - pending, now at least the amount: `confirming` (`overpaid` when more);
 *    - pending, still less: stays pending;
 *    - confirming or completed: `overpaid`;
 *    - expired, the block after the expiry: `late` (it replaces `underpaid`);
 *    - expired, the block before the expiry (the expiry was decided on the clock before the
 *      chain's block was seen): as if still pending, so `confirming` once the amount is there,
 *      else `underpaid`; never `late`.
 *    A payment that changes the status writes that status's event; any other writes
 *    collection.payment_received (the order object in it carries the new paidAmount).
 * 3. A credit (a transfer with its confirmations, of an order that is no longer pending) adds
 *    its fee; a `confirming` order whose last waiting transfer it was becomes `completed`.
 *    Payments to a pending order wait: they are credited once it completes or expires.
 * 4. A reorg that drops uncredited payments decides again from what is left (decideOnReorg).
 */
export type OrderEventType =
  | 'collection.confirming'
  | 'collection.completed'
  | 'collection.expired'
  | 'collection.payment_received'
  | 'collection.payment_reverted';

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
  payment: { amount: string; txHash: string; blockTime: Date },
  now: Date,
): OrderDecision {
  const paid = money(order.paidAmount).plus(payment.amount);
  const set: OrderDecision['set'] = {
    paidAmount: toDecimalString(paid),
    txHash: order.txHash ?? payment.txHash,
    arrivedAt: order.arrivedAt ?? now,
  };
  const inTime = payment.blockTime.getTime() < order.expiresAt.getTime();
  const open =
    order.status === 'pending' || (order.status === 'expired' && inTime && order.exception !== 'late');
  if (open) {
    if (paid.lt(order.amount)) {
      const exception = order.status === 'expired' ? 'underpaid' : order.exception;
      return { set: { ...set, exception }, event: 'collection.payment_received' };
    }
    return {
      set: { ...set, status: 'confirming', exception: paid.gt(order.amount) ? 'overpaid' : null },
      event: 'collection.confirming',
    };
  }
  const exception = order.status === 'expired' ? 'late' : 'overpaid';
  return { set: { ...set, exception }, event: 'collection.payment_received' };
}

/**
 * A reorg dropped some of the order's uncredited payments: what is left (its transfers still
 * recorded, credited or waiting; a credited one orphaned deeper than the confirmations still
 * counts, it is booked and the operator's alert lists it) decides again.
 * - the paid amount is the sum of what is left; the first left is its txHash;
 * - pending or confirming: `confirming` while what is left is at least the amount (`overpaid`
 *   when more), else back to `pending` (the expiry pass expires it if its time is over);
 * - completed stays completed (what completed it was credited): `overpaid` only while more
 *   than the amount is left;
 * - expired: `late` if a payment left came after the expiry, `underpaid` if any is left, else none.
 * Always with collection.payment_reverted: the order object in it carries what is left.
 */
export function decideOnReorg(
  order: OrderRow,
  left: { amount: string; txHash: string; blockTime: Date | null }[],
): OrderDecision {
  const paid = left.reduce((sum, t) => sum.plus(t.amount), money('0'));
  const set: OrderDecision['set'] = {
    paidAmount: toDecimalString(paid),
    txHash: left[0]?.txHash ?? null,
    arrivedAt: left.length > 0 ? order.arrivedAt : null,
  };
  const over = paid.gt(order.amount) ? 'overpaid' : null;
  if (order.status === 'pending' || order.status === 'confirming') {
    const enough = paid.gte(order.amount);
    Object.assign(set, { status: enough ? 'confirming' : 'pending', exception: enough ? over : null });
  } else if (order.status === 'completed') {
    set.exception = over;
  } else if (order.status === 'expired') {
    const late = left.some((t) => t.blockTime !== null && t.blockTime.getTime() >= order.expiresAt.getTime());
    set.exception = late ? 'late' : paid.gt(0) ? 'underpaid' : null;
  }
  return { set, event: 'collection.payment_reverted' };
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
