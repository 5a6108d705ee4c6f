import type { CallbackAttempt, CallbackResendResult } from '@tollgate/contracts';
import { ErrorCode } from '@tollgate/contracts';
import { and, asc, desc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { applications, callbackEvents, jobs, orders } from '../../db/schema';
import { enqueueJob, runJobNow } from '../../jobs/queue';
import { AppError } from '../../lib/app-error';
import type { ServiceDeps } from '../../types';
import { systemResolver } from './address-guard';
import { type AttemptRecord, attemptCallback, type CallbackDeliveryDeps } from './callback-delivery';
import { CALLBACK_JOB, type CallbackJobPayload, insertCallbackEvent } from './callback-events';
import { CALLBACK_TIMEOUT_MS } from './callback-http';
import { deliveryErrorCode } from './delivery-error';
import { latestEventFirst } from './delivery-log';

/**
 * The back office's callback actions.
 *
 * Resend: the order's latest event (it carries the order's current state; the receiver
 * deduplicates by its id) gets a new delivery job with a fresh retry schedule. Idempotent:
 * - a delivery of that event still queued or retrying is not doubled: a job waiting for its
 *   retry is made due now, one a worker holds is left to finish;
 * - a resend within RESEND_DEBOUNCE of the event's last job (a double click, even one that
 *   lands after a fast delivery) is the same resend.
 * The event row is locked for the decision, so two clicks at once on two nodes queue one job.
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
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.orderNo, orderNo), eq(orders.merchantId, merchantId)));
    if (!order) throw new AppError(ErrorCode.NOT_FOUND);
    const [event] = await tx
      .select({ id: callbackEvents.id, type: callbackEvents.type, attempts: callbackEvents.attempts })
      .from(callbackEvents)
      .where(eq(callbackEvents.orderId, order.id))
      .orderBy(...latestEventFirst, asc(callbackEvents.id))
      .limit(1)
      .for('update');
    if (!event) throw new AppError(ErrorCode.CALLBACK_NOTHING_TO_RESEND);
    const summary = { eventId: event.id, eventType: event.type };
    const [previous] = await tx
      .select({ id: jobs.id, doneAt: jobs.doneAt, failedAt: jobs.failedAt })
      .from(jobs)
      .where(
        and(
          eq(jobs.kind, CALLBACK_JOB),
          sql`${jobs.payload}->>'eventId' = ${event.id}`,
          or(
            and(isNull(jobs.doneAt), isNull(jobs.failedAt)),
            gt(jobs.createdAt, sql`now() - make_interval(secs => ${RESEND_DEBOUNCE_SECONDS})`),
          ),
        ),
      )
      .orderBy(desc(jobs.id))
      .limit(1);
    if (previous) {
      if (!previous.doneAt && !previous.failedAt) await runJobNow(tx, previous.id, now);
      return { ...summary, alreadyQueued: true };
    }
    await tx.update(callbackEvents).set({ gaveUpAt: null }).where(eq(callbackEvents.id, event.id));
    const payload: CallbackJobPayload = { eventId: event.id, after: event.attempts };
    await enqueueJob(tx, CALLBACK_JOB, payload, now);
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
  const event = await insertCallbackEvent(deps.db, {
    merchantId,
    applicationId: app.id,
    orderId: null,
    type: 'test',
    data: { appId },
    now: deps.now(),
  });
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
