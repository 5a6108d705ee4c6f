import { sql } from 'drizzle-orm';
import { bigint, check, date, numeric, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { merchants } from './merchants';

/**
 * The reports' aggregates (issue 9, "Reports"): per merchant, kind of report, merchant's day
 * (Asia/Shanghai), type and currency, the count and the sums. Kept in the same statement as the
 * fund records that cause them (ledger/post-fund-record.ts folds the upsert into its INSERT), so
 * a report reads a few rows per day instead of scanning the ledger or the orders.
 * - kind `bill`: every fund record, `type` its record type (the recharge report is its
 *   `deposit` rows); net = the sum of the records' changes (signed);
 * - kind `collection`: collection orders by completion day, amount and fee the order's, net =
 *   amount − fee; a fee credited later to a completed order adds to its completion day;
 * - kind `withdrawal` (back-office withdrawals, single and batch) and `payment` (API payouts):
 *   completed withdrawals by completion day, net = amount + fee (what left the balance).
 * `type` is '' for the kinds that have none. Sums are NUMERIC without a scale limit (a sum of
 * NUMERIC(38,18) amounts may outgrow it).
 */
export const REPORT_STAT_KINDS = ['bill', 'collection', 'withdrawal', 'payment'] as const;

export const merchantDailyStats = pgTable(
  'merchant_daily_stats',
  {
    merchantId: bigint('merchant_id', { mode: 'number' })
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: REPORT_STAT_KINDS }).notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    type: text('type').notNull().default(''),
    coin: text('coin').notNull(),
    count: bigint('count', { mode: 'number' }).notNull(),
    amount: numeric('amount').notNull(),
    fee: numeric('fee').notNull(),
    net: numeric('net').notNull(),
  },
  (t) => [
    primaryKey({ name: 'merchant_daily_stats_pkey', columns: [t.merchantId, t.kind, t.day, t.type, t.coin] }),
    check(
      'merchant_daily_stats_kind_known',
      sql`${t.kind} in ('bill', 'collection', 'withdrawal', 'payment')`,
    ),
  ],
);
