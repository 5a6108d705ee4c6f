import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/** Merchants, their login sessions and their balances per currency. */
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`);

export const merchants = pgTable(
  'merchants',
  {
    /** The merchant ID shown in the back office; identities start at 100001 so IDs look alike. */
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity({ startWith: 100001 }),
    /** Always stored lower-cased (the login schema lower-cases too), hence a plain unique index. */
    email: text('email').notNull(),
    /** National number, digits only; with countryCode (dial code digits, "86") it logs in. */
    phone: text('phone'),
    countryCode: text('country_code'),
    /** Null for an account that never set a password (it may then change it with none). */
    passwordHash: text('password_hash'),
    /** The bound Google Authenticator secret (base32), while googleState is true. */
    googleSecret: text('google_secret'),
    googleState: boolean('google_state').notNull().default(false),
    /** The secret offered by GET /google/check while unbound, moved to googleSecret on bind. */
    googlePendingSecret: text('google_pending_secret'),
    /** The last TOTP step accepted: a code is only ever accepted for a later step (no replay). */
    googleLastStep: bigint('google_last_step', { mode: 'number' }),
    lang: text('lang').notNull().default('zh_CN'),
    status: text('status', { enum: ['active', 'disabled'] })
      .notNull()
      .default('active'),
    /**
     * Withdrawals worth at most this many USDT skip review (an operator sets it; 0: every one is
     * reviewed). 1,000 on the demo merchant, so a newcomer's small withdrawals complete alone.
     */
    autoApproveUsdt: numeric('auto_approve_usdt', { precision: 38, scale: 18 }).notNull().default('0'),
    /** Withdrawals and payouts are refused until then (24 h after a password or Google change). */
    withdrawalLockedUntil: timestamp('withdrawal_locked_until', { withTimezone: true }),
    /** Whether Google was ever unbound: the bind after an unbind locks withdrawals, the first does not. */
    googleUnboundAt: timestamp('google_unbound_at', { withTimezone: true }),
    /** When on, withdrawals and payouts go only to addresses in withdrawal_addresses. */
    addressWhitelistOn: boolean('address_whitelist_on').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('merchants_email_key').on(t.email),
    // One account per phone number, so a phone login names exactly one merchant.
    uniqueIndex('merchants_phone_key').on(t.countryCode, t.phone).where(sql`${t.phone} is not null`),
    check('merchants_email_lowercase', sql`${t.email} = lower(${t.email})`),
    check('merchants_status_known', sql`${t.status} in ('active', 'disabled')`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    merchantId: bigint('merchant_id', { mode: 'number' })
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    /** sha256 (hex) of the token: a database leak does not hand out live sessions. */
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [
    uniqueIndex('sessions_token_hash_key').on(t.tokenHash),
    // Serves revoking a merchant's sessions (password change and reset).
    index('sessions_merchant_created_idx').on(t.merchantId, t.createdAt),
  ],
);

export const balances = pgTable(
  'balances',
  {
    merchantId: bigint('merchant_id', { mode: 'number' })
      .notNull()
      .references(() => merchants.id, { onDelete: 'restrict' }),
    coinName: text('coin_name').notNull(),
    available: numeric('available', { precision: 38, scale: 18 }).notNull().default('0'),
    frozen: numeric('frozen', { precision: 38, scale: 18 }).notNull().default('0'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [
    primaryKey({ columns: [t.merchantId, t.coinName] }),
    // The last line of defence: no code path may overdraw a balance.
    check('balances_available_nonnegative', sql`${t.available} >= 0`),
    check('balances_frozen_nonnegative', sql`${t.frozen} >= 0`),
  ],
);
