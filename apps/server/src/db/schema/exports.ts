import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { merchants } from './merchants';

/**
 * Exports that became jobs (more rows than the direct limit, modules/exports): what was asked
 * (kind, format, filters, language, time zone), how far the job got, and where its file is
 * (under DATA_DIR/exports, named by the id) until it expires 24 h after it was written.
 */
const at = (name: string) => timestamp(name, { withTimezone: true });

export const EXPORT_JOB_STATUSES = ['queued', 'running', 'done', 'failed', 'expired'] as const;

export const exportJobs = pgTable(
  'export_jobs',
  {
    id: uuid('id').primaryKey(),
    merchantId: bigint('merchant_id', { mode: 'number' })
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    format: text('format', { enum: ['csv', 'xlsx'] }).notNull(),
    filters: jsonb('filters').notNull(),
    language: text('language').notNull(),
    timeZone: text('time_zone').notNull(),
    status: text('status', { enum: EXPORT_JOB_STATUSES }).notNull().default('queued'),
    /** Rows written so far; `total` once the job counted them. */
    rows: integer('rows').notNull().default(0),
    total: integer('total'),
    fileName: text('file_name').notNull(),
    error: text('error'),
    createdAt: at('created_at').notNull(),
    finishedAt: at('finished_at'),
    expiresAt: at('expires_at'),
  },
  (t) => [
    index('export_jobs_merchant_idx').on(t.merchantId, t.createdAt),
    check('export_jobs_status_known', sql`${t.status} in ('queued', 'running', 'done', 'failed', 'expired')`),
  ],
);
