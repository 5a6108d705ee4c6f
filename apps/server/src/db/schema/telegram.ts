import { bigint, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { applications } from './applications';

/**
 * Telegram alerts (issue 9): the chat each application's alerts go to, the one-time codes of
 * the "Connect Telegram" deep links, and the bot's polling position. A chat is bound by the
 * code the bot receives in `/start <code>`, never by the username typed on the application.
 */
const at = (name: string) => timestamp(name, { withTimezone: true });

export const telegramChats = pgTable('telegram_chats', {
  /** One chat per application; deleting the application's row (never done: apps are soft-deleted) drops it. */
  applicationId: bigint('application_id', { mode: 'number' })
    .primaryKey()
    .references(() => applications.id, { onDelete: 'cascade' }),
  /** Telegram's chat id, as text: ids may exceed 2^53 in Telegram's own words. */
  chatId: text('chat_id').notNull(),
  /** The chat's title or the user's @username / name, shown on the application card. */
  title: text('title').notNull(),
  linkedAt: at('linked_at').notNull(),
});

export const telegramLinkCodes = pgTable(
  'telegram_link_codes',
  {
    /** SHA-256 of the code, hex: the code itself travels only in the deep link. */
    codeHash: text('code_hash').primaryKey(),
    applicationId: bigint('application_id', { mode: 'number' })
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    expiresAt: at('expires_at').notNull(),
  },
  // One live link per application: a new one replaces it (an upsert, safe when two race).
  (t) => [uniqueIndex('telegram_link_codes_app_key').on(t.applicationId)],
);

/**
 * One row per bot (its numeric id): the next update id to ask getUpdates for, and which node
 * polls (Telegram answers 409 to a second concurrent getUpdates): a lease it renews each round.
 */
export const telegramPolling = pgTable('telegram_polling', {
  botId: text('bot_id').primaryKey(),
  nextUpdateId: bigint('next_update_id', { mode: 'number' }).notNull().default(0),
  leasedBy: text('leased_by'),
  leasedUntil: at('leased_until'),
});
