import { and, count, countDistinct, desc, eq, inArray, lt, ne, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { merchants, orders, withdrawals } from '../../db/schema';
import { type WithdrawalRow, withdrawalStatusIs } from '../assets/withdrawal.repository';

/** The console's reads of withdrawals: each row with its merchant's email and its payout order. */
export interface OpsWithdrawalRow {
  withdrawal: WithdrawalRow;
  merchantEmail: string;
  orderNo: string | null;
}

function selectRows(db: Executor) {
  return db
    .select({ withdrawal: withdrawals, merchantEmail: merchants.email, orderNo: orders.orderNo })
    .from(withdrawals)
    .innerJoin(merchants, eq(merchants.id, withdrawals.merchantId))
    .leftJoin(orders, eq(orders.id, withdrawals.orderId));
}

export interface OpsWithdrawalFilters {
  /** Unset: every status. */
  status?: WithdrawalRow['status'] | undefined;
  merchantId?: number | undefined;
  source?: WithdrawalRow['source'] | undefined;
}

export async function pageOpsWithdrawals(
  db: Executor,
  filters: OpsWithdrawalFilters,
  page: { pageNo: number; pageSize: number },
): Promise<{ rows: OpsWithdrawalRow[]; total: number }> {
  const where = and(
    ...[
      filters.status ? withdrawalStatusIs(filters.status) : undefined,
      filters.merchantId ? eq(withdrawals.merchantId, filters.merchantId) : undefined,
      filters.source ? eq(withdrawals.source, filters.source) : undefined,
    ].filter((c): c is SQL => c !== undefined),
  );
  const [counted] = await db.select({ total: count() }).from(withdrawals).where(where);
  const rows = await selectRows(db)
    .where(where)
    .orderBy(desc(withdrawals.createdAt), desc(withdrawals.id))
    .limit(page.pageSize)
    .offset((page.pageNo - 1) * page.pageSize);
  return { rows, total: counted?.total ?? 0 };
}

export async function findOpsWithdrawal(
  db: Executor,
  withdrawalNo: string,
): Promise<OpsWithdrawalRow | undefined> {
  const [row] = await selectRows(db).where(eq(withdrawals.withdrawalNo, withdrawalNo)).limit(1);
  return row;
}

export const HISTORY_SHOWN = 20;

/** Withdrawals to the same address on the same chain before this one, by any merchant. */
export async function addressHistory(db: Executor, row: WithdrawalRow) {
  const earlier = and(
    eq(withdrawals.chainId, row.chainId),
    eq(withdrawals.address, row.address),
    lt(withdrawals.id, row.id),
  );
  const list = await selectRows(db).where(earlier).orderBy(desc(withdrawals.id)).limit(HISTORY_SHOWN);
  const [stats] = await db
    .select({
      total: count(),
      completed: sql<number>`count(*) filter (where ${withdrawals.status} = 'completed')`.mapWith(Number),
      merchants: countDistinct(withdrawals.merchantId),
    })
    .from(withdrawals)
    .where(earlier);
  return {
    list,
    stats: { total: stats?.total ?? 0, completed: stats?.completed ?? 0, merchants: stats?.merchants ?? 0 },
  };
}

/** The merchant's latest withdrawals but this one. */
export function merchantHistory(db: Executor, row: WithdrawalRow) {
  return selectRows(db)
    .where(and(eq(withdrawals.merchantId, row.merchantId), ne(withdrawals.id, row.id)))
    .orderBy(desc(withdrawals.createdAt), desc(withdrawals.id))
    .limit(HISTORY_SHOWN);
}

export async function pendingReviewCounts(db: Executor, merchantIds: number[]): Promise<Map<number, number>> {
  if (merchantIds.length === 0) return new Map();
  const rows = await db
    .select({ merchantId: withdrawals.merchantId, n: count() })
    .from(withdrawals)
    .where(and(eq(withdrawals.status, 'pending_review'), inArray(withdrawals.merchantId, merchantIds)))
    .groupBy(withdrawals.merchantId);
  return new Map(rows.map((row) => [row.merchantId, row.n]));
}
