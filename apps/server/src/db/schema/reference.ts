import { sql } from 'drizzle-orm';
import {
  boolean,
  foreignKey,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';

/**
 * Reference data: chains, currencies per chain, exchange rates and fees. Rows are seeded by a
 * custom migration (drizzle/0001_*), so every database holds the same data from its first start.
 * Amounts are NUMERIC(38,18) and come back from both drivers as decimal strings.
 */
const amount = (name: string) => numeric(name, { precision: 38, scale: 18 });

export const chains = pgTable('chains', {
  chainId: text('chain_id').primaryKey(),
  chainName: text('chain_name').notNull(),
  nativeCoin: text('native_coin').notNull(),
  icon: text('icon').notNull(),
  sort: integer('sort').notNull(),
});

export const coins = pgTable(
  'coins',
  {
    coinId: serial('coin_id').primaryKey(),
    /** The currency (USDT); one row per network it lives on. */
    coinName: text('coin_name').notNull(),
    /** The currency on one network (USDT-TRC20). */
    coinUnit: text('coin_unit').notNull(),
    chainId: text('chain_id')
      .notNull()
      .references(() => chains.chainId),
    isNative: boolean('is_native').notNull().default(false),
    contractAddress: text('contract_address'),
    /** On-chain base units per coin (10^decimals): chain adapters convert with it at their boundary. */
    decimals: smallint('decimals').notNull(),
    icon: text('icon').notNull(),
    minDepositAmount: amount('min_deposit_amount').notNull(),
    minWithdrawalAmount: amount('min_withdrawal_amount').notNull(),
    maxWithdrawalAmount: amount('max_withdrawal_amount').notNull(),
  },
  // Constraints (not bare indexes) so that fee_rates can reference (chain_id, coin_name).
  (t) => [
    unique('coins_coin_unit_key').on(t.coinUnit),
    unique('coins_chain_coin_key').on(t.chainId, t.coinName),
  ],
);

export const exchangeRates = pgTable('exchange_rates', {
  coinName: text('coin_name').primaryKey(),
  /** Price of one unit in USDT. */
  rate: amount('rate').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().default(sql`now()`),
});

export const feeRates = pgTable(
  'fee_rates',
  {
    chainId: text('chain_id').notNull(),
    coinName: text('coin_name').notNull(),
    /** Share of each collected amount, e.g. 0.008 = 0.8 %. */
    collectionRate: numeric('collection_rate', { precision: 10, scale: 6 }).notNull(),
    /** Fixed fee per payout, in the coin itself. */
    payoutFee: amount('payout_fee').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.chainId, t.coinName] }),
    // A fee row exists only for a currency the chain actually carries.
    foreignKey({ columns: [t.chainId, t.coinName], foreignColumns: [coins.chainId, coins.coinName] }),
  ],
);
