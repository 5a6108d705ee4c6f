import type { Executor } from '../../db/client';
import type { OrderDecision } from '../orders/collection-rules';
import type { OrderRow } from '../orders/order.repository';
import { type OrderEventContext, writeOrderEvent } from '../orders/order-events';
import { type LockedOrder, updateOrder } from './watch.repository';

/** Applies a decision to the locked order and writes its event; returns the order after it. */
export async function applyDecision(
  tx: Executor,
  deps: { events: OrderEventContext },
  locked: LockedOrder,
  decision: OrderDecision,
  now: Date,
  report: { events: number },
): Promise<OrderRow> {
  const order = await updateOrder(tx, locked.order.id, { ...decision.set, updatedAt: now });
  if (decision.event) {
    await writeOrderEvent(tx, deps.events, { order, appId: locked.appId, type: decision.event, now });
    report.events += 1;
  }
  return order;
}
