/**
 * What everything above the chains (orders, the watcher, payouts later) knows of a chain. One
 * adapter per chain; in devnet mode every chain's adapter is the devnet one (tables in the
 * database), in live mode a real node's. Amounts are decimal strings in the coin's own unit
 * (USDT, not base units): adapters convert at their boundary with the coin's `decimals`.
 */
export type ChainId = 'ETH' | 'TRON' | 'BSC' | 'POLYGON' | 'DOGE';
export const CHAIN_IDS: readonly ChainId[] = ['ETH', 'TRON', 'BSC', 'POLYGON', 'DOGE'];

/** The address family: EVM chains share one derivation (BIP-44 coin type 60). */
export type AddressFamily = 'evm' | 'tron' | 'doge';

/** A block as the boundary keeps it: a new block whose parent hash is not the stored hash below it is a reorg. */
export interface BlockRef {
  height: number;
  hash: string;
  parentHash: string;
  /** The block's own timestamp: lateness is judged by it, never by the watcher's clock. */
  time: Date;
}

/**
 * A transfer as a chain reports it: (chainId, txHash, logIndex) names it uniquely. On a UTXO
 * chain, logIndex is the output's index (vout).
 */
export interface ChainTransfer {
  chainId: ChainId;
  txHash: string;
  /** The event's index within the transaction (0 for a native transfer; the vout on UTXO chains). */
  logIndex: number;
  fromAddress: string;
  toAddress: string;
  /** The coinName (USDT, ETH …) the transfer moved, resolved from the token contract. */
  coinName: string;
  /** Decimal string in the coin's unit. */
  amount: string;
  blockHeight: number;
  blockHash: string;
  blockTime: Date;
}

/** A scanned range: every block of it, in height order, and the transfers in them to watched addresses. */
export interface ScannedRange {
  blocks: BlockRef[];
  transfers: ChainTransfer[];
}

/** A key of the HD wallet: BIP-44 account and index (the family gives the coin type). */
export interface KeyPath {
  account: number;
  index: number;
}

/** What a send moves: `amount` of `coinName` from the key at `from` to `toAddress`. */
export interface TransferIntent {
  coinName: string;
  from: KeyPath;
  toAddress: string;
  /** Decimal string in the coin's unit. */
  amount: string;
  /** Devnet only: mined reverted (moves nothing), so `failed` can be tried. */
  failOnChain?: boolean;
  /**
   * UTXO chains: a consolidation (a sweep). Every given input is spent into `toAddress`, the fee
   * taken out of their total, with no change; `amount` is that total before the fee.
   */
  consolidate?: boolean;
}

/**
 * The fee a transaction offers, as decimal strings (never JS numbers). EVM, in base units (wei):
 * `gas` (the limit) with `maxFeePerGas` and `maxPriorityFeePerGas` (EIP-1559), or `gasPrice`
 * (legacy). UTXO, in the coin (DOGE): `feePerKb` and `fee` (the whole fee).
 */
export type FeeOffer = Record<string, string>;

export interface SignedTx {
  txHash: string;
  /** The signed bytes, hex, exactly as broadcast. */
  raw: string;
  fee: FeeOffer;
}

/** What the node knows of a transaction now. */
export type TxState =
  /** Not known: dropped from the mempool, or never broadcast. */
  | { state: 'unknown' }
  /** In the mempool, not in a block. */
  | { state: 'pending' }
  | {
      state: 'mined';
      blockHeight: number;
      blockHash: string;
      /** Reverted: it is in a block but moved nothing (it still used its nonce and paid its fee). */
      failed: boolean;
      /** What it cost, in the chain's native coin (decimal string). */
      networkFee: string;
    };

/**
 * Sending on an account chain (EVM; Tron later): every transaction of a send uses the nonce
 * allocated for it in the database (chain_nonces), so at most one of them is ever mined. The
 * sender (modules/chain-sends) calls, in order: quoteFee (network), then, in the transaction
 * that allocates the nonce and stores the send, sign (no network), then broadcast after the
 * commit; txState on each pass; quoteFee with the previous offer and sign again to replace a
 * stuck one at the same nonce.
 */
export interface AccountSender {
  readonly kind: 'account';
  /** The address's next nonce as the node counts it, pending transactions included (seeds chain_nonces). */
  chainNonce(address: string): Promise<number>;
  /**
   * The fee to offer for `intent` now (the gas limit estimated by the node). With `previous`, a
   * replacement's: at least the bump the node requires over it (geth's and anvil's 10 %).
   */
  quoteFee(intent: TransferIntent, previous?: FeeOffer): Promise<FeeOffer>;
  /** What the fee costs at most, in the native coin (decimal string): gas × max fee. */
  maxNetworkFee(fee: FeeOffer): string;
  /** Builds and signs. Pure: no network, so it runs inside the database transaction. */
  sign(intent: TransferIntent, nonce: number, fee: FeeOffer): Promise<SignedTx>;
  /** Sends the signed bytes to the node. A node that already has them (or mined them) is not an error. */
  broadcast(raw: string): Promise<void>;
  txState(txHash: string): Promise<TxState>;
}

/**
 * An unspent output the platform holds (the table chain_utxos, written by the watcher's scan):
 * what a UTXO send spends. (txid, vout) names it.
 */
export interface UtxoInput {
  txid: string;
  vout: number;
  /** Decimal string in the chain's coin. */
  amount: string;
  address: string;
  /** The key that spends it (the hot wallet's, an order's or a deposit address's). */
  key: KeyPath;
}

/** The inputs chosen for an intent, with the whole fee and the change (decimal strings; '0': none). */
export interface UtxoSelection {
  inputs: UtxoInput[];
  fee: string;
  change: string;
}

/**
 * Sending on a UTXO chain (Doge): a send spends outputs and returns change to the hot wallet
 * (`intent.from`'s address). Every transaction of a send spends the same inputs, locked to it in
 * the database (chain_utxos), so at most one of them is ever mined and no two sends spend one
 * output. The sender (modules/chain-sends) calls, in order: quoteFee (network); then, in the
 * transaction that locks the inputs and stores the send, selectInputs over the available
 * outputs and sign (both pure); broadcast after the commit; txState on each pass; quoteFee with
 * the previous offer and sign again over the same inputs to replace a stuck one.
 */
export interface UtxoSender {
  readonly kind: 'utxo';
  /**
   * The fee rate to offer, `{ feePerKb }` in the coin per 1000 bytes: the node's estimate, never
   * below the chain's floor (the intent does not change it). With `previous`, a replacement's:
   * at least the node's required bump.
   */
  quoteFee(intent: TransferIntent, previous?: FeeOffer): Promise<FeeOffer>;
  /**
   * Coin selection (a library's) among `available` for `intent` at the fee rate: undefined when
   * they cannot cover the amount and the fee. A consolidation takes every available input. Pure.
   */
  selectInputs(
    intent: TransferIntent,
    available: readonly UtxoInput[],
    fee: FeeOffer,
  ): UtxoSelection | undefined;
  /**
   * Builds and signs a transaction spending exactly `inputs` (a replacement: the same inputs at a
   * higher rate, so less change); its `fee` offer holds `feePerKb` and the whole `fee`. Pure: no
   * network, so it runs inside the database transaction.
   */
  sign(intent: TransferIntent, inputs: readonly UtxoInput[], fee: FeeOffer): Promise<SignedTx>;
  /** Sends the signed bytes to the node. A node that already has them (or mined them) is not an error. */
  broadcast(raw: string): Promise<void>;
  txState(txHash: string): Promise<TxState>;
}

/**
 * The adapter's boundary with a chain, per family (docs/decisions/2026-12-07-chain-boundary.md):
 * reading (head, blocks by height with their hashes, a range's transfers to the watched set,
 * balances) is the same for every family; sending differs: account chains (nonces and gas)
 * implement AccountSender; UTXO chains (Doge, issue 33) implement UtxoSender. What only an
 * account chain has (nonces, gas, gas top-ups) narrows on `sender.kind === 'account'`.
 */
export type ChainSender = AccountSender | UtxoSender;

/** The hot wallet: BIP-44 account 2 (orders are account 0, merchants' deposit addresses 1), index 0. */
export const HOT_WALLET = { account: 2, index: 0 } as const;
/** The gas wallet (account chains): account 2, index 1. It pays the native coin a token sweep needs. */
export const GAS_WALLET = { account: 2, index: 1 } as const;

export interface ChainAdapter {
  readonly chainId: ChainId;
  readonly family: AddressFamily;
  /** 'devnet' adapters hold simulated money only; they never share state with a real chain. */
  readonly mode: 'devnet' | 'live';
  /** Confirmations a transfer needs before it is credited. */
  readonly confirmations: number;
  /**
   * Where scanning begins on the first start (START_BLOCK_<CHAIN>, live EVM chains); undefined:
   * the head then. Read only when the chain has no cursor yet (`firstScanHeight`).
   */
  readonly startBlock?: number;
  /** Whether `address` is a well-formed address of this chain (checksum included). */
  isValidAddress(address: string): boolean;
  /** The address at BIP-44 index `index` of the given account (0: order addresses, 1: merchant deposit addresses, 2: the hot wallet). */
  deriveAddress(index: number, account?: number): string;
  /** The latest block height. */
  headHeight(): Promise<number>;
  /** The canonical block at `height`; null above the head. */
  blockAt(height: number): Promise<BlockRef | null>;
  /**
   * The blocks fromHeight..toHeight (inclusive), each in height order, and the transfers in them
   * to any of `watched` (addresses in their normalized form), of the coins the chain carries
   * (a token contract the platform does not know is skipped). Matching is local: one set lookup
   * per transfer, whatever the size of the set.
   */
  scan(fromHeight: number, toHeight: number, watched: ReadonlySet<string>): Promise<ScannedRange>;
  /**
   * The balance of `address` in `coinName` (decimal string), at block `atHeight` when given
   * (chain:reconcile compares the books at one height), else at the head.
   */
  balanceOf(address: string, coinName: string, atHeight?: number): Promise<string>;
  /** Sending: account chains (nonces and gas) or UTXO chains (inputs and change). */
  readonly sender: ChainSender;
}

/** The adapter's sender, known to be an account chain's (nonces and gas): throws on a UTXO chain. */
export function accountSender(adapter: Pick<ChainAdapter, 'chainId' | 'sender'>): AccountSender {
  if (adapter.sender.kind !== 'account') throw new Error(`chain ${adapter.chainId}: not an account chain`);
  return adapter.sender;
}

/** The cursor's first height for a chain that has none yet: START_BLOCK_<CHAIN>, else the head now. */
export async function firstScanHeight(
  adapter: Pick<ChainAdapter, 'startBlock' | 'headHeight'>,
): Promise<number> {
  return adapter.startBlock ?? (await adapter.headHeight());
}
