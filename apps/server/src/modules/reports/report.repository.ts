import { and, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { merchantDailyStats } from '../../db/schema';
import type { ReportStatKind } from './daily-stats';

/**
 * The reports' one read: a merchant's kept aggregates of one kind over a range of days, on the
 * primary key (merchant_id, kind, day, type, coin), so at most a few rows per day and currency
 * whatever the number of records behind them. Never the fund records or orders themselves.
 */
export interface StatRow {
  day: string;
  type: string;
  coin: string;
  count: number;
  amount: string;
  fee: string;
  net: string;
}

export interface StatRange {
  merchantId: number;
  kind: ReportStatKind;
  /** Fund record types to keep (the recharge report: deposit); all when absent. */
  types?: readonly string[];
  from: string;
  to: string;
  coin?: string | undefined;
}

export async function readDailyStats(db: Executor, range: StatRange): Promise<StatRow[]> {
  const s = merchantDailyStats;
  return db
    .select({
      day: s.day,
      type: s.type,
      coin: s.coin,
      count: s.count,
      amount: sql<string>`${s.amount}::text`,
      fee: sql<string>`${s.fee}::text`,
      net: sql<string>`${s.net}::text`,
    })
    .from(s)
    .where(
      and(
        eq(s.merchantId, range.merchantId),
        eq(s.kind, range.kind),
        gte(s.day, range.from),
        lte(s.day, range.to),
        range.types ? inArray(s.type, [...range.types]) : undefined,
        range.coin ? eq(s.coin, range.coin) : undefined,
        // A bill row of moves that cancel out (a withdrawal frozen, not yet completed that day).
        range.kind === 'bill' ? sql`not (${s.count} = 0 and ${s.net} = 0)` : undefined,
      ),
    )
    .orderBy(s.day, s.coin, s.type);
}
