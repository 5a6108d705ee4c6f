import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { merchants } from './merchants';

/**
 * What guards the accounts: emailed codes, failed-login accounting and the login history.
 * Codes are stored hashed; the login identifiers of unknown accounts are counted too, so the
 * lockouts say nothing about which accounts exist.
 */
const at = (name: string) => timestamp(name, { withTimezone: true });
const id = () => bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity();

export const CODE_PURPOSES = ['register', 'login', 'reset', 'change_password', 'whitelist'] as const;
export type CodePurpose = (typeof CODE_PURPOSES)[number];

export const emailCodes = pgTable(
  'email_codes',
  {
    id: id(),
    email: text('email').notNull(),
    purpose: text('purpose', { enum: CODE_PURPOSES }).notNull(),
    /** sha256 of salt + code, hex; the code itself is only ever in the mail. */
    codeHash: text('code_hash').notNull(),
    salt: text('salt').notNull(),
    /** Who asked for it: the per-IP hourly sending cap counts these. */
    ip: text('ip').notNull(),
    createdAt: at('created_at').notNull(),
    expiresAt: at('expires_at').notNull(),
    /** Wrong tries so far; at 5 the code is dead. */
    attempts: integer('attempts').notNull().default(0),
    consumedAt: at('consumed_at'),
  },
  (t) => [
    index('email_codes_email_purpose_idx').on(t.email, t.purpose, t.createdAt),
    index('email_codes_ip_idx').on(t.ip, t.createdAt),
    check(
      'email_codes_purpose_known',
      sql`${t.purpose} in ('register', 'login', 'reset', 'change_password', 'whitelist')`,
    ),
  ],
);

/** Failures in a row for one login identifier from one IP, and the lock they led to. */
export const loginThrottles = pgTable(
  'login_throttles',
  {
    /** `merchant:<id>` for an account, else the normalized email or phone that was tried. */
    identifier: text('identifier').notNull(),
    ip: text('ip').notNull(),
    failures: integer('failures').notNull().default(0),
    lockedUntil: at('locked_until'),
  },
  (t) => [primaryKey({ columns: [t.identifier, t.ip] })],
);

/** One row per failed (or still undecided) login, for the per-account hourly cap across IPs. */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: id(),
    identifier: text('identifier').notNull(),
    ip: text('ip').notNull(),
    createdAt: at('created_at').notNull(),
  },
  (t) => [index('login_failures_identifier_idx').on(t.identifier, t.createdAt)],
);

/** Every successful login, for the merchant info page (the last ten). */
export const loginRecords = pgTable(
  'login_records',
  {
    id: id(),
    merchantId: bigint('merchant_id', { mode: 'number' })
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    ip: text('ip').notNull(),
    userAgent: text('user_agent'),
    createdAt: at('created_at').notNull(),
  },
  (t) => [index('login_records_merchant_idx').on(t.merchantId, t.createdAt)],
);
