import type { DeliveryLog as DeliveryLogResponse, ResendBlock } from '@tollgate/contracts';
import { asc, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { callbackDeliveries, callbackEvents } from '../../db/schema';
import { deliveryErrorCode } from './delivery-error';

/**
 * An order's delivery log and what SPEC 3 calls its push status and notification success,
 * both read from the callback outbox:
 * - `none`: no event yet, or the latest was skipped (no callback URL to send to);
 * - `delivered`: the latest event was acknowledged (it carries the order's current state);
 * - `failed`: the latest event's retry schedule is spent without an acknowledgement;
 * - `pending`: the latest event is queued or waiting for its next retry.
 */
export type PushStatus = 'pending' | 'delivered' | 'failed' | 'none';

export interface DeliveryAttempt {
  eventId: string;
  eventType: string;
  attempt: number;
  createdAt: Date;
  url: string;
  requestBody: string;
  responseStatus: number | null;
  responseBody: string | null;
  durationMs: number;
  error: string | null;
  acknowledged: boolean;
}

export interface DeliveryLog {
  /** Newest first. */
  attempts: DeliveryAttempt[];
  pushStatus: PushStatus;
  notificationSuccess: boolean;
  /** Pending, tried and waiting for its retry: when that is (a worker holding it is sending it now). */
  nextAttemptAt: Date | null;
  /** Whether the order has any event (a notification a resend could send again). */
  hasEvent: boolean;
}

/**
 * Newest first; events written in one transaction share their time, so the later state wins
 * the tie (completed or expired after confirming after payment_received).
 */
export const latestEventFirst = [
  desc(callbackEvents.createdAt),
  desc(sql`case ${callbackEvents.type}
    when 'collection.completed' then 3 when 'collection.expired' then 3
    when 'collection.confirming' then 2 when 'collection.payment_received' then 1 else 0 end`),
] as const;

export async function getDeliveryLog(db: Executor, orderId: number): Promise<DeliveryLog> {
  const attempts = await db
    .select({
      eventId: callbackDeliveries.eventId,
      eventType: callbackEvents.type,
      attempt: callbackDeliveries.attempt,
      createdAt: callbackDeliveries.createdAt,
      url: callbackDeliveries.url,
      // null when the body sent was the event's own (not copied per attempt).
      requestBody: sql<string>`coalesce(${callbackDeliveries.requestBody}, ${callbackEvents.body})`,
      responseStatus: callbackDeliveries.responseStatus,
      responseBody: callbackDeliveries.responseBody,
      durationMs: callbackDeliveries.durationMs,
      error: callbackDeliveries.error,
      acknowledged: callbackDeliveries.acknowledged,
    })
    .from(callbackDeliveries)
    .innerJoin(callbackEvents, eq(callbackEvents.id, callbackDeliveries.eventId))
    .where(eq(callbackEvents.orderId, orderId))
    .orderBy(desc(callbackDeliveries.createdAt), desc(callbackDeliveries.id));
  const [latest] = await db
    .select({
      id: callbackEvents.id,
      deliveredAt: callbackEvents.deliveredAt,
      gaveUpAt: callbackEvents.gaveUpAt,
      runAt: callbackEvents.runAt,
      leased: callbackEvents.leased,
    })
    .from(callbackEvents)
    .where(eq(callbackEvents.orderId, orderId))
    .orderBy(...latestEventFirst, asc(callbackEvents.id))
    .limit(1);
  const latestAttempt = attempts.find((attempt) => attempt.eventId === latest?.id);
  const pushStatus = pushStatusOf(latest, latestAttempt);
  // A retry's time only once it has been tried: a new event's runAt is its own creation, due now.
  const waiting = pushStatus === 'pending' && latestAttempt && latest?.leased === false ? latest.runAt : null;
  return {
    attempts,
    pushStatus,
    notificationSuccess: pushStatus === 'delivered',
    nextAttemptAt: waiting,
    hasEvent: latest !== undefined,
  };
}

function pushStatusOf(
  latest: { deliveredAt: Date | null; gaveUpAt: Date | null } | undefined,
  lastAttempt: DeliveryAttempt | undefined,
): PushStatus {
  if (!latest) return 'none';
  if (latest.deliveredAt) return 'delivered';
  if (latest.gaveUpAt) return lastAttempt?.url === '' ? 'none' : 'failed';
  return 'pending';
}

/** The log as the contracts' `deliveryLog` (ISO times), for the order detail. */
export function toDeliveryLogResponse(
  log: DeliveryLog,
  resendBlockedBy: ResendBlock | null,
): DeliveryLogResponse {
  return {
    attempts: log.attempts.map((attempt) => ({
      ...attempt,
      createdAt: attempt.createdAt.toISOString(),
      errorCode: deliveryErrorCode(attempt.error),
    })),
    pushStatus: log.pushStatus,
    notificationSuccess: log.notificationSuccess,
    nextAttemptAt: log.nextAttemptAt?.toISOString() ?? null,
    resendBlockedBy,
  };
}
