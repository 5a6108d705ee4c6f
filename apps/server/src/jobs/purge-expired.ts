import { and, isNotNull, lt } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { devOutbox, emailCodes, jobs, loginFailures } from '../db/schema';
import { deleteEventsBefore } from '../modules/live/live-events';
import { deleteNoncesSeenBefore } from '../modules/merchant-api/api-client.repository';
import { NONCE_RETENTION_MS } from '../modules/merchant-api/signature';

/**
 * Rows that no rule reads any more, deleted so the tables stay small: codes a day past their
 * expiry (the hourly sending caps look back one hour), failed logins older than the hourly
 * window, and finished jobs and outbox mails after a week (kept that long for inspection),
 * merchant API nonces once no request carrying them can pass the timestamp window again, live
 * events an hour old (a stream replays 10 minutes at most).
 */
const HOUR_MS = 60 * 60_000;
const DAY_MS = 24 * HOUR_MS;

export async function purgeExpiredRows(db: Executor, now: Date): Promise<void> {
  const ago = (ms: number) => new Date(now.getTime() - ms);
  await db.delete(emailCodes).where(lt(emailCodes.expiresAt, ago(DAY_MS)));
  await db.delete(loginFailures).where(lt(loginFailures.createdAt, ago(HOUR_MS)));
  await db.delete(jobs).where(and(isNotNull(jobs.doneAt), lt(jobs.doneAt, ago(7 * DAY_MS))));
  await db.delete(devOutbox).where(lt(devOutbox.createdAt, ago(7 * DAY_MS)));
  await deleteNoncesSeenBefore(db, ago(NONCE_RETENTION_MS));
  await deleteEventsBefore(db, ago(HOUR_MS));
}
