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
  /** The HD index of the sending address (payouts, a later issue). */
  fromIndex: number;
}

export interface ChainAdapter {
  readonly chainId: ChainId;
  readonly family: AddressFamily;
  /** 'devnet' adapters hold simulated money only; they never share state with a real chain. */
  readonly mode: 'devnet' | 'live';
  /** Confirmations a transfer needs before it is credited. */
  readonly confirmations: number;
  /** Whether `address` is a well-formed address of this chain (checksum included). */
  isValidAddress(address: string): boolean;
  /** The address at BIP-44 index `index` of the given account (0: order addresses, 1: merchant deposit addresses). */
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
  /** Send funds (payouts, a later issue); returns the transaction hash. */
  send(request: SendRequest): Promise<{ txHash: string }>;
}
