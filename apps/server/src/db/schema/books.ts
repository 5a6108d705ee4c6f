import { sql } from 'drizzle-orm';
import { bigint, check, index, numeric, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The platform's own books (issue 32), double-entry, beside the merchants' ledger: what the
 * platform holds on each chain and where it came from. docs/decisions/2026-12-07-platform-books.md.
 *
 * One row per line; the lines of a journal entry (`entry_ref`) sum to zero per coin. Amounts are
 * signed: a debit is positive, a credit negative. Asset accounts (`hot_wallet`, `gas_wallet`,
 * `unswept`) carry the address they are held at and the block height of the on-chain movement
 * they book, so chain:reconcile compares them with the chain at one height.
 */
const at = (name: string) => timestamp(name, { withTimezone: true });

export const PLATFORM_ACCOUNTS = [
  // Assets: held on chain.
  'hot_wallet',
  'gas_wallet',
  'unswept',
  // What the platform owes or earned.
  'merchant_balances',
  'pending_receipts',
  'fee_income',
  'gas_expense',
  'operator_funding',
  'reorg_loss',
  // What was held before the books began (migration 0023: only devnet databases moved money before).
  'opening_balance',
] as const;
export type PlatformAccount = (typeof PLATFORM_ACCOUNTS)[number];
export const ASSET_ACCOUNTS: readonly PlatformAccount[] = ['hot_wallet', 'gas_wallet', 'unswept'];

export const platformEntries = pgTable(
  'platform_entries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** The journal entry this line belongs to, named by its cause: `credit:<transfer id>`, `send:<send id>:mined`, … */
    entryRef: text('entry_ref').notNull(),
    chainId: text('chain_id').notNull(),
    coinName: text('coin_name').notNull(),
    account: text('account', { enum: PLATFORM_ACCOUNTS }).notNull(),
    /** Asset lines: the address holding it. */
    address: text('address'),
    /** Signed: debit > 0, credit < 0. */
    amount: numeric('amount', { precision: 38, scale: 18 }).notNull(),
    /** Asset lines: the block of the on-chain movement (reconcile compares at a height). */
    blockHeight: bigint('block_height', { mode: 'number' }),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    index('platform_entries_ref_idx').on(t.entryRef),
    index('platform_entries_asset_idx').on(t.chainId, t.coinName, t.account, t.address),
    check(
      'platform_entries_account_known',
      sql`${t.account} in ('hot_wallet', 'gas_wallet', 'unswept', 'merchant_balances', 'pending_receipts', 'fee_income', 'gas_expense', 'operator_funding', 'reorg_loss', 'opening_balance')`,
    ),
  ],
);
