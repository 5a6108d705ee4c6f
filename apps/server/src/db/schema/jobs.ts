import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The job queue (mails, Telegram alerts, exports, notices; callbacks are their own queue, on
 * their events' rows: modules/callbacks/callback-queue.ts). A job row is written in the same transaction as
 * the change it follows from, so a committed change always has its job and a rolled-back one
 * never does. Workers claim due rows with FOR UPDATE SKIP LOCKED.
 */
const at = (name: string) => timestamp(name, { withTimezone: true });

export const jobs = pgTable(
  'jobs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').notNull(),
    /** When it may run next: now for a new job, later after a failure, or the end of a claim's lease. */
    runAt: at('run_at').notNull(),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    doneAt: at('done_at'),
    /** Set when the attempts are spent: the job stays for inspection, never runs again. */
    failedAt: at('failed_at'),
    createdAt: at('created_at').notNull().default(sql`now()`),
  },
  // In the claim's order (run_at, then id): a claim reads the few rows it takes, not every due
  // job to sort them (a burst of events committed together shares one run_at).
  (t) => [index('jobs_due_idx').on(t.runAt, t.id).where(sql`${t.doneAt} is null and ${t.failedAt} is null`)],
);

/** Mails "sent" without SMTP_URL: the development outbox (never served in production). */
export const devOutbox = pgTable('dev_outbox', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  toAddress: text('to_address').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  html: text('html').notNull(),
  createdAt: at('created_at').notNull(),
});
