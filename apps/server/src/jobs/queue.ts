import { and, asc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Database, Executor } from '../db/client';
import { jobs } from '../db/schema';

/**
 * The job queue on PostgreSQL. Enqueue inside the caller's transaction (outbox): the job
 * exists exactly when the change it follows from was committed. A claim takes one due job
 * with FOR UPDATE SKIP LOCKED, so concurrent workers (other processes too) never take the
 * same one, and leases it: a worker that dies mid-job leaves it to be retried after LEASE_MS.
 */
export type JobRow = typeof jobs.$inferSelect;

export const MAX_ATTEMPTS = 8;
const LEASE_MS = 5 * 60_000;
const FIRST_RETRY_MS = 10_000;
const MAX_RETRY_MS = 60 * 60_000;

export async function enqueueJob(db: Executor, kind: string, payload: unknown, now: Date): Promise<void> {
  await db.insert(jobs).values({ kind, payload, runAt: now });
}

export async function claimDueJob(db: Database, now: Date): Promise<JobRow | undefined> {
  const due = db
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(isNull(jobs.doneAt), isNull(jobs.failedAt), lte(jobs.runAt, now)))
    .orderBy(asc(jobs.runAt), asc(jobs.id))
    .limit(1)
    .for('update', { skipLocked: true });
  const [job] = await db
    .update(jobs)
    .set({ attempts: sql`${jobs.attempts} + 1`, runAt: new Date(now.getTime() + LEASE_MS) })
    .where(inArray(jobs.id, due))
    .returning();
  return job;
}

/** `payload` replaces the stored one (a mail's code is scrubbed once it is out). */
export async function completeJob(db: Executor, id: number, now: Date, payload?: unknown): Promise<void> {
  await db
    .update(jobs)
    .set({ doneAt: now, lastError: null, ...(payload === undefined ? {} : { payload }) })
    .where(eq(jobs.id, id));
}

/** 10 s, 20 s, 40 s … capped at an hour; after MAX_ATTEMPTS the job is given up. */
export function retryDelayMs(attempts: number): number {
  return Math.min(FIRST_RETRY_MS * 2 ** Math.max(attempts - 1, 0), MAX_RETRY_MS);
}

export async function failJob(
  db: Executor,
  job: JobRow,
  error: unknown,
  now: Date,
  payload?: unknown,
): Promise<'retry' | 'given-up'> {
  const lastError = (error instanceof Error ? error.message : String(error)).slice(0, 1000);
  const givenUp = job.attempts >= MAX_ATTEMPTS;
  await db
    .update(jobs)
    .set({
      lastError,
      ...(givenUp
        ? { failedAt: now, ...(payload === undefined ? {} : { payload }) }
        : { runAt: new Date(now.getTime() + retryDelayMs(job.attempts)) }),
    })
    .where(eq(jobs.id, job.id));
  return givenUp ? 'given-up' : 'retry';
}
