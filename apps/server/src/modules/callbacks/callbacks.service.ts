import type { CallbackAttempt, CallbackResendResult } from '@tollgate/contracts';
import { ErrorCode } from '@tollgate/contracts';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { applications, callbackEvents, orders } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { ServiceDeps } from '../../types';
import { systemResolver } from './address-guard';
import { type AttemptRecord, attemptCallback, type CallbackDeliveryDeps } from './callback-delivery';
import { insertCallbackEvent } from './callback-events';
import { CALLBACK_TIMEOUT_MS } from './callback-http';
import { deliveryErrorCode } from './delivery-error';
import { latestEventFirst } from './delivery-log';
import { findResendBlock, RESEND_BLOCK_CODE } from './resend-rule';

/**
 * The back office's callback actions.
 *
 * Resend: the order's latest event (it carries the order's current state; the receiver
 * deduplicates by its id) is queued again with a fresh retry schedule (callback-queue.ts).
 * Idempotent:
 * - a delivery of that event still queued or retrying is not doubled: an event waiting for its
 *   retry is made due now, one a worker holds is left to finish;
 * - a resend within RESEND_DEBOUNCE of the event's last schedule (a double click, even one that
 *   lands after a fast delivery) is the same resend.
 * The event row is locked for the decision, so two clicks at once on two nodes queue it once.
 *
 * Test event: a `test` event to the application's callback URL, signed like any other, sent
 * once while the call waits (at most the 10 s timeout), logged, never retried.
 */
const RESEND_DEBOUNCE_SECONDS = 10;

export function callbackDeliveryDeps(app: FastifyInstance): CallbackDeliveryDeps {
  return {
    db: app.db,
    now: app.now,
    secrets: app.secrets,
    allowPrivate: app.config.allowPrivateCallbacks,
    resolve: systemResolver,
    timeoutMs: CALLBACK_TIMEOUT_MS,
  };
}

export async function resendOrderCallback(
  deps: Pick<ServiceDeps, 'db' | 'now' | 'jobs'>,
  merchantId: number,
  orderNo: string,
): Promise<CallbackResendResult> {
  const now = deps.now();
  const result = await deps.db.transaction(async (tx) => {
    const [order] = await tx
      .select({ id: orders.id, callbackUrl: orders.callbackUrl, appCallbackUrl: applications.callbackUrl })
      .from(orders)
      .leftJoin(applications, eq(applications.id, orders.applicationId))
      .where(and(eq(orders.orderNo, orderNo), eq(orders.merchantId, merchantId)));
    if (!order) throw new AppError(ErrorCode.NOT_FOUND);
    const [event] = await tx
      .select({
        id: callbackEvents.id,
        type: callbackEvents.type,
        runAt: callbackEvents.runAt,
        leased: callbackEvents.leased,
        queuedAt: callbackEvents.queuedAt,
      })
      .from(callbackEvents)
      .where(eq(callbackEvents.orderId, order.id))
      .orderBy(...latestEventFirst, asc(callbackEvents.id))
      .limit(1)
      .for('update');
    // Nowhere to send it, or nothing yet: said now (the order detail says it too), not queued to
    // be logged as skipped.
    const block = findResendBlock({ ...order, hasEvent: event !== undefined });
    if (block || !event) throw new AppError(RESEND_BLOCK_CODE[block ?? 'no_event']);
    const summary = { eventId: event.id, eventType: event.type };
    const open = event.runAt !== null;
    const justQueued =
      event.queuedAt !== null && now.getTime() - event.queuedAt.getTime() < RESEND_DEBOUNCE_SECONDS * 1000;
    if (open || justQueued) {
      // Waiting for its next try: due now. Held by a worker (leased): left to finish.
      if (open && !event.leased && (event.runAt as Date) > now) {
        await tx.update(callbackEvents).set({ runAt: now }).where(eq(callbackEvents.id, event.id));
      }
      return { ...summary, alreadyQueued: true };
    }
    await tx
      .update(callbackEvents)
      .set({ gaveUpAt: null, runAt: now, tries: 0, leased: false, queuedAt: now })
      .where(eq(callbackEvents.id, event.id));
    return { ...summary, alreadyQueued: false };
  });
  deps.jobs.wake();
  return result;
}

export async function sendTestEvent(
  deps: CallbackDeliveryDeps,
  merchantId: number,
  appId: string,
): Promise<CallbackAttempt> {
  const [app] = await deps.db
    .select({ id: applications.id, callbackUrl: applications.callbackUrl })
    .from(applications)
    .where(
      and(
        eq(applications.appId, appId),
        eq(applications.merchantId, merchantId),
        isNull(applications.deletedAt),
      ),
    );
  if (!app) throw new AppError(ErrorCode.NOT_FOUND, { variant: 'applicationNotFound' });
  if (!app.callbackUrl) throw new AppError(ErrorCode.CALLBACK_URL_MISSING);
  const event = await insertCallbackEvent(
    deps.db,
    {
      merchantId,
      applicationId: app.id,
      orderId: null,
      type: 'test',
      data: { appId },
      now: deps.now(),
    },
    { queued: false },
  );
  const attempt = await attemptCallback(deps, event.id, { lastAttempt: true });
  if (!attempt) throw new Error('the test event vanished');
  return toCallbackAttempt(attempt, 'test', event.body);
}

export function toCallbackAttempt(
  attempt: AttemptRecord,
  eventType: string,
  requestBody: string,
): CallbackAttempt {
  return {
    eventId: attempt.eventId,
    eventType,
    attempt: attempt.attempt,
    createdAt: attempt.createdAt.toISOString(),
    url: attempt.url,
    requestBody,
    responseStatus: attempt.responseStatus,
    responseBody: attempt.responseBody,
    durationMs: attempt.durationMs,
    error: attempt.error,
    errorCode: deliveryErrorCode(attempt.error),
    acknowledged: attempt.acknowledged,
  };
}
