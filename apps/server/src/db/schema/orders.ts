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
import { applications } from './applications';
import { depositAddresses } from './assets';
import { merchants } from './merchants';

/**
 * Orders, the chain transfers attributed to them, the ledger (fund records) and the callback
 * outbox with its delivery log. Amounts are NUMERIC(38,18): decimal strings in code.
 */
const at = (name: string) => timestamp(name, { withTimezone: true });
const amount = (name: string) => numeric(name, { precision: 38, scale: 18 });
/**
 * Money rows name their merchant with RESTRICT: deleting a merchant that has orders, ledger rows
 * or callbacks about them is refused by the database, never carried out by erasing its ledger.
 */
const merchantRef = () =>
  bigint('merchant_id', { mode: 'number' })
    .notNull()
    .references(() => merchants.id, { onDelete: 'restrict' });

export const ORDER_TYPES = ['collection', 'payout'] as const;
/**
 * Collections: pending → confirming → completed, or expired. Payouts (issue 8) follow their
 * withdrawal: pending_review → processing → completed | failed, pending_review → rejected.
 */
export const ORDER_STATUSES = [
  'pending',
  'confirming',
  'completed',
  'expired',
  'pending_review',
  'processing',
  'failed',
  'rejected',
] as const;
export const ORDER_EXCEPTIONS = ['underpaid', 'overpaid', 'late'] as const;

export const orders = pgTable(
  'orders',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** The platform order number, public (cashier URL, API, records). */
    orderNo: text('order_no').notNull(),
    type: text('type', { enum: ORDER_TYPES }).notNull(),
    merchantId: merchantRef(),
    applicationId: bigint('application_id', { mode: 'number' })
      .notNull()
      .references(() => applications.id),
    merchantOrderNo: text('merchant_order_no').notNull(),
    /** How it was created: the signed API or the epusdt-compatible endpoint. */
    source: text('source', { enum: ['api', 'epusdt'] })
      .notNull()
      .default('api'),
    /** A coinName (USDT). */
    currency: text('currency').notNull(),
    /** A chainId; null until the customer picks one on the cashier. */
    network: text('network'),
    amount: amount('amount').notNull(),
    paidAmount: amount('paid_amount').notNull().default('0'),
    fee: amount('fee').notNull().default('0'),
    status: text('status', { enum: ORDER_STATUSES }).notNull().default('pending'),
    exception: text('exception', { enum: ORDER_EXCEPTIONS }),
    /** The order's own deposit address, assigned with the network; never reused. */
    payAddress: text('pay_address'),
    addressIndex: bigint('address_index', { mode: 'number' }),
    /** The first transfer that paid it (the one the callback and records show). */
    txHash: text('tx_hash'),
    description: text('description').notNull().default(''),
    /** The cashier's language; null when the merchant named none (the payer's browser decides). */
    language: text('language'),
    callbackUrl: text('callback_url').notNull().default(''),
    redirectUrl: text('redirect_url').notNull().default(''),
    /** Created in devnet mode: simulated money, never withdrawable on a real chain. */
    test: boolean('test').notNull(),
    /** sha256 of the creating request's canonical content: the same content is the same order. */
    requestHash: text('request_hash').notNull(),
    /** epusdt orders: the fiat the shop priced in and that amount, as it arrived. */
    fiat: text('fiat'),
    fiatAmount: amount('fiat_amount'),
    createdAt: at('created_at').notNull().default(sql`now()`),
    expiresAt: at('expires_at').notNull(),
    /** When the first payment was seen (the SPEC's arrival time). */
    arrivedAt: at('arrived_at'),
    completedAt: at('completed_at'),
    updatedAt: at('updated_at').notNull().default(sql`now()`),
  },
  (t) => [
    uniqueIndex('orders_order_no_key').on(t.orderNo),
    uniqueIndex('orders_app_merchant_order_no_key').on(t.applicationId, t.type, t.merchantOrderNo),
    uniqueIndex('orders_pay_address_key').on(t.payAddress).where(sql`${t.payAddress} is not null`),
    index('orders_merchant_created_idx').on(t.merchantId, t.type, t.createdAt),
    // The dashboard's completed orders per day (modules/dashboard).
    index('orders_merchant_completed_idx')
      .on(t.merchantId, t.type, t.completedAt)
      .where(sql`${t.completedAt} is not null`),
    index('orders_status_expires_idx').on(t.status, t.expiresAt),
    // The chain watcher's addresses of each block (watch.repository.ts watchedAddresses): the
    // chain's orders not long expired, without reading every order of every merchant each block.
    index('orders_network_expires_idx').on(t.network, t.expiresAt).where(sql`${t.payAddress} is not null`),
    // The records' filters (docs/decisions/2026-11-26-records-at-scale.md): each finds its rows
    // newest first, or few enough to sort, without reading the merchant's whole history.
    index('orders_merchant_status_created_idx').on(t.merchantId, t.type, t.status, t.createdAt),
    index('orders_merchant_currency_created_idx').on(t.merchantId, t.type, t.currency, t.createdAt),
    index('orders_merchant_app_created_idx').on(t.merchantId, t.type, t.applicationId, t.createdAt),
    index('orders_merchant_amount_idx').on(t.merchantId, t.type, t.amount),
    index('orders_merchant_order_no_idx').on(t.merchantId, t.type, t.merchantOrderNo),
    index('orders_tx_hash_idx').on(t.txHash).where(sql`${t.txHash} is not null`),
    check('orders_type_known', sql`${t.type} in ('collection', 'payout')`),
    check(
      'orders_status_known',
      sql`${t.status} in ('pending', 'confirming', 'completed', 'expired', 'pending_review', 'processing', 'failed', 'rejected')`,
    ),
    check(
      'orders_exception_known',
      sql`${t.exception} is null or ${t.exception} in ('underpaid', 'overpaid', 'late')`,
    ),
    check('orders_amount_positive', sql`${t.amount} > 0`),
  ],
);

/** Transfers the watcher saw to an order's address. Each chain transfer counts once. */
export const chainTransfers = pgTable(
  'chain_transfers',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    chainId: text('chain_id').notNull(),
    txHash: text('tx_hash').notNull(),
    logIndex: integer('log_index').notNull().default(0),
    fromAddress: text('from_address').notNull(),
    toAddress: text('to_address').notNull(),
    coinName: text('coin_name').notNull(),
    amount: amount('amount').notNull(),
    blockHeight: bigint('block_height', { mode: 'number' }).notNull(),
    /** The block's hash and time (issue 32): a credit checks the hash is still canonical; lateness goes by the time. Null on rows from before. */
    blockHash: text('block_hash'),
    blockTime: at('block_time'),
    orderId: bigint('order_id', { mode: 'number' }).references(() => orders.id),
    /** A transfer to a merchant's own deposit address (issue 8); null for an order's. */
    depositAddressId: bigint('deposit_address_id', { mode: 'number' }).references(() => depositAddresses.id),
    /** A deposit's platform number (`DP…`, order-number.ts), its fund record's orderNo; null for an order's. */
    depositNo: text('deposit_no'),
    /**
     * Seen, waiting for confirmations; then credited once (the fund record is written then).
     * `ignored`: recorded but never credited (a coin other than the order's currency).
     * `below_minimum`: a deposit under the coin's minDepositAmount, recorded, never credited.
     * `unmatched`: no rule credits it (another known token to an order's address, a payment to
     * a deleted application's address): the operator's Unmatched transfers page credits it
     * (`credited`) or returns it to its sender (`returning` while the return is on chain, then
     * `returned`), once.
     * `funding`: coin sent to the platform's hot or gas wallet from outside (the operator
     * funding it): booked as operator funding, never credited to anyone.
     * `reorged`: credited, then its block left the chain deeper than the confirmations (an
     * incident: chain_alerts `deep_reorg` lists it; nothing is reversed silently).
     */
    status: text('status', {
      enum: [
        'confirming',
        'credited',
        'ignored',
        'below_minimum',
        'unmatched',
        'returning',
        'returned',
        'reorged',
        'funding',
      ],
    })
      .notNull()
      .default('confirming'),
    seenAt: at('seen_at').notNull().default(sql`now()`),
    creditedAt: at('credited_at'),
  },
  (t) => [
    unique('chain_transfers_tx_key').on(t.chainId, t.txHash, t.logIndex),
    index('chain_transfers_order_idx').on(t.orderId),
    index('chain_transfers_deposit_idx').on(t.depositAddressId, t.id),
    index('chain_transfers_confirming_idx').on(t.chainId, t.status),
    // The records' transaction hash filter (any transfer to an order).
    index('chain_transfers_tx_hash_idx').on(t.txHash),
    uniqueIndex('chain_transfers_deposit_no_key').on(t.depositNo).where(sql`${t.depositNo} is not null`),
  ],
);

export const FUND_RECORD_TYPES = ['deposit', 'withdraw', 'collection', 'payout', 'exchange'] as const;

/**
 * The ledger: append-only. Each row moves one bucket (available or frozen) of one balance;
 * before = after − change; hash = sha256(previous hash of the same merchant and currency +
 * canonical row), so a changed or removed row breaks the chain (npm run ledger:verify).
 */
export const fundRecords = pgTable(
  'fund_records',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    merchantId: merchantRef(),
    currency: text('currency').notNull(),
    type: text('type', { enum: FUND_RECORD_TYPES }).notNull(),
    bucket: text('bucket', { enum: ['available', 'frozen'] })
      .notNull()
      .default('available'),
    orderNo: text('order_no'),
    txHash: text('tx_hash'),
    address: text('address'),
    network: text('network'),
    amount: amount('amount').notNull(),
    fee: amount('fee').notNull().default('0'),
    status: text('status').notNull(),
    balanceBefore: amount('balance_before').notNull(),
    changeAmount: amount('change_amount').notNull(),
    balanceAfter: amount('balance_after').notNull(),
    prevHash: text('prev_hash').notNull(),
    hash: text('hash').notNull(),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    index('fund_records_chain_idx').on(t.merchantId, t.currency, t.id),
    index('fund_records_merchant_created_idx').on(t.merchantId, t.createdAt),
    // The fund flow's filters (docs/decisions/2026-11-26-records-at-scale.md).
    index('fund_records_merchant_type_created_idx').on(t.merchantId, t.type, t.createdAt),
    index('fund_records_merchant_currency_created_idx').on(t.merchantId, t.currency, t.createdAt),
    index('fund_records_merchant_order_no_idx')
      .on(t.merchantId, t.orderNo)
      .where(sql`${t.orderNo} is not null`),
    uniqueIndex('fund_records_hash_key').on(t.hash),
    check('fund_records_before_after', sql`${t.balanceBefore} + ${t.changeAmount} = ${t.balanceAfter}`),
  ],
);

export const CALLBACK_EVENT_TYPES = [
  'collection.confirming',
  'collection.completed',
  'collection.expired',
  'collection.payment_received',
  'collection.payment_reverted',
  'payout.processing',
  'payout.completed',
  'payout.failed',
  'payout.rejected',
  'test',
] as const;

/**
 * The callback outbox: one row per event, written in the same transaction as the change it
 * reports. It is its own leased queue (modules/callbacks/callback-queue.ts): `run_at` says when
 * its next attempt may start, a worker's claim counts the try and leases the row, and the record
 * of the attempt settles it, in the row itself (no job row beside it). The id is the body's
 * `id`, stable across retries. `format` says which protocol signs and shapes the body.
 */
export const callbackEvents = pgTable(
  'callback_events',
  {
    id: text('id').primaryKey(),
    merchantId: merchantRef(),
    applicationId: bigint('application_id', { mode: 'number' })
      .notNull()
      .references(() => applications.id),
    orderId: bigint('order_id', { mode: 'number' }).references(() => orders.id),
    type: text('type').notNull(),
    format: text('format', { enum: ['tollgate', 'epusdt'] })
      .notNull()
      .default('tollgate'),
    /** The exact JSON body sent on every attempt. */
    body: text('body').notNull(),
    payload: jsonb('payload'),
    attempts: integer('attempts').notNull().default(0),
    deliveredAt: at('delivered_at'),
    /** Set when the retry schedule is spent. */
    gaveUpAt: at('gave_up_at'),
    createdAt: at('created_at').notNull(),
    /**
     * When the next attempt may start: the event's time for a new one, the retry's time after a
     * failure, the lease's end while a worker holds it. null: nothing to send (delivered, given
     * up, skipped, or a test event, which is sent while its call waits).
     */
    runAt: at('run_at'),
    /** Attempts claimed in the current schedule (a claim counts it, so a lost worker's try counts). */
    tries: integer('tries').notNull().default(0),
    /** A worker holds it (claimed, not yet recorded): a resend leaves it alone. */
    leased: boolean('leased').notNull().default(false),
    /** When the current schedule began: the event's time, or its last resend (the double-click window). */
    queuedAt: at('queued_at'),
    /** The order events were written in (those of one transaction share their time): claims go by it. */
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
  },
  (t) => [
    index('callback_events_order_idx').on(t.orderId, t.createdAt),
    // In the claim's order (run_at, then the order written), only the rows with something to send.
    index('callback_events_due_idx').on(t.runAt, t.seq).where(sql`${t.runAt} is not null`),
    // The retention purge's (jobs/purge-callback-log.ts): only the rows with nothing left to send.
    index('callback_events_settled_idx')
      .on(sql`greatest(${t.deliveredAt}, ${t.gaveUpAt})`)
      .where(sql`${t.runAt} is null`),
  ],
);

/** Every delivery attempt, for the order's delivery log. */
export const callbackDeliveries = pgTable(
  'callback_deliveries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    eventId: text('event_id')
      .notNull()
      .references(() => callbackEvents.id, { onDelete: 'cascade' }),
    attempt: integer('attempt').notNull(),
    url: text('url').notNull(),
    /** The body as sent; null when it is the event's own (`callback_events.body`), not copied. */
    requestBody: text('request_body'),
    responseStatus: integer('response_status'),
    /** The first 2 KB of the response body. */
    responseBody: text('response_body'),
    durationMs: integer('duration_ms').notNull(),
    error: text('error'),
    acknowledged: boolean('acknowledged').notNull().default(false),
    createdAt: at('created_at').notNull(),
  },
  (t) => [index('callback_deliveries_event_idx').on(t.eventId, t.attempt)],
);

/** Fiat prices in USDT (epusdt orders are priced in fiat): seeded with indicative rates. */
export const fiatRates = pgTable('fiat_rates', {
  fiat: text('fiat').primaryKey(),
  /** USDT per one unit of the fiat. */
  usdtPerUnit: amount('usdt_per_unit').notNull(),
  updatedAt: at('updated_at').notNull().default(sql`now()`),
});
