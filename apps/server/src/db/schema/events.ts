import { sql } from 'drizzle-orm';
import { bigint, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { merchants } from './merchants';

/**
 * The merchant's live events (modules/live): what changed for a merchant, written in the
 * transaction of the change (by triggers on orders, fund_records and withdrawals, or by
 * publishMerchantEvent), each with a NOTIFY on the `tollgate_events` channel carrying its id.
 * The id is the server-sent event's id: a stream resumed with Last-Event-ID replays the rows
 * after it. Rows are hints to refresh, not a history: they are purged after an hour.
 */
export const merchantEvents = pgTable(
  'merchant_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** null: every merchant (a system notice). */
    merchantId: bigint('merchant_id', { mode: 'number' }).references(() => merchants.id, {
      onDelete: 'cascade',
    }),
    /** order | balance | withdrawal | notice (contracts LIVE_EVENT_TYPES). */
    type: text('type').notNull(),
    payload: jsonb('payload').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [
    index('merchant_events_merchant_idx').on(t.merchantId, t.id),
    index('merchant_events_created_idx').on(t.createdAt),
  ],
);
