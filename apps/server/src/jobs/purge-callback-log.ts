import { and, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { callbackEvents } from '../db/schema';

/**
 * The callback log's retention (docs/decisions/2026-12-07-callback-log-retention.md): a callback
 * event with nothing left to send, delivered or over (given up after its last retry, or skipped
 * for want of a URL), is deleted `retentionDays` after it ended, and its delivery log with it
 * (callback_deliveries cascades). An event that is still due, waiting for a retry, leased by a
 * worker or queued again by a resend has a `run_at` or its lease and is never touched: each
 * condition is checked again on the row as it is deleted, so a resend racing the purge wins.
 * Run hourly with the other purges (start-jobs.ts), in batches so no statement holds many locks.
 */
export const PURGE_BATCH = 1000;
const DAY_MS = 24 * 60 * 60_000;

export async function purgeCallbackLog(db: Executor, now: Date, retentionDays: number): Promise<number> {
  const before = new Date(now.getTime() - retentionDays * DAY_MS);
  // It ended at its last delivery or giving up (a delivered event resent and given up keeps both;
  // greatest skips a null). The expression of callback_events_settled_idx, so the batch uses it.
  const endedBefore = and(
    isNull(callbackEvents.runAt),
    eq(callbackEvents.leased, false),
    lt(sql`greatest(${callbackEvents.deliveredAt}, ${callbackEvents.gaveUpAt})`, before),
  );
  let purged = 0;
  for (;;) {
    const batch = db
      .select({ id: callbackEvents.id })
      .from(callbackEvents)
      .where(endedBefore)
      .limit(PURGE_BATCH);
    const deleted = await db
      .delete(callbackEvents)
      .where(and(inArray(callbackEvents.id, batch), endedBefore))
      .returning({ id: callbackEvents.id });
    purged += deleted.length;
    if (deleted.length < PURGE_BATCH) return purged;
  }
}
