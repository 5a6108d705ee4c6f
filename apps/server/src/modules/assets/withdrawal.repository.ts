import { and, asc, count, desc, eq, gte, inArray, isNotNull, isNull, lt, type SQL } from 'drizzle-orm';
import { searchableTxHash } from '../../chains/addresses';
import type { Executor } from '../../db/client';
import { insertJsonRows } from '../../db/json-insert';
import { balances, orders, withdrawals } from '../../db/schema';

/** Withdrawal rows: insert, lock, move between statuses (only from the expected one), list. */
export type WithdrawalRow = typeof withdrawals.$inferSelect;

/**
 * The status a merchant, a shop and an operator's queue see: `sending` (signed and stored, on
 * its way to the chain) is a part of `processing` to them; the operator's Chains page shows
 * the send itself.
 */
export function shownWithdrawalStatus(
  status: WithdrawalRow['status'],
): Exclude<WithdrawalRow['status'], 'sending'> {
  return status === 'sending' ? 'processing' : status;
}
export type WithdrawalStatus = WithdrawalRow['status'];

/** A status filter as the merchant or the operator picks it: `processing` takes in `sending`. */
export function withdrawalStatusIs(status: WithdrawalStatus): SQL {
  return status === 'processing'
    ? inArray(withdrawals.status, ['processing', 'sending'])
    : eq(withdrawals.status, status);
}

/** Inserts the rows in one statement (insertJsonRows); answers them in the order given. */
export function insertWithdrawals(
  tx: Executor,
  values: (typeof withdrawals.$inferInsert)[],
): Promise<WithdrawalRow[]> {
  return insertJsonRows(tx, withdrawals, values);
}

/** Moves a withdrawal on, only while it is still `from`: undefined when another change won. */
export async function moveWithdrawal(
  tx: Executor,
  id: number,
  from: WithdrawalStatus,
  set: Partial<typeof withdrawals.$inferInsert>,
): Promise<WithdrawalRow | undefined> {
  const [row] = await tx
    .update(withdrawals)
    .set(set)
    .where(and(eq(withdrawals.id, id), eq(withdrawals.status, from)))
    .returning();
  return row;
}

export async function findWithdrawal(db: Executor, id: number): Promise<WithdrawalRow | undefined> {
  const [row] = await db.select().from(withdrawals).where(eq(withdrawals.id, id));
  return row;
}

export async function findWithdrawalByNo(
  db: Executor,
  withdrawalNo: string,
): Promise<WithdrawalRow | undefined> {
  const [row] = await db.select().from(withdrawals).where(eq(withdrawals.withdrawalNo, withdrawalNo));
  return row;
}

/**
 * Processing withdrawals of a chain: not yet sent (no hash), or sent before chain_sends existed
 * (with one; a send since then is `sending` with its chain_sends row).
 */
export function processingWithdrawals(db: Executor, chainId: string, sent: boolean) {
  return db
    .select()
    .from(withdrawals)
    .where(
      and(
        eq(withdrawals.chainId, chainId),
        eq(withdrawals.status, 'processing'),
        sent ? isNotNull(withdrawals.txHash) : isNull(withdrawals.txHash),
      ),
    )
    .orderBy(asc(withdrawals.id))
    .limit(500);
}

export async function availableOf(db: Executor, merchantId: number, coinName: string): Promise<string> {
  const [row] = await db
    .select({ available: balances.available })
    .from(balances)
    .where(and(eq(balances.merchantId, merchantId), eq(balances.coinName, coinName)));
  return row?.available ?? '0';
}

export interface WithdrawalFilters {
  coinName?: string | undefined;
  status?: WithdrawalStatus | undefined;
  timeFrom?: string | undefined;
  timeTo?: string | undefined;
  hash?: string | undefined;
}

/** The list call's filters as conditions (the exports read the same rows). */
export function withdrawalConditions(merchantId: number, filters: WithdrawalFilters): SQL[] {
  return [
    eq(withdrawals.merchantId, merchantId),
    filters.coinName ? eq(withdrawals.coinName, filters.coinName) : undefined,
    filters.status ? withdrawalStatusIs(filters.status) : undefined,
    filters.timeFrom ? gte(withdrawals.createdAt, new Date(filters.timeFrom)) : undefined,
    filters.timeTo ? lt(withdrawals.createdAt, new Date(filters.timeTo)) : undefined,
    filters.hash ? eq(withdrawals.txHash, searchableTxHash(filters.hash)) : undefined,
  ].filter((c): c is SQL => c !== undefined);
}

export async function pageWithdrawals(
  db: Executor,
  merchantId: number,
  filters: WithdrawalFilters,
  page: { pageNo: number; pageSize: number },
): Promise<{ rows: { withdrawal: WithdrawalRow; payoutOrderNo: string | null }[]; total: number }> {
  const where = and(...withdrawalConditions(merchantId, filters));
  const [counted] = await db.select({ total: count() }).from(withdrawals).where(where);
  // A payout's withdrawal with its order's number (the merchant's own order: the withdrawal is theirs).
  const rows = await db
    .select({ withdrawal: withdrawals, payoutOrderNo: orders.orderNo })
    .from(withdrawals)
    .leftJoin(orders, eq(orders.id, withdrawals.orderId))
    .where(where)
    .orderBy(desc(withdrawals.createdAt), desc(withdrawals.id))
    .limit(page.pageSize)
    .offset((page.pageNo - 1) * page.pageSize);
  return { rows, total: counted?.total ?? 0 };
}
