import { createHash, randomBytes } from 'node:crypto';
import { money, toDecimalString } from '@tollgate/contracts/money';
import type {
  AccountSender,
  AddressFamily,
  BlockRef,
  ChainAdapter,
  ChainId,
  ChainTransfer,
  FeeOffer,
  TransferIntent,
  TxState,
} from '../../src/chains/chain-adapter';
import { HOT_WALLET } from '../../src/chains/chain-adapter';
import type { OrderChains } from '../../src/modules/orders/order-chains';

/**
 * Scriptable chains for order and ledger tests: a test decides the head height and which
 * transfer lands in which block, then runs the watcher. Addresses are distinct per chain and
 * index (not real addresses: derivation is tested with the real adapters in chains/). The
 * devnet adapter itself is exercised end to end in the collection flow tests.
 */
export class FakeChain implements ChainAdapter {
  readonly family: AddressFamily;
  readonly mode: 'devnet' | 'live';
  head = 0;
  readonly transfers: ChainTransfer[] = [];
  private txCounter = 0;
  /** Tells apart the transactions of two instances of one chain (tests that start a chain afresh). */
  private readonly salt = randomBytes(8).toString('hex');

  constructor(
    readonly chainId: ChainId,
    readonly confirmations: number,
    mode: 'devnet' | 'live' = 'devnet',
  ) {
    this.family = chainId === 'TRON' ? 'tron' : chainId === 'DOGE' ? 'doge' : 'evm';
    this.mode = mode;
  }

  isValidAddress(address: string): boolean {
    return address.startsWith(`fake-${this.chainId}-`);
  }

  deriveAddress(index: number, account = 0): string {
    return `fake-${this.chainId}-${account}-${index}`;
  }

  async headHeight(): Promise<number> {
    return this.head;
  }

  /** Bumped by `reorg`: the blocks above the fork get other hashes. */
  private forkOf = new Map<number, number>();

  /** The hash of the block at `height` on the current chain. */
  blockHash(height: number): string {
    const fork = this.forkOf.get(height) ?? 0;
    return `0x${createHash('sha256').update(`${this.chainId}:${this.salt}:block:${height}:${fork}`).digest('hex')}`;
  }

  private block(height: number): BlockRef {
    return {
      height,
      hash: this.blockHash(height),
      parentHash: height === 0 ? `0x${'0'.repeat(64)}` : this.blockHash(height - 1),
      time: new Date(1_700_000_000_000 + height * 1000),
    };
  }

  async blockAt(height: number): Promise<BlockRef | null> {
    return height > this.head || height < 0 ? null : this.block(height);
  }

  async scan(fromHeight: number, toHeight: number, watched: ReadonlySet<string>) {
    const blocks: BlockRef[] = [];
    for (let h = Math.max(fromHeight, 0); h <= Math.min(toHeight, this.head); h += 1)
      blocks.push(this.block(h));
    const transfers = (await this.scanTransfers(fromHeight, toHeight, watched)).map((t) => ({
      ...t,
      blockHash: this.blockHash(t.blockHeight),
    }));
    return { blocks, transfers };
  }

  /**
   * Replaces the last `depth` blocks with others (new hashes) that hold none of their transfers,
   * like anvil_reorg; the head stays where it was.
   */
  reorg(depth: number): void {
    const fork = this.head - depth + 1;
    for (let h = fork; h <= this.head; h += 1) this.forkOf.set(h, (this.forkOf.get(h) ?? 0) + 1);
    for (let i = this.transfers.length - 1; i >= 0; i -= 1) {
      if ((this.transfers[i]?.blockHeight ?? 0) >= fork) this.transfers.splice(i, 1);
    }
    // A mined send of an orphaned block goes back to the mempool, as on a node.
    for (const sent of this.sent.values()) {
      if (sent.blockHeight !== null && sent.blockHeight >= fork) sent.blockHeight = null;
    }
  }

  /** Balances a test set (`setBalance`); the hot wallet has FAKE_HOT_WALLET_FLOAT of every coin until set. */
  private readonly balances = new Map<string, string>();

  setBalance(address: string, coinName: string, amount: string): void {
    this.balances.set(`${address}|${coinName}`, amount);
  }

  async balanceOf(address: string, coinName: string): Promise<string> {
    const set = this.balances.get(`${address}|${coinName}`);
    if (set !== undefined) return set;
    return address === this.hotWallet() ? FAKE_HOT_WALLET_FLOAT : '0';
  }

  hotWallet(): string {
    return this.deriveAddress(HOT_WALLET.index, HOT_WALLET.account);
  }

  /** The node's nonce of an address (what chainNonce answers): a test sets it to seed chain_nonces. */
  readonly nonces = new Map<string, number>();
  /** Every raw transaction broadcast, in order (the same bytes may come twice: a rebroadcast). */
  readonly broadcasts: string[] = [];
  /** A node that refuses broadcasts (down), for as long as it is set. */
  refuseBroadcasts = false;
  /** Every transaction ever broadcast, by hash, even one evicted since (`mineTx` can still mine it). */
  private readonly everSent = new Map<string, FakeSent>();

  private decode(raw: string): FakeSent {
    const { intent, nonce, fee } = JSON.parse(Buffer.from(raw, 'hex').toString()) as {
      intent: TransferIntent;
      nonce: number;
      fee: FeeOffer;
    };
    return {
      intent,
      nonce,
      fee,
      from: this.deriveAddress(intent.from.index, intent.from.account),
      raw,
      blockHeight: null,
      failed: intent.failOnChain === true,
    };
  }

  private hashOf(raw: string): string {
    return `0x${createHash('sha256').update(raw).digest('hex')}`;
  }

  /** The transactions of an address at a nonce: at most one mined, at most one in the mempool. */
  private atNonce(from: string, nonce: number): [string, FakeSent][] {
    return [...this.sent.entries()].filter(([, tx]) => tx.from === from && tx.nonce === nonce);
  }

  /**
   * Sends through the boundary like a node: the signed bytes are the intent as JSON. One
   * transaction per (sender, nonce): a replacement evicts the pending one, a nonce already mined
   * refuses any other; mined by `mineSends` or `mineTx`.
   */
  readonly sender: AccountSender = {
    kind: 'account',
    chainNonce: async (address) => this.nonces.get(address) ?? 0,
    quoteFee: async (_intent, previous) => ({
      gasPrice: previous ? String((BigInt(previous.gasPrice ?? '0') * 11n) / 10n + 1n) : '100',
    }),
    // gasPrice in wei-like base units (10^18 a coin), 21000 gas.
    maxNetworkFee: (fee) =>
      toDecimalString(
        money(fee.gasPrice ?? '0')
          .times(21_000)
          .div('1000000000000000000'),
      ),
    sign: async (intent, nonce, fee) => {
      const raw = Buffer.from(JSON.stringify({ intent, nonce, fee })).toString('hex');
      return { txHash: this.hashOf(raw), raw, fee };
    },
    broadcast: async (raw) => {
      if (this.refuseBroadcasts) throw new Error('fake node: connection refused');
      this.broadcasts.push(raw);
      const txHash = this.hashOf(raw);
      if (this.sent.has(txHash)) return; // already known
      const tx = this.decode(raw);
      for (const [hash, other] of this.atNonce(tx.from, tx.nonce)) {
        if (other.blockHeight !== null) throw new Error(`fake node: nonce ${tx.nonce} too low`);
        this.sent.delete(hash); // replaced
      }
      this.sent.set(txHash, tx);
      this.everSent.set(txHash, tx);
    },
    txState: async (txHash): Promise<TxState> => {
      const sent = this.sent.get(txHash);
      if (!sent) return { state: 'unknown' };
      if (sent.blockHeight === null) return { state: 'pending' };
      return {
        state: 'mined',
        blockHeight: sent.blockHeight,
        blockHash: this.blockHash(sent.blockHeight),
        failed: sent.failed,
        networkFee: '0.000021',
      };
    },
  };

  /** Sent from the platform's wallets, by hash: the mempool (no block yet) and the mined. */
  readonly sent = new Map<string, FakeSent>();

  /** Mines every pending send into a new block. */
  mineSends(): void {
    this.head += 1;
    for (const sent of this.sent.values()) if (sent.blockHeight === null) sent.blockHeight = this.head;
  }

  /**
   * Mines this transaction (even one evicted by its replacement: another node's mempool may still
   * have had it) into a new block, alone; the other transaction at its nonce leaves the mempool.
   */
  mineTx(txHash: string): void {
    const tx = this.everSent.get(txHash);
    if (!tx) throw new Error(`fake node: ${txHash} was never broadcast`);
    for (const [hash, other] of this.atNonce(tx.from, tx.nonce)) {
      if (other.blockHeight !== null) throw new Error(`fake node: nonce ${tx.nonce} already mined`);
      this.sent.delete(hash);
    }
    this.head += 1;
    tx.blockHeight = this.head;
    this.sent.set(txHash, tx);
  }

  /** Forgets a pending transaction, as anvil_dropTransaction (or a mempool that evicted it). */
  drop(txHash: string): void {
    const tx = this.sent.get(txHash);
    if (tx && tx.blockHeight === null) this.sent.delete(txHash);
  }

  async scanTransfers(fromHeight: number, toHeight: number, addresses?: ReadonlySet<string>) {
    return this.transfers.filter(
      (t) =>
        t.blockHeight >= fromHeight &&
        t.blockHeight <= toHeight &&
        (addresses === undefined || addresses.has(t.toAddress)),
    );
  }

  /**
   * Puts a transfer in the next block and mines it (or, `sameBlock`, in the head block beside
   * the previous one); returns it (its txHash is unique).
   */
  pay(
    toAddress: string,
    coinName: string,
    amount: string,
    options: { sameBlock?: boolean } = {},
  ): ChainTransfer {
    if (!options.sameBlock) this.head += 1;
    this.txCounter += 1;
    const transfer: ChainTransfer = {
      chainId: this.chainId,
      txHash: `0x${createHash('sha256').update(`${this.chainId}:${this.salt}:${this.txCounter}`).digest('hex')}`,
      logIndex: 0,
      fromAddress: `fake-${this.chainId}-payer`,
      toAddress,
      coinName,
      amount,
      blockHeight: this.head,
      blockHash: this.blockHash(this.head),
      blockTime: new Date(1_700_000_000_000 + this.head * 1000),
    };
    this.transfers.push(transfer);
    return transfer;
  }

  /** Mines `blocks` empty blocks (confirmations for what came before). */
  mine(blocks = 1): void {
    this.head += blocks;
  }
}

/** The fake hot wallet's float: every send fits unless a test sets a balance. */
export const FAKE_HOT_WALLET_FLOAT = '1000000000000';

interface FakeSent {
  intent: TransferIntent;
  nonce: number;
  fee: FeeOffer;
  from: string;
  raw: string;
  blockHeight: number | null;
  failed: boolean;
}

export interface FakeChains extends OrderChains {
  chain(chainId: ChainId): FakeChain;
  /** Every enabled chain's adapter (what the watcher scans). */
  enabled(): FakeChain[];
}

/** One FakeChain per enabled chain (default: all five), `confirmations` each (default 3). */
export function createFakeChains(
  options: { enabled?: ChainId[]; confirmations?: number; mode?: 'devnet' | 'live' } = {},
): FakeChains {
  const { enabled = ['ETH', 'TRON', 'BSC', 'POLYGON', 'DOGE'], confirmations = 3, mode = 'devnet' } = options;
  const adapters = new Map(enabled.map((id) => [id, new FakeChain(id, confirmations, mode)]));
  return {
    mode,
    get: (chainId: string) => adapters.get(chainId as ChainId),
    chain: (chainId: ChainId) => {
      const adapter = adapters.get(chainId);
      if (!adapter) throw new Error(`chain ${chainId} is not enabled in this test`);
      return adapter;
    },
    enabled: () => [...adapters.values()],
  };
}
