import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { merchants } from './merchants';

/**
 * A merchant's API applications (SPEC "My applications"), the nonces their signed requests
 * have used, and the files merchants uploaded (application icons).
 */
const at = (name: string) => timestamp(name, { withTimezone: true });

export const applications = pgTable(
  'applications',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    merchantId: bigint('merchant_id', { mode: 'number' })
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    /** The public APPID: unique, random, never reused. */
    appId: text('app_id').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    /** An uploaded file's key (served under /uploads/), or '' for none. */
    icon: text('icon').notNull().default(''),
    telegram: text('telegram').notNull().default(''),
    callbackUrl: text('callback_url').notNull().default(''),
    /** Normalized, comma-separated IPv4/IPv6 addresses and CIDRs; '' lets every IP call. */
    ipWhitelist: text('ip_whitelist').notNull().default(''),
    /** The APPSECRET sealed by lib/secret-box (AAD binds it to this row and secretVersion). */
    secretSealed: text('secret_sealed').notNull(),
    /** Bumped by each reset: the old secret stops working at once. */
    secretVersion: integer('secret_version').notNull().default(1),
    createdAt: at('created_at').notNull().default(sql`now()`),
    updatedAt: at('updated_at').notNull().default(sql`now()`),
    /** A deleted application's secret and orders stop working for the API; its orders stay. */
    deletedAt: at('deleted_at'),
  },
  (t) => [
    uniqueIndex('applications_app_id_key').on(t.appId),
    index('applications_merchant_idx').on(t.merchantId, t.createdAt),
    check('applications_name_length', sql`char_length(${t.name}) between 1 and 64`),
  ],
);

/** Nonces seen in signed API requests, kept past the 5-minute timestamp window, then purged. */
export const apiNonces = pgTable(
  'api_nonces',
  {
    applicationId: bigint('application_id', { mode: 'number' })
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    nonce: text('nonce').notNull(),
    seenAt: at('seen_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.applicationId, t.nonce] }), index('api_nonces_seen_idx').on(t.seenAt)],
);

/** Files uploaded through a signed upload policy (icons), stored by key in the file store. */
export const uploads = pgTable(
  'uploads',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    merchantId: bigint('merchant_id', { mode: 'number' })
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    /** Where it lives in the store, e.g. `icon/100001/2f1c…e9.png`; served at /uploads/<key>. */
    key: text('key').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    createdAt: at('created_at').notNull().default(sql`now()`),
  },
  (t) => [uniqueIndex('uploads_key_key').on(t.key)],
);
