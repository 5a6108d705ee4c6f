import { and, eq, gt, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { Database, Executor } from '../db/client';
import { fixedStatement } from '../db/fixed-statement';
import { jobs } from '../db/schema';

/**
 * The job queue on PostgreSQL. Enqueue inside the caller's transaction (outbox): the job
 * exists exactly when the change it follows from was committed. A claim takes one due job
 * with FOR UPDATE SKIP LOCKED, so concurrent workers (other processes too) never take the
 * same one, and leases it: a worker that dies mid-job leaves it to be retried after LEASE_MS.
 * While leased a job has no last error (the claim clears it, a failure sets it again), which
 * is how `runJobNow` tells a job waiting for its retry from one a worker holds.
 */
export const MAX_ATTEMPTS = 8;
/** Longer than any job may run (a callback's 10 s timeout, an SMTP exchange). */
export const LEASE_MS = 5 * 60_000;
const FIRST_RETRY_MS = 10_000;
const MAX_RETRY_MS = 60 * 60_000;

/** How often a kind of job is tried and how long it waits between tries. */
export interface RetryPolicy {
  maxAttempts: number;
  /** The wait after a failed attempt number `attempts` (1 for the first). */
  delayMs(attempts: number): number;
}

export async function enqueueJob(db: Executor, kind: string, payload: unknown, now: Date): Promise<void> {
  await db.insert(jobs).values({ kind, payload, runAt: now });
}

export async function claimDueJob(db: Database, now: Date): Promise<ClaimedJob | undefined> {
  return (await claimDueJobs(db, now, 1))[0];
}

/**
 * Up to `limit` due jobs, oldest first, each leased as `claimDueJob` leases one, in one
 * statement. The due rows are read in the order of the due index (run_at, id), so a claim reads
 * the rows it takes and sorts nothing, and locked with SKIP LOCKED (another worker's are
 * skipped). A fixed text (db/fixed-statement.ts), answering only the columns a worker uses: the
 * claim is on every callback's path.
 */
export const CLAIM_DUE_JOBS = fixedStatement<{
  id: number | string;
  kind: string;
  payload: unknown;
  attempts: number;
  created_at: Date | string;
}>(
  sql`
    update ${jobs}
    set attempts = attempts + 1, run_at = ${sql.placeholder('leaseUntil')}::timestamptz, last_error = null
    where id in (
      select id from ${jobs}
      where done_at is null and failed_at is null and run_at <= ${sql.placeholder('now')}::timestamptz
      order by run_at, id
      limit ${sql.placeholder('limit')}::int
      for update skip locked
    )
    returning id, kind, payload, attempts, created_at`,
);

/** A job as a worker holds it: claimed (counted, leased), with no error while it runs. */
export interface ClaimedJob {
  id: number;
  kind: string;
  payload: unknown;
  /** This attempt's number (the claim counted it). */
  attempts: number;
  createdAt: Date;
}

export async function claimDueJobs(db: Database, now: Date, limit: number): Promise<ClaimedJob[]> {
  const rows = await CLAIM_DUE_JOBS.run(db, {
    leaseUntil: new Date(now.getTime() + LEASE_MS).toISOString(),
    now: now.toISOString(),
    limit,
  });
  return rows
    .map((row) => ({
      id: Number(row.id),
      kind: row.kind,
      payload: row.payload,
      attempts: Number(row.attempts),
      createdAt: new Date(row.created_at),
    }))
    .sort((a, b) => a.id - b.id);
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

/** The policy of every kind that names none (mails). */
export const DEFAULT_RETRY_POLICY: RetryPolicy = { maxAttempts: MAX_ATTEMPTS, delayMs: retryDelayMs };

/** A fixed schedule: the wait after attempt n is `delaysMs[n - 1]`; the attempt after the last wait is the last. */
export function scheduledRetryPolicy(delaysMs: readonly number[]): RetryPolicy {
  return {
    maxAttempts: delaysMs.length + 1,
    delayMs: (attempts) => delaysMs[Math.min(Math.max(attempts, 1), delaysMs.length) - 1] ?? 0,
  };
}

export async function failJob(
  db: Executor,
  job: Pick<ClaimedJob, 'id' | 'attempts'>,
  error: unknown,
  now: Date,
  payload?: unknown,
  policy: RetryPolicy = DEFAULT_RETRY_POLICY,
): Promise<'retry' | 'given-up'> {
  const message = error instanceof Error ? error.message : String(error);
  // Never empty: a job waiting for its retry is told from a leased one by its last error.
  const lastError = (message || 'failed').slice(0, 1000);
  const givenUp = job.attempts >= policy.maxAttempts;
  await db
    .update(jobs)
    .set({
      lastError,
      ...(givenUp
        ? { failedAt: now, ...(payload === undefined ? {} : { payload }) }
        : { runAt: new Date(now.getTime() + policy.delayMs(job.attempts)) }),
    })
    .where(eq(jobs.id, job.id));
  return givenUp ? 'given-up' : 'retry';
}

/**
 * Makes a job waiting for its next try due now (a merchant's "resend"). A job a worker holds
 * (leased: claimed, no error yet) is left alone, so it never runs twice at once. Whether it
 * moved, or was already due or running: true while the job is still open.
 */
export async function runJobNow(db: Executor, id: number, now: Date): Promise<boolean> {
  const open = and(eq(jobs.id, id), isNull(jobs.doneAt), isNull(jobs.failedAt));
  await db
    .update(jobs)
    .set({ runAt: now })
    .where(and(open, gt(jobs.runAt, now), or(eq(jobs.attempts, 0), isNotNull(jobs.lastError))));
  const [row] = await db.select({ id: jobs.id }).from(jobs).where(open);
  return row !== undefined;
}
