import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { merchants, withdrawalBatches } from '../../db/schema';

/** withdrawal_batches: a batch between its preview and its one submission. */
export type BatchRow = typeof withdrawalBatches.$inferSelect;

/** A previewed row as the preview answers it. */
export interface BatchRowValues {
  line: number;
  coinName: string;
  chainId: string;
  address: string;
  amount: string;
  fee: string | null;
  remark: string;
  error: string | null;
}

/**
 * A row as stored: its values in that order, without the names (10,000 rows take a third less
 * room, and PostgreSQL parses the jsonb that much faster).
 */
export type StoredBatchRow = [
  line: number,
  coinName: string,
  chainId: string,
  address: string,
  amount: string,
  fee: string | null,
  remark: string,
  error: string | null,
];

export const toStoredRow = (row: BatchRowValues): StoredBatchRow => [
  row.line,
  row.coinName,
  row.chainId,
  row.address,
  row.amount,
  row.fee,
  row.remark,
  row.error,
];

export function fromStoredRow([
  line,
  coinName,
  chainId,
  address,
  amount,
  fee,
  remark,
  error,
]: StoredBatchRow): BatchRowValues {
  return { line, coinName, chainId, address, amount, fee, remark, error };
}

/** Public: B and 24 hex digits (96 random bits). */
export function newBatchId(): string {
  return `B${randomBytes(12).toString('hex').toUpperCase()}`;
}

/**
 * Stores a previewed batch; answers only its public id (returning the whole row would hand the
 * 10,000 rows' jsonb back to be parsed again for nothing).
 */
export async function insertBatch(
  db: Executor,
  values: Omit<typeof withdrawalBatches.$inferInsert, 'rows' | 'status'> & { rows: BatchRowValues[] },
): Promise<{ batchId: string }> {
  const [row] = await db
    .insert(withdrawalBatches)
    .values({
      ...values,
      rows: sql`${JSON.stringify(values.rows.map(toStoredRow))}::jsonb`,
      status: 'previewed',
    })
    .returning({ batchId: withdrawalBatches.batchId });
  if (!row) throw new Error('batch not inserted');
  return row;
}

/** The merchant's own batch by its public id (another merchant's is not found). */
export async function findBatch(
  db: Executor,
  merchantId: number,
  batchId: string,
): Promise<BatchRow | undefined> {
  const [row] = await db
    .select()
    .from(withdrawalBatches)
    .where(and(eq(withdrawalBatches.batchId, batchId), eq(withdrawalBatches.merchantId, merchantId)));
  return row;
}

/**
 * Locks the merchant's row until the transaction ends: a submission takes its locks in the order
 * of a single withdrawal (the merchant's row, where the Google code is spent, then balances), so
 * the two never wait on each other crosswise, and two submissions of one merchant take turns.
 */
export async function lockMerchant(tx: Executor, merchantId: number): Promise<void> {
  await tx.select({ id: merchants.id }).from(merchants).where(eq(merchants.id, merchantId)).for('update');
}

/**
 * previewed → submitted, only from previewed: false when another submission got there first (it
 * waits on the row's lock until that one commits or rolls back, then reads the outcome).
 */
export async function markSubmitted(db: Executor, id: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(withdrawalBatches)
    .set({ status: 'submitted', submittedAt: now })
    .where(and(eq(withdrawalBatches.id, id), eq(withdrawalBatches.status, 'previewed')))
    .returning({ id: withdrawalBatches.id });
  return rows.length === 1;
}
