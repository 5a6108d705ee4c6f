import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { exportJobs, jobs, merchants } from '../../db/schema';
import { LEASE_MS } from '../../jobs/queue';

/** export_jobs rows: written when an export becomes a job, moved on by its job. */
export type ExportJobRow = typeof exportJobs.$inferSelect;

export async function insertExportJob(db: Executor, row: typeof exportJobs.$inferInsert): Promise<void> {
  await db.insert(exportJobs).values(row);
}

export async function findExportJob(db: Executor, id: string): Promise<ExportJobRow | undefined> {
  const [row] = await db.select().from(exportJobs).where(eq(exportJobs.id, id));
  return row;
}

/** The caller's own export only: another merchant's id reads as none. */
export async function findOwnExportJob(
  db: Executor,
  merchantId: number,
  id: string,
): Promise<ExportJobRow | undefined> {
  const [row] = await db
    .select()
    .from(exportJobs)
    .where(and(eq(exportJobs.id, id), eq(exportJobs.merchantId, merchantId)));
  return row;
}

/**
 * The merchant's exports still queued or running (a failed try waiting for its retry is queued),
 * counted under a lock of the merchant's row, so two concurrent calls cannot both pass the cap.
 */
export async function countActiveExportJobs(tx: Executor, merchantId: number): Promise<number> {
  await tx.select({ id: merchants.id }).from(merchants).where(eq(merchants.id, merchantId)).for('update');
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(exportJobs)
    .where(and(eq(exportJobs.merchantId, merchantId), inArray(exportJobs.status, ['queued', 'running'])));
  return Number(row?.n ?? 0);
}

export async function updateExportJob(
  db: Executor,
  id: string,
  set: Partial<typeof exportJobs.$inferInsert>,
): Promise<void> {
  await db.update(exportJobs).set(set).where(eq(exportJobs.id, id));
}

/**
 * The rows written so far, and the queue job's lease pushed on: a long export is still being
 * worked on, not a lost worker's job for another one to take.
 */
export async function recordExportProgress(
  db: Executor,
  exportId: string,
  jobId: number,
  rows: number,
  now: Date,
): Promise<void> {
  await db.update(exportJobs).set({ rows }).where(eq(exportJobs.id, exportId));
  await db
    .update(jobs)
    .set({ runAt: new Date(now.getTime() + LEASE_MS) })
    .where(and(eq(jobs.id, jobId), sql`${jobs.doneAt} is null`));
}
