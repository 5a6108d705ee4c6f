import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { fixedStatement } from '../../db/fixed-statement';
import { callbackEvents } from '../../db/schema';
import { LEASE_MS, scheduledRetryPolicy } from '../../jobs/queue';
import { createClaimLoop, type JobWorker } from '../../jobs/worker';
import { createSlots, type Slots } from '../../lib/slots';
import {
  EVENT_FOR_ATTEMPT,
  type EventForAttempt,
  type EventRow,
  recordAttempt,
  toEventForAttempt,
} from './attempt-statements';
import { attemptCallback, type CallbackDeliveryDeps, settledSchedule } from './callback-delivery';
import { DELIVERY_ERROR_TEXT } from './delivery-error';

/**
 * The callback events are their own leased queue: an event's row says when its next attempt may
 * start (`run_at`), and nothing else is written to deliver it. One event, one row, from the
 * transaction that wrote it to its last attempt:
 * - written due (`run_at` = its time) in the transaction of the change it reports (outbox);
 * - a claim takes due rows in the due index's order (their time, then the order they were
 *   written in: `seq`) with FOR UPDATE SKIP LOCKED (workers on
 *   other nodes never take the same row), counts the try, leases the row (`run_at` = the lease's
 *   end, `leased`) and reads what the attempt needs (its application, its order's URL), in one
 *   statement. A worker that dies mid-delivery leaves the row due again when the lease ends;
 * - the attempt's record (attempt-statements.ts) logs it and settles the row in one statement:
 *   delivered or over (`run_at` null), or due again at its retry's time. The lease (5 minutes) is
 *   far longer than the 10 s timeout, so no two workers send an event at once;
 * - a resend (callbacks.service.ts) starts a new schedule on the row: `tries` 0, due now.
 * Tries follow the callback schedule (15 s … 24 h, or CALLBACK_RETRY_DELAYS), then the event
 * is given up.
 */
export interface ClaimedCallback extends EventForAttempt {
  /** This attempt's number in the current schedule (the claim counted it). */
  tries: number;
}

export const CLAIM_DUE_CALLBACKS = fixedStatement<EventRow & { tries: number; seq: number | string }>(
  sql`
    with claimed as (
      update ${callbackEvents}
      set tries = tries + 1, run_at = ${sql.placeholder('leaseUntil')}::timestamptz, leased = true
      where id in (
        select id from ${callbackEvents}
        where run_at <= ${sql.placeholder('now')}::timestamptz
        order by run_at, seq
        limit ${sql.placeholder('limit')}::int
        for update skip locked
      )
      returning id, body, format, application_id, order_id, tries, seq
    )
    select ${EVENT_FOR_ATTEMPT.columns}, e.tries, e.seq
    from claimed e
    ${EVENT_FOR_ATTEMPT.joins}
    order by e.seq`,
);

export async function claimDueCallbacks(db: Database, now: Date, limit: number): Promise<ClaimedCallback[]> {
  const rows = await CLAIM_DUE_CALLBACKS.run(db, {
    leaseUntil: new Date(now.getTime() + LEASE_MS).toISOString(),
    now: now.toISOString(),
    limit,
  });
  return rows.map((row) => ({ ...toEventForAttempt(row), tries: Number(row.tries) }));
}

/**
 * Gives claimed events back that were never attempted (the worker stops with them waiting):
 * due again now, their try not counted, unless claimed again since (a lease that ran out).
 */
const RELEASE_CALLBACKS = fixedStatement(
  sql`
    update ${callbackEvents} e
    set run_at = ${sql.placeholder('now')}::timestamptz, tries = e.tries - 1, leased = false
    from unnest(${sql.placeholder('ids')}::text[], ${sql.placeholder('tries')}::int[]) as r(id, tries)
    where e.id = r.id and e.tries = r.tries and e.leased`,
);

export async function releaseCallbacks(db: Database, now: Date, events: ClaimedCallback[]): Promise<void> {
  await RELEASE_CALLBACKS.run(db, {
    now: now.toISOString(),
    ids: events.map((event) => event.id),
    tries: events.map((event) => event.tries),
  });
}

/**
 * The callback worker of this process: `concurrency` POSTs in flight at once. Twice as many
 * attempts run at once, so that the POSTs' slots are not held while an attempt's record is on
 * its way to the database (records are batched, and wait for the batch before them). Claims
 * come in batches of many: the loop claims again once half its slots are free (jobs/worker.ts).
 */
export function createCallbackWorker(
  deps: CallbackDeliveryDeps & {
    log: FastifyBaseLogger;
    retryDelaysMs: readonly number[];
    concurrency: number;
    pollMs?: number;
  },
): JobWorker {
  const { db, now, log, concurrency, pollMs } = deps;
  const policy = scheduledRetryPolicy(deps.retryDelaysMs);
  // Once the worker stops, an attempt still waiting for a POST slot sends nothing: its event is
  // given back like one never started (stopping waits for the POSTs in flight only).
  let stopping = false;
  const slots = createSlots(concurrency);
  const sending: Slots = {
    run: (task) =>
      slots.run(() => {
        if (stopping) throw new WorkerStopping();
        return task();
      }),
  };
  const delivery = { ...deps, sending };
  const loop = createClaimLoop<ClaimedCallback>({
    now,
    log,
    concurrency: 2 * concurrency,
    pollMs,
    claim: (limit) => claimDueCallbacks(db, now(), limit),
    release: (events) => releaseCallbacks(db, now(), events),
    describe: (event) => ({ eventId: event.id }),
    async run(event) {
      const lastAttempt = event.tries >= policy.maxAttempts;
      const schedule = { retryDelayMs: lastAttempt ? null : policy.delayMs(event.tries), tries: event.tries };
      let attempt: Awaited<ReturnType<typeof attemptCallback>>;
      try {
        attempt = await attemptCallback(delivery, event, { lastAttempt, schedule });
      } catch (error) {
        if (error instanceof WorkerStopping) {
          await releaseCallbacks(db, now(), [event]);
          return;
        }
        // Whatever else threw (a failure attemptCallback does not foresee, its record's
        // statement): logged and settled on the schedule as a failed attempt, never a row left
        // leased and claimed again every lease for ever. If this record fails too (the database
        // is away), the lease brings the event back.
        const message = error instanceof Error ? error.message : String(error);
        log.error({ err: error, eventId: event.id, tries: event.tries }, 'callback attempt failed');
        await recordAttempt(db)({
          eventId: event.id,
          url: event.orderCallbackUrl || event.appCallbackUrl,
          requestBody: null,
          status: null,
          responseBody: null,
          durationMs: 0,
          error: `${DELIVERY_ERROR_TEXT.notSent}${message}`.slice(0, 1000),
          acknowledged: false,
          over: lastAttempt,
          createdAt: now(),
          schedule: settledSchedule(schedule, now()),
        });
        return;
      }
      if (attempt && attempt.outcome === 'failed') {
        log.warn(
          {
            eventId: event.id,
            tries: event.tries,
            outcome: lastAttempt ? 'given-up' : 'retry',
            err: attempt.error,
          },
          'callback failed',
        );
      }
    },
  });
  return {
    ...loop,
    start() {
      stopping = false;
      loop.start();
    },
    async stop() {
      stopping = true;
      await loop.stop();
    },
  };
}

/** An attempt that found the worker stopping when its turn to POST came: nothing was sent. */
class WorkerStopping extends Error {
  constructor() {
    super('the callback worker is stopping');
  }
}
