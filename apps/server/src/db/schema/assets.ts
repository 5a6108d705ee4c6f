import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { merchants } from './merchants';
import { orders } from './orders';

/**
 * Assets (issue 8): each merchant's own deposit address per chain. The address is derived from
 * the HD seed on BIP-44 account 1 (order addresses use account 0), at the merchant's id as
 * index, so it is stable and restorable from the seed alone. Transfers to it are recorded in
 * chain_transfers with deposit_address_id set, by the same watcher as collections.
 */
const at = (name: string) => timestamp(name, { withTimezone: true });

export const depositAddresses = pgTable(
  'deposit_addresses',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    merchantId: bigint('merchant_id', { mode: 'number' })
      .notNull()
      .references(() => merchants.id, { onDelete: 'restrict' }),
    chainId: text('chain_id').notNull(),
    address: text('address').notNull(),
    /** The BIP-44 account (1) and index (the merchant's id) it was derived at. */
    account: bigint('account', { mode: 'number' }).notNull(),
    addressIndex: bigint('address_index', { mode: 'number' }).notNull(),
    createdAt: at('created_at').notNull().default(sql`now()`),
  },
  (t) => [
    unique('deposit_addresses_merchant_chain_key').on(t.merchantId, t.chainId),
    unique('deposit_addresses_chain_address_key').on(t.chainId, t.address),
  ],
);

const amount = (name: string) => numeric(name, { precision: 38, scale: 18 });

export const WITHDRAWAL_STATUSES = [
  'pending_review',
  'processing',
  'sending',
  'completed',
  'failed',
  'rejected',
] as const;

/**
 * Withdrawals: one row per transfer out of a merchant's balance, whatever asked for it (the back
 * office, one by one or a batch row; later the payout API). amount + fee move from available to
 * frozen when it is accepted; then pending_review → processing → sending (signed and stored,
 * with the chain_sends row that sends it) → completed | failed, or pending_review → rejected,
 * each change one transaction with its fund records.
 */
export const withdrawals = pgTable(
  'withdrawals',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** Public: WD + the day in Asia/Shanghai + 20 hex digits. */
    withdrawalNo: text('withdrawal_no').notNull(),
    merchantId: bigint('merchant_id', { mode: 'number' })
      .notNull()
      .references(() => merchants.id, { onDelete: 'restrict' }),
    source: text('source', { enum: ['single', 'batch', 'api'] }).notNull(),
    /** A payout made through the API: its order (type payout), which mirrors this row's status. */
    orderId: bigint('order_id', { mode: 'number' }).references(() => orders.id),
    batchId: text('batch_id'),
    coinName: text('coin_name').notNull(),
    chainId: text('chain_id').notNull(),
    address: text('address').notNull(),
    /** What the destination receives. */
    amount: amount('amount').notNull(),
    /** The rate table's payout fee at acceptance, kept by the platform. */
    fee: amount('fee').notNull(),
    /** amount + fee in USDT at acceptance (the auto-approve threshold compares it). */
    usdtValue: amount('usdt_value').notNull(),
    status: text('status', { enum: WITHDRAWAL_STATUSES }).notNull(),
    /** Why it was rejected (the operator's words) or failed (the chain's). */
    reason: text('reason'),
    remark: text('remark').notNull().default(''),
    txHash: text('tx_hash'),
    /** Made in devnet mode: simulated money, only ever sent on the devnet. */
    test: boolean('test').notNull(),
    /** Devnet: the operator asked for this transfer to fail on chain (a reverted transaction). */
    failOnChain: boolean('fail_on_chain').notNull().default(false),
    reviewedBy: text('reviewed_by'),
    createdAt: at('created_at').notNull(),
    reviewedAt: at('reviewed_at'),
    sentAt: at('sent_at'),
    finishedAt: at('finished_at'),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('withdrawals_no_key').on(t.withdrawalNo),
    uniqueIndex('withdrawals_order_key').on(t.orderId).where(sql`${t.orderId} is not null`),
    index('withdrawals_merchant_created_idx').on(t.merchantId, t.createdAt),
    index('withdrawals_status_idx').on(t.status, t.id),
    // The records' address filter (a payout's destination).
    index('withdrawals_merchant_address_idx').on(t.merchantId, t.address),
    check(
      'withdrawals_status_known',
      sql`${t.status} in ('pending_review', 'processing', 'sending', 'completed', 'failed', 'rejected')`,
    ),
    check('withdrawals_amount_positive', sql`${t.amount} > 0 and ${t.fee} >= 0`),
  ],
);

/**
 * A batch withdrawal between its preview and its submission (issue 8): the validated rows are
 * kept here, so submit checks again what the merchant saw and accepts all rows or none.
 * `batch_id` is public (B + 24 hex digits); the withdrawals it made carry it.
 */
export const withdrawalBatches = pgTable(
  'withdrawal_batches',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    batchId: text('batch_id').notNull(),
    merchantId: bigint('merchant_id', { mode: 'number' })
      .notNull()
      .references(() => merchants.id, { onDelete: 'restrict' }),
    /** The upload it was read from. */
    fileKey: text('file_key').notNull(),
    fileName: text('file_name').notNull().default(''),
    /** [[line, coinName, chainId, address, amount, fee, remark, error], …] as previewed. */
    rows: jsonb('rows').notNull(),
    rowCount: integer('row_count').notNull(),
    errorCount: integer('error_count').notNull(),
    status: text('status', { enum: ['previewed', 'submitted'] })
      .notNull()
      .default('previewed'),
    createdAt: at('created_at').notNull(),
    submittedAt: at('submitted_at'),
  },
  (t) => [
    uniqueIndex('withdrawal_batches_batch_id_key').on(t.batchId),
    index('withdrawal_batches_merchant_idx').on(t.merchantId, t.createdAt),
    check('withdrawal_batches_status_known', sql`${t.status} in ('previewed', 'submitted')`),
  ],
);

/**
 * The optional withdrawal address whitelist (issue 8): while merchants.address_whitelist_on,
 * withdrawals and payouts go only to an address listed here for that chain.
 */
export const withdrawalAddresses = pgTable(
  'withdrawal_addresses',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    merchantId: bigint('merchant_id', { mode: 'number' })
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    chainId: text('chain_id').notNull(),
    /** As the adapter normalizes it (EVM: checksummed). */
    address: text('address').notNull(),
    label: text('label').notNull().default(''),
    createdAt: at('created_at').notNull(),
  },
  (t) => [unique('withdrawal_addresses_merchant_chain_address_key').on(t.merchantId, t.chainId, t.address)],
);
