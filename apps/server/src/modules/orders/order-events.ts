import type { Executor } from '../../db/client';
import { recordCallbackEvent } from '../callbacks/callback-events';
import type { OrderEventType } from './collection-rules';
import type { OrderRow } from './order.repository';
import { toOrderObject } from './order-object';

/**
 * Writes an order's callback event in the transaction of the change it reports (the outbox of
 * modules/callbacks): body `{ id, type, createdAt, data: { order } }` with the order as it is
 * after the change. Orders made through the epusdt-compatible endpoint are told in epusdt's own
 * format instead, by that module's writer (`epusdt`), when one is given.
 */
export type EpusdtEventWriter = (
  tx: Executor,
  event: { order: OrderRow; appId: string; type: OrderEventType; now: Date },
) => Promise<void>;

export interface OrderEventContext {
  publicUrl: string;
  epusdt?: EpusdtEventWriter | undefined;
}

export async function writeOrderEvent(
  tx: Executor,
  context: OrderEventContext,
  event: { order: OrderRow; appId: string; type: OrderEventType; now: Date },
): Promise<void> {
  const { order, appId, type, now } = event;
  if (order.source === 'epusdt') {
    await context.epusdt?.(tx, event);
    return;
  }
  await recordCallbackEvent(tx, {
    merchantId: order.merchantId,
    applicationId: order.applicationId,
    orderId: order.id,
    type,
    data: { order: toOrderObject(order, { publicUrl: context.publicUrl, appId }) },
    now,
  });
}
