import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';

/**
 * Proves the reports' aggregates exact: merchant_daily_stats equals its recomputation from the
 * raw rows (the same rules as migration 0008's backfill and daily-stats.ts), row for row:
 * - bill: fund records by merchant, day of created_at, type and currency (the changes; the count,
 *   amounts and fees of the records that count: daily-stats.ts countsInBill);
 * - collection: completed collection orders by day of completed_at (amount, fee, amount − fee);
 * - withdrawal and payment: completed withdrawals without and with a payout order, by day of
 *   finished_at (amount, fee, amount + fee).
 * A full scan: for `npm run ledger:verify` and the tests, never for a request.
 */
export interface DailyStatsProblem {
  merchantId: number;
  kind: string;
  day: string;
  type: string;
  coin: string;
  /** "count amount fee net" as recomputed, and as kept (null: no such row). */
  expected: string | null;
  kept: string | null;
}

/** daily-stats.ts countsInBill: a withdrawal's or payout's freeze and release are not counted, its completion is. */
const BILL_COUNTED = sql.raw(`(type not in ('withdraw', 'payout') or status = 'completed')`);

const dayOf = (column: string) =>
  sql.raw(`(date '1970-01-01' + floor((extract(epoch from ${column}) + 28800) / 86400)::int)`);

export async function verifyDailyStats(tx: Executor): Promise<DailyStatsProblem[]> {
  const result = (await tx.execute(sql`
    with expected as (
      select merchant_id, 'bill'::text as kind, ${dayOf('created_at')} as day, type, currency as coin,
        count(*) filter (where ${BILL_COUNTED})::bigint as count,
        coalesce(sum(amount) filter (where ${BILL_COUNTED}), 0) as amount,
        coalesce(sum(fee) filter (where ${BILL_COUNTED}), 0) as fee, sum(change_amount) as net
      from fund_records group by 1, 3, 4, 5
      union all
      select merchant_id, 'collection', ${dayOf('completed_at')}, '', currency,
        count(*), sum(amount), sum(fee), sum(amount - fee)
      from orders where type = 'collection' and status = 'completed' and completed_at is not null
      group by 1, 3, 5
      union all
      select merchant_id, case when order_id is null then 'withdrawal' else 'payment' end, ${dayOf('finished_at')}, '',
        coin_name, count(*), sum(amount), sum(fee), sum(amount + fee)
      from withdrawals where status = 'completed' and finished_at is not null
      group by 1, 2, 3, 5
    )
    select coalesce(e.merchant_id, s.merchant_id) as merchant_id, coalesce(e.kind, s.kind) as kind,
      coalesce(e.day, s.day)::text as day, coalesce(e.type, s.type) as type, coalesce(e.coin, s.coin) as coin,
      case when e.merchant_id is null then null else concat_ws(' ', e.count, e.amount, e.fee, e.net) end as expected,
      case when s.merchant_id is null then null else concat_ws(' ', s.count, s.amount, s.fee, s.net) end as kept
    from expected e
    full join merchant_daily_stats s
      on s.merchant_id = e.merchant_id and s.kind = e.kind and s.day = e.day and s.type = e.type and s.coin = e.coin
    where e.merchant_id is null or s.merchant_id is null
      or e.count <> s.count or e.amount <> s.amount or e.fee <> s.fee or e.net <> s.net
    order by 1, 2, 3, 4, 5
  `)) as unknown as {
    rows: {
      merchant_id: string | number;
      kind: string;
      day: string;
      type: string;
      coin: string;
      expected: string | null;
      kept: string | null;
    }[];
  };
  return result.rows.map((row) => ({
    merchantId: Number(row.merchant_id),
    kind: row.kind,
    day: row.day,
    type: row.type,
    coin: row.coin,
    expected: row.expected,
    kept: row.kept,
  }));
}

/** One line per problem, for the command line. */
export function describeDailyStatsProblem(p: DailyStatsProblem): string {
  const row = [p.kind, p.day, p.type, p.coin].filter((part) => part !== '').join(' ');
  return `merchant ${p.merchantId} report aggregate ${row}: kept ${p.kept ?? 'nothing'}, recomputed ${p.expected ?? 'nothing'}`;
}
