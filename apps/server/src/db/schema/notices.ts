import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { merchants } from './merchants';
import { operators } from './operators';

/**
 * System notices (issue 9): written by operators in the console, read by every merchant.
 * A notice has one text per language it was written in (zh_CN always, the others optional:
 * a missing language reads as zh_CN). Read state is kept per merchant and notice.
 */
const at = (name: string) => timestamp(name, { withTimezone: true });

export const notices = pgTable(
  'notices',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** Merchants see it from this instant on; later than now = scheduled. */
    publishedAt: at('published_at').notNull(),
    pinned: boolean('pinned').notNull().default(false),
    createdBy: bigint('created_by', { mode: 'number' }).references(() => operators.id, {
      onDelete: 'set null',
    }),
    /** Kept as written, so the list still names the author after an operator is gone. */
    createdByEmail: text('created_by_email').notNull(),
    createdAt: at('created_at').notNull().default(sql`now()`),
    updatedAt: at('updated_at').notNull().default(sql`now()`),
  },
  // The merchant list's order: pinned first, then newest.
  (t) => [index('notices_list_idx').on(t.pinned, t.publishedAt, t.id)],
);

export const noticeTexts = pgTable(
  'notice_texts',
  {
    noticeId: bigint('notice_id', { mode: 'number' })
      .notNull()
      .references(() => notices.id, { onDelete: 'cascade' }),
    lang: text('lang').notNull(),
    title: text('title').notNull(),
    summary: text('summary').notNull(),
    /** Sanitized on the server when saved (notice-html.ts); never the operator's raw HTML. */
    bodyHtml: text('body_html').notNull(),
    /** The body's text without markup: what the keyword search reads (not tag or attribute names). */
    bodyText: text('body_text').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.noticeId, t.lang] }),
    check('notice_texts_lang_known', sql`${t.lang} in ('zh_CN', 'zh_TW', 'en_US', 'vi_VN')`),
  ],
);

export const noticeReads = pgTable(
  'notice_reads',
  {
    merchantId: bigint('merchant_id', { mode: 'number' })
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    noticeId: bigint('notice_id', { mode: 'number' })
      .notNull()
      .references(() => notices.id, { onDelete: 'cascade' }),
    readAt: at('read_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.merchantId, t.noticeId] }),
    index('notice_reads_notice_idx').on(t.noticeId),
  ],
);
