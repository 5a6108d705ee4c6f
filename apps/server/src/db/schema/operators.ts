import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * The operator console's own accounts (issue 8): operators are never merchants, and a session
 * of one kind is never accepted by the other's calls.
 */
const at = (name: string) => timestamp(name, { withTimezone: true });

export const operators = pgTable(
  'operators',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** Always stored lower-cased. */
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    /** The bound Google Authenticator secret, sealed like the merchants' (secret-box). */
    googleSecret: text('google_secret'),
    googleState: boolean('google_state').notNull().default(false),
    googlePendingSecret: text('google_pending_secret'),
    googleLastStep: bigint('google_last_step', { mode: 'number' }),
    status: text('status', { enum: ['active', 'disabled'] })
      .notNull()
      .default('active'),
    createdAt: at('created_at').notNull().default(sql`now()`),
    lastLoginAt: at('last_login_at'),
  },
  (t) => [
    uniqueIndex('operators_email_key').on(t.email),
    check('operators_email_lowercase', sql`${t.email} = lower(${t.email})`),
    check('operators_status_known', sql`${t.status} in ('active', 'disabled')`),
  ],
);

export const operatorSessions = pgTable(
  'operator_sessions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    operatorId: bigint('operator_id', { mode: 'number' })
      .notNull()
      .references(() => operators.id, { onDelete: 'cascade' }),
    /** sha256 (hex) of the token. */
    tokenHash: text('token_hash').notNull(),
    createdAt: at('created_at').notNull().default(sql`now()`),
    expiresAt: at('expires_at').notNull(),
    revokedAt: at('revoked_at'),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [
    uniqueIndex('operator_sessions_token_hash_key').on(t.tokenHash),
    index('operator_sessions_operator_idx').on(t.operatorId, t.createdAt),
  ],
);

/**
 * Every operator action: who did what to which object, with what was there before and after
 * (approve, reject, fail on chain, merchant disable/enable, auto-approve threshold, fee rate,
 * exchange rate, login).
 */
export const operatorAuditLog = pgTable(
  'operator_audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    operatorId: bigint('operator_id', { mode: 'number' }).references(() => operators.id),
    /** Kept as written, so the log still reads after an operator is gone. */
    operatorEmail: text('operator_email').notNull(),
    action: text('action').notNull(),
    /** What was acted on: `withdrawal:WD…`, `merchant:100001`, `fee:TRON/USDT`, `rate:TRX`. */
    target: text('target').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    reason: text('reason'),
    ip: text('ip'),
    createdAt: at('created_at').notNull().default(sql`now()`),
  },
  (t) => [
    index('operator_audit_log_created_idx').on(t.createdAt, t.id),
    index('operator_audit_log_target_idx').on(t.target, t.createdAt),
  ],
);
