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

/** A transfer as a chain reports it: (chainId, txHash, logIndex) names it uniquely. */
export interface ChainTransfer {
  chainId: ChainId;
  txHash: string;
  /** The event's index within the transaction (0 for a native transfer). */
  logIndex: number;
  fromAddress: string;
  toAddress: string;
  /** The coinName (USDT, ETH …) the transfer moved, resolved from the token contract. */
  coinName: string;
  /** Decimal string in the coin's unit. */
  amount: string;
  blockHeight: number;
}

export interface SendRequest {
  coinName: string;
  toAddress: string;
  amount: string;
  /**
   * The platform's own withdrawal number: the same reference sends once. A second send of it
   * (a retry after a crash between sending and recording) returns the first transaction.
   */
  reference: string;
  /** Devnet only: the transaction is mined reverted (moves nothing), so `failed` can be tried. */
  failOnChain?: boolean;
}

/** What a chain says of a transaction the platform sent. */
export interface SentTransferStatus {
  /** null while not yet in a block. */
  blockHeight: number | null;
  /** Mined but reverted: it moved nothing. */
  failed: boolean;
}

/** The hot wallet: BIP-44 account 2 (orders are account 0, merchants' deposit addresses 1), index 0. */
export const HOT_WALLET = { account: 2, index: 0 } as const;

export interface ChainAdapter {
  readonly chainId: ChainId;
  readonly family: AddressFamily;
  /** 'devnet' adapters hold simulated money only; they never share state with a real chain. */
  readonly mode: 'devnet' | 'live';
  /** Confirmations a transfer needs before it is credited. */
  readonly confirmations: number;
  /** Whether `address` is a well-formed address of this chain (checksum included). */
  isValidAddress(address: string): boolean;
  /** The address at BIP-44 index `index` of the given account (0: order addresses, 1: merchant deposit addresses, 2: the hot wallet). */
  deriveAddress(index: number, account?: number): string;
  /** The latest block height. */
  headHeight(): Promise<number>;
  /** Transfers in blocks fromHeight..toHeight (inclusive) to any of `addresses` (all watched addresses if omitted). */
  scanTransfers(
    fromHeight: number,
    toHeight: number,
    addresses?: ReadonlySet<string>,
  ): Promise<ChainTransfer[]>;
  /** Confirmations of a transfer in `blockHeight` now: head − blockHeight + 1 (0 when not yet mined). */
  confirmationsOf(blockHeight: number): Promise<number>;
  /** Send from the hot wallet (withdrawals and payouts); returns the transaction hash. */
  send(request: SendRequest): Promise<{ txHash: string }>;
  /** A sent transaction's state; null when the chain does not know the hash. */
  transferStatus(txHash: string): Promise<SentTransferStatus | null>;
}
