import { createHash } from 'node:crypto';
import { money, sumMoney, toDecimalString } from '@tollgate/contracts/money';
import type {
  ChainAdapter,
  ChainTransfer,
  FeeOffer,
  TransferIntent,
  TxState,
  UtxoInput,
  UtxoSelection,
  UtxoSender,
} from '../../src/chains/chain-adapter';
import { HOT_WALLET } from '../../src/chains/chain-adapter';
import { FakeChain } from './fake-chains';

/**
 * A scriptable UTXO chain (the Doge boundary: inputs and change, no nonces) for the sending
 * module's tests, until the real Doge adapter and its litecoind scenarios land. Its blocks,
 * payments and reorgs are a FakeChain's; its sender follows UtxoSender's contract like a node:
 * - coin selection oldest first, a fee of `feePerKb` per 1000 bytes of a P2PKH transaction's
 *   estimated size; a consolidation takes every input and pays its fee out of them;
 * - the signed bytes are the intent, the outpoints and the fee as JSON;
 * - a transaction conflicting with another on an input evicts it from the mempool (a
 *   replacement); one spending an input already mined is refused;
 * - mined, its outputs are transfers of its block: vout 0 to the destination, vout 1 the change
 *   to the hot wallet, from the address of its first input.
 */
export class FakeUtxoChain implements ChainAdapter {
  readonly chain: FakeChain;
  readonly family = 'doge' as const;
  readonly mode = 'live' as const;

  constructor(
    readonly confirmations: number,
    now: () => Date,
  ) {
    this.chain = new FakeChain('DOGE', confirmations, 'live', now);
  }

  get chainId() {
    return this.chain.chainId;
  }
  isValidAddress = (address: string) => this.chain.isValidAddress(address);
  deriveAddress = (index: number, account = 0) => this.chain.deriveAddress(index, account);
  headHeight = () => this.chain.headHeight();
  blockAt = (height: number) => this.chain.blockAt(height);
  scan = (from: number, to: number, watched: ReadonlySet<string>) => this.chain.scan(from, to, watched);
  /**
   * What a node reports unspent at `address` (the Doge adapter's balanceOf): the outputs paying it
   * in a block that no mined transaction spends, at the tip.
   */
  balanceOf = async (address: string, coinName: string): Promise<string> => {
    if (coinName !== 'DOGE') throw new Error(`fake UTXO chain: no coin ${coinName}`);
    const spent = new Set<string>();
    for (const tx of this.sent.values()) {
      if (tx.blockHeight !== null) for (const input of tx.inputs) spent.add(`${input.txid}:${input.vout}`);
    }
    return toDecimalString(
      sumMoney(
        this.chain.transfers
          .filter((t) => t.toAddress === address && !spent.has(`${t.txHash}:${t.logIndex}`))
          .map((t) => t.amount),
      ),
    );
  };

  hotWallet(): string {
    return this.deriveAddress(HOT_WALLET.index, HOT_WALLET.account);
  }

  /** Pays `amount` DOGE to `address` from outside, in the next block (vout 0 of a new txid). */
  pay(address: string, amount: string): ChainTransfer {
    return this.chain.pay(address, 'DOGE', amount);
  }

  /** Every transaction broadcast, by hash, with its block (null: in the mempool). */
  readonly sent = new Map<string, FakeUtxoTx>();
  /** Every raw transaction broadcast, in order. */
  readonly broadcasts: string[] = [];

  readonly sender: UtxoSender = {
    kind: 'utxo',
    quoteFee: async (_intent, previous) => ({
      feePerKb: previous ? toDecimalString(money(previous.feePerKb ?? '0').times('1.5')) : '0.01',
    }),
    selectInputs: (intent, available, fee) => select(intent, available, fee),
    sign: async (intent, inputs, fee) => {
      const outs = intent.consolidate ? 1 : 2;
      const whole = feeOf(fee, inputs.length, outs);
      const raw = Buffer.from(
        JSON.stringify({ intent, inputs: inputs.map((i) => ({ ...i })), fee: whole }),
      ).toString('hex');
      return { txHash: hashOf(raw), raw, fee: { feePerKb: fee.feePerKb ?? '0', fee: whole } };
    },
    broadcast: async (raw) => {
      this.broadcasts.push(raw);
      const txHash = hashOf(raw);
      if (this.sent.has(txHash)) return;
      const tx = decode(raw);
      for (const [hash, other] of this.conflicts(tx)) {
        if (other.blockHeight !== null) throw new Error('fake node: inputs already spent');
        this.sent.delete(hash);
      }
      this.sent.set(txHash, tx);
    },
    txState: async (txHash): Promise<TxState> => {
      const tx = this.sent.get(txHash);
      if (!tx) return { state: 'unknown' };
      if (tx.blockHeight === null) return { state: 'pending' };
      return {
        state: 'mined',
        blockHeight: tx.blockHeight,
        blockHash: this.chain.blockHash(tx.blockHeight),
        failed: false,
        networkFee: tx.fee,
      };
    },
  };

  private conflicts(tx: FakeUtxoTx): [string, FakeUtxoTx][] {
    const spends = new Set(tx.inputs.map((i) => `${i.txid}:${i.vout}`));
    return [...this.sent.entries()].filter(([, other]) =>
      other.inputs.some((i) => spends.has(`${i.txid}:${i.vout}`)),
    );
  }

  /** Mines every transaction of the mempool into a new block, its outputs with it. */
  mineSends(): void {
    this.chain.mine();
    for (const [txHash, tx] of this.sent) if (tx.blockHeight === null) this.include(txHash, tx);
  }

  /** Mines this transaction alone into a new block (another node had it); its conflicts leave. */
  mineTx(raw: string): void {
    const tx = decode(raw);
    const txHash = hashOf(raw);
    for (const [hash] of this.conflicts(tx)) this.sent.delete(hash);
    this.sent.set(txHash, tx);
    this.chain.mine();
    this.include(txHash, tx);
  }

  private include(txHash: string, tx: FakeUtxoTx): void {
    const height = this.chain.head;
    tx.blockHeight = height;
    const total = sumMoney(tx.inputs.map((i) => i.amount));
    const paid = tx.intent.consolidate ? total.minus(tx.fee) : money(tx.intent.amount);
    const change = tx.intent.consolidate ? money('0') : total.minus(paid).minus(tx.fee);
    const out = (vout: number, toAddress: string, amount: string): ChainTransfer => ({
      chainId: 'DOGE',
      txHash,
      logIndex: vout,
      fromAddress: tx.inputs[0]?.address ?? '',
      toAddress,
      coinName: 'DOGE',
      amount,
      blockHeight: height,
      blockHash: this.chain.blockHash(height),
      blockTime: this.chain.blockTime(height),
    });
    this.chain.transfers.push(out(0, tx.intent.toAddress, toDecimalString(paid)));
    if (change.greaterThan(0)) this.chain.transfers.push(out(1, this.hotWallet(), toDecimalString(change)));
  }

  /** Replaces the last `depth` blocks (FakeChain.reorg): their transactions go back to the mempool. */
  reorg(depth: number): ChainTransfer[] {
    const fork = this.chain.head - depth + 1;
    for (const tx of this.sent.values())
      if (tx.blockHeight !== null && tx.blockHeight >= fork) tx.blockHeight = null;
    return this.chain.reorg(depth);
  }
}

interface FakeUtxoTx {
  intent: TransferIntent;
  inputs: UtxoInput[];
  fee: string;
  blockHeight: number | null;
}

const hashOf = (raw: string) => createHash('sha256').update(raw).digest('hex');

function decode(raw: string): FakeUtxoTx {
  const { intent, inputs, fee } = JSON.parse(Buffer.from(raw, 'hex').toString()) as Omit<
    FakeUtxoTx,
    'blockHeight'
  >;
  return { intent, inputs, fee, blockHeight: null };
}

/** A P2PKH transaction's size: 148 bytes an input, 34 an output, 10 more. */
function feeOf(fee: FeeOffer, inputs: number, outputs: number): string {
  const bytes = 148 * inputs + 34 * outputs + 10;
  return toDecimalString(
    money(fee.feePerKb ?? '0')
      .times(bytes)
      .div(1000),
  );
}

function select(
  intent: TransferIntent,
  available: readonly UtxoInput[],
  fee: FeeOffer,
): UtxoSelection | undefined {
  if (intent.consolidate) {
    if (available.length === 0) return undefined;
    const whole = feeOf(fee, available.length, 1);
    if (sumMoney(available.map((i) => i.amount)).lte(whole)) return undefined;
    return { inputs: [...available], fee: whole, change: '0' };
  }
  const inputs: UtxoInput[] = [];
  let total = money('0');
  for (const input of available) {
    inputs.push(input);
    total = total.plus(input.amount);
    const whole = feeOf(fee, inputs.length, 2);
    const change = total.minus(intent.amount).minus(whole);
    if (change.gte(0)) return { inputs, fee: whole, change: toDecimalString(change) };
  }
  return undefined;
}
