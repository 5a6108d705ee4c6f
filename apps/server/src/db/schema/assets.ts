import { sql } from 'drizzle-orm';
import { bigint, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { merchants } from './merchants';

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
      .references(() => merchants.id, { onDelete: 'cascade' }),
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
