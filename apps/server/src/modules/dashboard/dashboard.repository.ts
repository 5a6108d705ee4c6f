import { and, eq, gte, isNotNull, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { exchangeRates, orders } from '../../db/schema';
import { SHANGHAI_OFFSET_S } from '../../lib/merchant-day';

/**
 * The dashboard's order figures, read per merchant and kind of order over a range of its days
 * (Asia/Shanghai, UTC+8 all year: a day is 86,400 s from 16:00 UTC). Two reads, both on an index
 * that starts with (merchant, type): orders created in the range, by day, and orders completed
 * in the range, by day and currency (the money is summed per currency; converting it is the
 * service's). Days are numbered from the epoch in that time zone.
 */
// The offset is written into the statement (not a parameter), so the GROUP BY expression is
// the very same as the selected one.
const dayOf = (column: typeof orders.createdAt | typeof orders.completedAt) =>
  sql<number>`floor((extract(epoch from ${column}) + ${sql.raw(String(SHANGHAI_OFFSET_S))}) / 86400)::int`;

export interface CreatedPerDay {
  day: number;
  created: number;
}

export interface CompletedPerDay {
  day: number;
  currency: string;
  completed: number;
  amount: string;
  fee: string;
}

export interface OrderRange {
  merchantId: number;
  type: 'collection' | 'payout';
  from: Date;
  to: Date;
}

export async function countCreatedPerDay(db: Executor, range: OrderRange): Promise<CreatedPerDay[]> {
  const day = dayOf(orders.createdAt);
  return db
    .select({ day, created: sql<number>`count(*)::int` })
    .from(orders)
    .where(
      and(
        eq(orders.merchantId, range.merchantId),
        eq(orders.type, range.type),
        gte(orders.createdAt, range.from),
        lt(orders.createdAt, range.to),
      ),
    )
    .groupBy(day);
}

export async function sumCompletedPerDay(db: Executor, range: OrderRange): Promise<CompletedPerDay[]> {
  const day = dayOf(orders.completedAt);
  return db
    .select({
      day,
      currency: orders.currency,
      completed: sql<number>`count(*)::int`,
      amount: sql<string>`sum(${orders.amount})::text`,
      fee: sql<string>`sum(${orders.fee})::text`,
    })
    .from(orders)
    .where(
      and(
        eq(orders.merchantId, range.merchantId),
        eq(orders.type, range.type),
        isNotNull(orders.completedAt),
        gte(orders.completedAt, range.from),
        lt(orders.completedAt, range.to),
        eq(orders.status, 'completed'),
      ),
    )
    .groupBy(day, orders.currency);
}

/** Each currency's rate to USDT (one unit in USDT). */
export async function readUsdtRates(db: Executor): Promise<Map<string, string>> {
  const rows = await db
    .select({ coinName: exchangeRates.coinName, rate: exchangeRates.rate })
    .from(exchangeRates);
  return new Map(rows.map((row) => [row.coinName, row.rate]));
}
