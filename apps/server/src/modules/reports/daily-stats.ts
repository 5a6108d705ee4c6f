import { money, moneyText } from '@tollgate/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { REPORT_STAT_KINDS } from '../../db/schema';
import { merchantDayOf } from '../../lib/merchant-day';

/**
 * The reports' aggregates (merchant_daily_stats), kept exact by the writers of what they count,
 * in the same transaction and, where possible, the same statement:
 * - every fund record adds to its `bill` row (postFundRecords folds the upsert into the INSERT
 *   of the records: no statement more on any path that writes the ledger, bulk ones included);
 * - a collection order's completion, and a fee credited to a completed order, add to its
 *   `collection` row (the watcher's credit passes them to postFundRecord, beside the record);
 * - a withdrawal's completion adds to its `withdrawal` (back office) or `payment` (API payout)
 *   row (settleSent passes it with the completion's record).
 * Deltas are merged per row and applied in the key's order, so one statement never touches a
 * row twice (ON CONFLICT DO UPDATE forbids it). Rows of one merchant and coin are written only
 * under that balance row's lock (taken by the same transaction's postFundRecords first), so two
 * writers never wait on each other's stats rows crosswise.
 */
export type ReportStatKind = (typeof REPORT_STAT_KINDS)[number];

export interface DailyStatDelta {
  merchantId: number;
  kind: ReportStatKind;
  /** The merchant's day, YYYY-MM-DD. */
  day: string;
  /** The fund record type for `bill`, '' otherwise. */
  type: string;
  coin: string;
  count: number;
  amount: string;
  fee: string;
  net: string;
}

/**
 * Whether a fund record counts as one of its type in the bill (its count, amount and fee): a
 * withdrawal or payout moves its total several times (frozen: out of available and into
 * frozen; then out of frozen when completed, the amount and the fee (status `fee`) since issue
 * 31 as two records, or back to available when rejected or failed), and only its completion
 * (status `completed`) is the withdrawal. Every record adds its change to the net (the moves in and
 * out of frozen cancel out). The same rule is SQL in verify-daily-stats.ts and migration 0017.
 */
export function countsInBill(record: { type: string; status: string }): boolean {
  return (record.type !== 'withdraw' && record.type !== 'payout') || record.status === 'completed';
}

/** What one fund record adds to its bill row. */
export function billDelta(record: {
  merchantId: number;
  currency: string;
  type: string;
  status: string;
  amount: string;
  fee: string;
  changeAmount: string;
  createdAt: Date;
}): DailyStatDelta {
  const counted = countsInBill(record);
  return {
    merchantId: record.merchantId,
    kind: 'bill',
    day: merchantDayOf(record.createdAt),
    type: record.type,
    coin: record.currency,
    count: counted ? 1 : 0,
    amount: counted ? record.amount : '0',
    fee: counted ? record.fee : '0',
    net: record.changeAmount,
  };
}

/** A completed order or withdrawal (count 1): net is amount − fee coming in, amount + fee going out. */
export function completionDelta(input: {
  merchantId: number;
  kind: Exclude<ReportStatKind, 'bill'>;
  coin: string;
  amount: string;
  fee: string;
  at: Date;
}): DailyStatDelta {
  const net =
    input.kind === 'collection' ? money(input.amount).minus(input.fee) : money(input.amount).plus(input.fee);
  return {
    merchantId: input.merchantId,
    kind: input.kind,
    day: merchantDayOf(input.at),
    type: '',
    coin: input.coin,
    count: 1,
    amount: moneyText(money(input.amount)),
    fee: moneyText(money(input.fee)),
    net: moneyText(net),
  };
}

const keyOf = (d: DailyStatDelta) => [d.merchantId, d.kind, d.day, d.type, d.coin].join('\u0000');

/** One delta per row, in the key's order. */
export function mergeDailyStats(deltas: readonly DailyStatDelta[]): DailyStatDelta[] {
  const merged = new Map<string, DailyStatDelta>();
  for (const delta of deltas) {
    const key = keyOf(delta);
    const seen = merged.get(key);
    merged.set(
      key,
      seen
        ? {
            ...seen,
            count: seen.count + delta.count,
            amount: moneyText(money(seen.amount).plus(delta.amount)),
            fee: moneyText(money(seen.fee).plus(delta.fee)),
            net: moneyText(money(seen.net).plus(delta.net)),
          }
        : delta,
    );
  }
  return [...merged.values()].sort((a, b) =>
    a.merchantId !== b.merchantId
      ? a.merchantId - b.merchantId
      : keyOf(a) < keyOf(b)
        ? -1
        : keyOf(a) > keyOf(b)
          ? 1
          : 0,
  );
}

/**
 * The upsert of merged deltas as one statement (its rows one JSON parameter), to run alone or
 * as a data-modifying CTE of another statement (`with daily_stats as (…) insert …`).
 */
export function dailyStatsUpsert(merged: readonly DailyStatDelta[]): SQL {
  const rows = JSON.stringify(
    merged.map((d) => [d.merchantId, d.kind, d.day, d.type, d.coin, d.count, d.amount, d.fee, d.net]),
  );
  return sql`insert into merchant_daily_stats as s (merchant_id, kind, day, type, coin, count, amount, fee, net)
    select (e->>0)::bigint, e->>1, (e->>2)::date, e->>3, e->>4, (e->>5)::bigint, (e->>6)::numeric, (e->>7)::numeric, (e->>8)::numeric
    from jsonb_array_elements(${rows}::jsonb) with ordinality as r(e, n) order by n
    on conflict (merchant_id, kind, day, type, coin) do update set
      count = s.count + excluded.count, amount = s.amount + excluded.amount,
      fee = s.fee + excluded.fee, net = s.net + excluded.net`;
}
