import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  numeric,
  pgSequence,
  pgTable,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';

/**
 * Wallet keys, the devnet chains and the watcher's progress. In devnet mode every chain is
 * simulated in devnet_blocks and devnet_transfers; the watcher reads them through the same
 * adapter interface as a real chain (chains/), so nothing above the adapter knows the difference.
 */
const at = (name: string) => timestamp(name, { withTimezone: true });
const amount = (name: string) => numeric(name, { precision: 38, scale: 18 });

/** Sealed wallet secrets (the HD mnemonic in embedded mode), by name. */
export const walletSecrets = pgTable('wallet_secrets', {
  name: text('name').primaryKey(),
  /** lib/secret-box's `v1:` format; AAD binds it to `wallet_secrets:<name>`. */
  sealed: text('sealed').notNull(),
  createdAt: at('created_at').notNull().default(sql`now()`),
});

/** The BIP-44 address index of each order address: drawn once, never reused (gaps are fine). */
export const orderAddressIndexSeq = pgSequence('order_address_index_seq', { startWith: 0, minValue: 0 });

/** Devnet: the blocks produced so far per chain (one every DEVNET_BLOCK_MS). */
export const devnetBlocks = pgTable(
  'devnet_blocks',
  {
    chainId: text('chain_id').notNull(),
    height: bigint('height', { mode: 'number' }).notNull(),
    hash: text('hash').notNull(),
    producedAt: at('produced_at').notNull(),
  },
  (t) => [unique('devnet_blocks_chain_height_key').on(t.chainId, t.height)],
);

/** Devnet: transfers, pending (block_height null) until the next block includes them. */
export const devnetTransfers = pgTable(
  'devnet_transfers',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    chainId: text('chain_id').notNull(),
    txHash: text('tx_hash').notNull(),
    logIndex: integer('log_index').notNull().default(0),
    fromAddress: text('from_address').notNull(),
    toAddress: text('to_address').notNull(),
    coinName: text('coin_name').notNull(),
    amount: amount('amount').notNull(),
    blockHeight: bigint('block_height', { mode: 'number' }),
    /** A reverted transaction: in a block, moving nothing (devnet: the operator's "fail on chain"). */
    failed: boolean('failed').notNull().default(false),
    createdAt: at('created_at').notNull().default(sql`now()`),
  },
  (t) => [
    unique('devnet_transfers_tx_key').on(t.chainId, t.txHash, t.logIndex),
    index('devnet_transfers_block_idx').on(t.chainId, t.blockHeight),
  ],
);

/** How far the watcher has scanned each chain. */
export const chainCursors = pgTable('chain_cursors', {
  chainId: text('chain_id').primaryKey(),
  scannedHeight: bigint('scanned_height', { mode: 'number' }).notNull(),
  updatedAt: at('updated_at').notNull().default(sql`now()`),
});
