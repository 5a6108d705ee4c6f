import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
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
    /** The platform's sends: the sending address's nonce (one pending transfer per nonce; a replacement takes its place). */
    nonce: bigint('nonce', { mode: 'number' }),
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
  /**
   * Every on-chain movement up to this height is booked (platform_entries): set at the end of a
   * whole pass (scan, credits, sends watched). chain:reconcile compares the books at it.
   */
  bookedHeight: bigint('booked_height', { mode: 'number' }),
  updatedAt: at('updated_at').notNull().default(sql`now()`),
});

/**
 * The chain boundary (issue 32, docs/decisions/2026-12-07-chain-boundary.md): what the watcher
 * and the sender keep so that a reorganized block, a dropped or stuck transaction, or a process
 * killed between signing and broadcasting never loses or doubles money.
 */

/**
 * The blocks the watcher scanned recently, per chain (at least twice the confirmations): a new
 * block whose parent hash is not the stored hash below it is a reorg. Older rows are pruned.
 */
export const chainBlocks = pgTable(
  'chain_blocks',
  {
    chainId: text('chain_id').notNull(),
    height: bigint('height', { mode: 'number' }).notNull(),
    hash: text('hash').notNull(),
    parentHash: text('parent_hash').notNull(),
    time: at('time').notNull(),
  },
  (t) => [primaryKey({ columns: [t.chainId, t.height] })],
);

/** One holder at a time per name (`scan:ETH`): the node that scans and sends for a chain. */
export const chainLeases = pgTable('chain_leases', {
  name: text('name').primaryKey(),
  holder: text('holder').notNull(),
  expiresAt: at('expires_at').notNull(),
});

/**
 * Every address ever issued, per chain, watched for ever: order addresses (account 0) and
 * merchants' deposit addresses (account 1). The id only grows, so a node keeps the set in
 * memory and reads only the rows after the last id it has.
 */
export const watchedAddresses = pgTable(
  'watched_addresses',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    chainId: text('chain_id').notNull(),
    address: text('address').notNull(),
    orderId: bigint('order_id', { mode: 'number' }),
    depositAddressId: bigint('deposit_address_id', { mode: 'number' }),
    createdAt: at('created_at').notNull().default(sql`now()`),
  },
  (t) => [
    unique('watched_addresses_chain_address_key').on(t.chainId, t.address),
    index('watched_addresses_chain_id_idx').on(t.chainId, t.id),
  ],
);

/**
 * Account chains: the next nonce of each sending address, allocated under this row's lock in
 * the transaction that stores the signed transaction, so two nodes never use one nonce.
 */
export const chainNonces = pgTable(
  'chain_nonces',
  {
    chainId: text('chain_id').notNull(),
    address: text('address').notNull(),
    nextNonce: bigint('next_nonce', { mode: 'number' }).notNull(),
    updatedAt: at('updated_at').notNull().default(sql`now()`),
  },
  (t) => [primaryKey({ columns: [t.chainId, t.address] })],
);

export const CHAIN_SEND_KINDS = ['withdrawal', 'sweep', 'gas_topup', 'return'] as const;
/**
 * pending: signed and stored (broadcast or not); mined: one of its transactions is in a block,
 * waiting for the confirmations; confirmed: it moved the money; reverted: mined failed, with
 * the confirmations (then, and only then, a withdrawal's funds are released).
 */
export const CHAIN_SEND_STATUSES = ['pending', 'mined', 'confirmed', 'reverted'] as const;

/**
 * One send the platform makes on chain, whatever asked for it (a withdrawal or payout, a sweep,
 * a gas top-up, a return of an unmatched transfer): `(kind, ref)` is unique, so one reference
 * never makes two sends. On an account chain every transaction of a send shares its nonce; on
 * a UTXO chain they spend its inputs. So at most one of them can ever be mined.
 */
export const chainSends = pgTable(
  'chain_sends',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    chainId: text('chain_id').notNull(),
    kind: text('kind', { enum: CHAIN_SEND_KINDS }).notNull(),
    /** The withdrawal number, the sweep's or the unmatched transfer's id. */
    ref: text('ref').notNull(),
    fromAddress: text('from_address').notNull(),
    toAddress: text('to_address').notNull(),
    coinName: text('coin_name').notNull(),
    amount: amount('amount').notNull(),
    /** Account chains: the nonce every transaction of this send uses. */
    nonce: bigint('nonce', { mode: 'number' }),
    /** UTXO chains: the outputs every transaction of this send spends. */
    inputs: jsonb('inputs'),
    status: text('status', { enum: CHAIN_SEND_STATUSES }).notNull().default('pending'),
    minedTxHash: text('mined_tx_hash'),
    minedHeight: bigint('mined_height', { mode: 'number' }),
    minedBlockHash: text('mined_block_hash'),
    /** The network fee paid, in the chain's native coin (decimal string), once mined. */
    networkFee: amount('network_fee'),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
    finishedAt: at('finished_at'),
  },
  (t) => [
    unique('chain_sends_kind_ref_key').on(t.kind, t.ref),
    uniqueIndex('chain_sends_nonce_key')
      .on(t.chainId, t.fromAddress, t.nonce)
      .where(sql`${t.nonce} is not null`),
    index('chain_sends_open_idx').on(t.chainId, t.status),
  ],
);

/**
 * UTXO chains (Doge): the platform's outputs, as the watcher's scan finds them (every output
 * paying a watched address: an order's, a deposit address, the hot wallet; a send's change
 * included), in the scan's transaction. What a send spends comes from here: its inputs are
 * locked to it (`spent_by_send_id`, set only where it is null) in the transaction that stores it,
 * so two sends never spend one output; every transaction of the send (a replacement) spends the
 * same ones. A reorg clears `block_height` and `block_hash` above the common ancestor (not
 * spendable, not counted) until a scan finds the output again; a lock is never lost with it.
 */
export const chainUtxos = pgTable(
  'chain_utxos',
  {
    chainId: text('chain_id').notNull(),
    txid: text('txid').notNull(),
    vout: integer('vout').notNull(),
    address: text('address').notNull(),
    /** The key that spends it: account 0 (orders), 1 (deposit addresses) or 2 (the hot wallet), and its index. */
    keyAccount: integer('key_account').notNull(),
    keyIndex: bigint('key_index', { mode: 'number' }).notNull(),
    amount: amount('amount').notNull(),
    /** Null while its block is off the chain (a reorg), until it is scanned again. */
    blockHeight: bigint('block_height', { mode: 'number' }),
    blockHash: text('block_hash'),
    /** The send that spends it (locked while in flight, spent once mined); null: available. */
    spentBySendId: bigint('spent_by_send_id', { mode: 'number' }).references(() => chainSends.id, {
      onDelete: 'restrict',
    }),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.chainId, t.txid, t.vout] }),
    index('chain_utxos_available_idx').on(t.chainId, t.address).where(sql`${t.spentBySendId} is null`),
    index('chain_utxos_send_idx').on(t.spentBySendId).where(sql`${t.spentBySendId} is not null`),
    index('chain_utxos_height_idx').on(t.chainId, t.blockHeight),
  ],
);

/**
 * Every signed transaction of a send: the first, and each replacement at a higher fee. The raw
 * bytes are stored before anything is broadcast, so a restart broadcasts the same bytes.
 */
export const chainSendTxs = pgTable(
  'chain_send_txs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    sendId: bigint('send_id', { mode: 'number' })
      .notNull()
      .references(() => chainSends.id, { onDelete: 'restrict' }),
    chainId: text('chain_id').notNull(),
    txHash: text('tx_hash').notNull(),
    raw: text('raw').notNull(),
    /** The fee it offers (EVM: maxFeePerGas and maxPriorityFeePerGas, or gasPrice; UTXO: the fee), in base units. */
    fee: jsonb('fee').notNull(),
    /** The head height when it was signed: a transaction not mined some blocks after is replaced. */
    signedAtHeight: bigint('signed_at_height', { mode: 'number' }).notNull(),
    createdAt: at('created_at').notNull(),
    broadcastAt: at('broadcast_at'),
  },
  (t) => [
    unique('chain_send_txs_hash_key').on(t.chainId, t.txHash),
    index('chain_send_txs_send_idx').on(t.sendId, t.id),
  ],
);

export const CHAIN_ALERT_KINDS = [
  'deep_reorg',
  'hot_wallet_low',
  'rpc_down',
  'reconcile_difference',
] as const;

/**
 * What an operator must look at, per chain; one open alert per (kind, key). A deep reorg's
 * detail lists what was credited and is gone from the chain.
 */
export const chainAlerts = pgTable(
  'chain_alerts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    chainId: text('chain_id').notNull(),
    kind: text('kind', { enum: CHAIN_ALERT_KINDS }).notNull(),
    /** What makes the alert one: the coin, the reorged height, … */
    key: text('key').notNull(),
    detail: jsonb('detail').notNull(),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
    resolvedAt: at('resolved_at'),
  },
  (t) => [
    uniqueIndex('chain_alerts_open_key').on(t.chainId, t.kind, t.key).where(sql`${t.resolvedAt} is null`),
    index('chain_alerts_created_idx').on(t.createdAt),
  ],
);

export const SWEEP_STATUSES = ['planned', 'topping_up', 'funded', 'sending', 'done', 'failed'] as const;

/**
 * Sweeps (modules/sweeps, docs/decisions/2026-12-07-sweeps.md): coin at an order's or a merchant's
 * deposit address moved to the hot wallet. One open sweep per (chain, address, coin); a token's
 * first has the gas wallet top the address up (a `gas_topup` send), then the sweep send goes
 * with the fee quoted for it. Both sends' reference is the sweep's id. On a UTXO chain the rows of
 * one consolidation share `consolidation_id`, their one send's reference.
 */
export const sweeps = pgTable(
  'sweeps',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    chainId: text('chain_id').notNull(),
    address: text('address').notNull(),
    /** The address's key: account 0 (orders) or 1 (deposit addresses), and its index. */
    keyAccount: integer('key_account').notNull(),
    keyIndex: bigint('key_index', { mode: 'number' }).notNull(),
    coinName: text('coin_name').notNull(),
    /** What the books held there when it was planned. */
    plannedAmount: amount('planned_amount').notNull(),
    /** The fee the sweep send offers, quoted before the top-up (token sweeps). */
    fee: jsonb('fee'),
    /**
     * UTXO chains: the sweeps of one consolidation (one transaction spending the outputs of
     * several addresses) share it, the id of its first row; its send's reference. Null on
     * account chains.
     */
    consolidationId: bigint('consolidation_id', { mode: 'number' }),
    status: text('status', { enum: SWEEP_STATUSES }).notNull().default('planned'),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
    finishedAt: at('finished_at'),
  },
  (t) => [
    uniqueIndex('sweeps_open_key')
      .on(t.chainId, t.address, t.coinName)
      .where(sql`${t.status} not in ('done', 'failed')`),
    index('sweeps_chain_status_idx').on(t.chainId, t.status),
    index('sweeps_consolidation_idx').on(t.consolidationId),
  ],
);
