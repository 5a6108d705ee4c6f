import { sha256 } from '@noble/hashes/sha2';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils';
import { Address, OutScript, selectUTXO, Transaction } from '@scure/btc-signer';
import {
  type FeeOffer,
  HOT_WALLET,
  type KeyPath,
  type TransferIntent,
  type TxState,
  type UtxoInput,
  type UtxoSelection,
  type UtxoSender,
} from '../chain-adapter';
import type { HdWallet } from '../hd-wallet';
import type { Signer } from '../signer';
import {
  DEFAULT_DUST_LIMIT,
  DEFAULT_HARD_DUST_LIMIT,
  DEFAULT_INCREMENTAL_RELAY_FEE,
  divUp,
  fromKoinu,
  maxOf,
  RECOMMENDED_MIN_TX_FEE,
  toKoinu,
} from './doge-fee-policy';
import { type DogeNetwork, dogeAddressOf } from './doge-network';
import { type DogeRpc, DogeRpcError, int, RPC_ALREADY_IN_CHAIN, RPC_NOT_FOUND } from './doge-rpc';

/**
 * Sending DOGE (docs/decisions/2026-12-07-doge-adapter.md, "Sending"): legacy P2PKH inputs, the
 * payee's output and change to the hot wallet, built and signed with @scure/btc-signer, coin
 * selection by its selectUTXO. Every amount is bigint koinu inside, a decimal string of DOGE
 * outside (fee offers included: `feePerKb` is DOGE per 1000 bytes, `fee` the whole fee in DOGE).
 *
 * Fees follow Dogecoin Core 1.14.5+, which charges the exact size (no rounding up to a started
 * kB any more): fee = ⌈feePerKb × size / 1000⌉, over the size with every signature at its
 * longest (72 bytes), so the fee is known before signing and never short of the rate. Rates are
 * whole koinu per byte (a multiple of 0.00001 DOGE/kB), the unit selectUTXO takes.
 */
export interface DogeSenderDeps {
  rpc: DogeRpc;
  network: DogeNetwork;
  wallet: HdWallet;
  signer: Signer;
  /** Where change returns (default HOT_WALLET), whichever key the inputs are at. */
  hotWallet?: KeyPath;
}

/** BIP 125: a sequence below 0xfffffffe signals the transaction replaceable (MAX_BIP125_RBF_SEQUENCE). */
const RBF_SEQUENCE = 0xfffffffd;
/** A P2PKH input: outpoint 36, script length 1, scriptSig (72-byte signature, 33-byte key) 107, sequence 4. */
const P2PKH_INPUT_BYTES = 148n;
/**
 * A consolidation spends at most this many inputs: 600 × 148 bytes stays below Dogecoin's largest
 * standard transaction (MAX_STANDARD_TX_WEIGHT 400,000, 100,000 bytes); the rest waits for the next.
 */
export const MAX_CONSOLIDATION_INPUTS = 600;
/** What estimatesmartfee aims at: a confirmation within 6 blocks (6 minutes on Dogecoin). */
const ESTIMATE_BLOCKS = 6;

interface Output {
  address: string;
  amount: bigint;
}
interface Plan {
  outputs: Output[];
  fee: bigint;
  change: bigint;
}

const varIntBytes = (n: number) => (n < 0xfd ? 1n : n <= 0xffff ? 3n : 5n);

export function createDogeSender(deps: DogeSenderDeps): UtxoSender {
  const { rpc, network, wallet, signer } = deps;
  const params = network.params;
  const hotWallet = deps.hotWallet ?? HOT_WALLET;
  const addressOf = (key: KeyPath) =>
    dogeAddressOf(wallet.publicKey('doge', key.index, key.account), network);
  const scriptOf = (address: string) => OutScript.encode(Address(params).decode(address));
  const outputBytes = (address: string) => {
    const script = BigInt(scriptOf(address).length);
    return 8n + varIntBytes(Number(script)) + script;
  };
  /** The transaction's size with every signature at its longest: version, counts, inputs, outputs, lock time. */
  const sizeOf = (inputs: number, outputs: readonly string[]) =>
    8n +
    varIntBytes(inputs) +
    varIntBytes(outputs.length) +
    P2PKH_INPUT_BYTES * BigInt(inputs) +
    outputs.reduce((sum, address) => sum + outputBytes(address), 0n);
  const feeAt = (ratePerKb: bigint, size: bigint) => divUp(ratePerKb * size, 1000n);
  const rateOf = (fee: FeeOffer) => {
    if (fee.feePerKb === undefined) throw new Error('a Doge fee offer without feePerKb');
    const rate = toKoinu(fee.feePerKb);
    if (rate <= 0n) throw new RangeError(`fee rate ${fee.feePerKb} is not positive`);
    return rate;
  };
  /**
   * GetDogecoinDustFee (dogecoin-fees.cpp): a payee output below the soft dust limit costs that
   * limit again in fee; below the hard limit it is non-standard and no fee makes it relayed.
   */
  const dustFeeOf = (amount: bigint) => {
    if (amount < DEFAULT_HARD_DUST_LIMIT) {
      throw new RangeError(`${fromKoinu(amount)} DOGE is below Dogecoin's dust limit`);
    }
    return amount < DEFAULT_DUST_LIMIT ? DEFAULT_DUST_LIMIT : 0n;
  };

  /**
   * What `inputs` pay for `intent` at the rate: a consolidation's one output of the total less the
   * fee; else the payee's amount, and change to the hot wallet unless it would be below the dust
   * limit (then it is left to the fee). Undefined when the inputs do not cover it.
   */
  const planOf = (intent: TransferIntent, inputs: readonly UtxoInput[], rate: bigint): Plan | undefined => {
    if (intent.coinName !== 'DOGE')
      throw new Error(`the Doge chain carries DOGE only, not ${intent.coinName}`);
    if (inputs.length === 0) return undefined;
    const total = inputs.reduce((sum, input) => sum + toKoinu(input.amount), 0n);
    if (intent.consolidate) {
      const fee = feeAt(rate, sizeOf(inputs.length, [intent.toAddress]));
      const amount = total - fee;
      if (amount < DEFAULT_DUST_LIMIT) return undefined;
      return { outputs: [{ address: intent.toAddress, amount }], fee, change: 0n };
    }
    const amount = toKoinu(intent.amount);
    if (amount <= 0n) throw new RangeError(`a send of ${intent.amount} DOGE moves nothing`);
    const dustFee = dustFeeOf(amount);
    const changeAddress = addressOf(hotWallet);
    const feeWithChange = feeAt(rate, sizeOf(inputs.length, [intent.toAddress, changeAddress])) + dustFee;
    const change = total - amount - feeWithChange;
    if (change >= DEFAULT_DUST_LIMIT) {
      return {
        outputs: [
          { address: intent.toAddress, amount },
          { address: changeAddress, amount: change },
        ],
        fee: feeWithChange,
        change,
      };
    }
    const fee = total - amount;
    if (fee < feeAt(rate, sizeOf(inputs.length, [intent.toAddress])) + dustFee) return undefined;
    return { outputs: [{ address: intent.toAddress, amount }], fee, change: 0n };
  };

  const txState = async (txid: string): Promise<TxState> => {
    let tx: RawTx;
    try {
      tx = await rpc.call<RawTx>('getrawtransaction', [txid, true]);
    } catch (error) {
      // Not in the mempool nor in a block: dropped, never broadcast, or replaced (its inputs spent by another).
      if (error instanceof DogeRpcError && error.code === RPC_NOT_FOUND) return { state: 'unknown' };
      throw error;
    }
    if (!tx.blockhash) return { state: 'pending' };
    const header = await rpc.call<{ height: unknown; confirmations: unknown }>('getblockheader', [
      tx.blockhash,
    ]);
    // -txindex still finds a transaction in a block a reorg left (confirmations −1); not in the
    // mempool again, so it is not known now.
    if (int(header.confirmations) < 0) return { state: 'unknown' };
    const previous = [...new Set(tx.vin.map((input) => input.txid))];
    const previousTxs = await rpc.batch<RawTx>(
      'getrawtransaction',
      previous.map((id) => [id, true]),
    );
    const byId = new Map(previous.map((id, i) => [id, previousTxs[i] as RawTx]));
    const spent = tx.vin.reduce((sum, input) => {
      const output = byId.get(input.txid)?.vout.find((o) => int(o.n) === int(input.vout));
      if (!output)
        throw new Error(`${txid} spends ${input.txid}:${input.vout}, which the node does not have`);
      return sum + toKoinu(String(output.value));
    }, 0n);
    const paid = tx.vout.reduce((sum, output) => sum + toKoinu(String(output.value)), 0n);
    return {
      state: 'mined',
      blockHeight: int(header.height),
      blockHash: tx.blockhash,
      failed: false,
      networkFee: fromKoinu(spent - paid),
    };
  };

  return {
    kind: 'utxo',

    async quoteFee(_intent, previous) {
      const [estimate, info] = await Promise.all([
        rpc.call<{ feerate?: unknown }>('estimatesmartfee', [ESTIMATE_BLOCKS]).catch((error: unknown) => {
          // A node without an estimate answers none (-1, or an error on a young chain); one not reached fails below.
          if (error instanceof DogeRpcError && error.code !== undefined) return { feerate: undefined };
          throw error;
        }),
        rpc.call<{ relayfee: unknown; incrementalfee?: unknown }>('getnetworkinfo'),
      ]);
      // Dogecoin 1.14 answers feerate −1 without an estimate; Litecoin 0.21 leaves it out.
      const feerate = estimate.feerate === undefined ? 0n : toKoinu(String(estimate.feerate));
      const estimated = feerate > 0n ? feerate : 0n;
      let rate = maxOf(estimated, toKoinu(String(info.relayfee)), RECOMMENDED_MIN_TX_FEE);
      if (previous) {
        // BIP 125: the replacement pays more in total and by rate, by at least the node's increment.
        const before = rateOf(previous);
        const increment =
          info.incrementalfee === undefined
            ? DEFAULT_INCREMENTAL_RELAY_FEE
            : toKoinu(String(info.incrementalfee));
        rate = maxOf(rate, divUp(before * 125n, 100n), before + increment);
      }
      // Whole koinu per byte, selectUTXO's unit.
      return { feePerKb: fromKoinu(divUp(rate, 1000n) * 1000n) };
    },

    selectInputs(intent, available, fee): UtxoSelection | undefined {
      const rate = rateOf(fee);
      let inputs: UtxoInput[];
      if (intent.consolidate) {
        inputs = available.slice(0, MAX_CONSOLIDATION_INPUTS);
      } else {
        const amount = toKoinu(intent.amount);
        const byOutpoint = new Map(available.map((input) => [`${input.txid}:${input.vout}`, input]));
        // 'default' is coinselect's: first a set with no change worth keeping (blackjack: within
        // the dust limit of amount + fee), else the biggest outputs first; both spend the fewest
        // inputs, and Dogecoin's fee is by the byte. A payee output below the dust limit is
        // given its surcharge as amount, so the set also covers that.
        const selected = selectUTXO(
          available.map((input) => ({
            txid: input.txid,
            index: input.vout,
            witnessUtxo: { script: scriptOf(input.address), amount: toKoinu(input.amount) },
          })),
          [{ address: intent.toAddress, amount: amount + dustFeeOf(amount) }],
          'default',
          {
            feePerByte: divUp(rate, 1000n),
            changeAddress: addressOf(hotWallet),
            network: params,
            // Read as bigints (dust × dustRelayFeeRate) although typed `number`: the dust limit.
            dust: DEFAULT_DUST_LIMIT as unknown as number,
            dustRelayFeeRate: 1n,
            allowLegacyWitnessUtxo: true,
            createTx: false,
            bip69: false,
          },
        );
        if (!selected) return undefined;
        inputs = selected.inputs.map((input) => {
          const found = byOutpoint.get(`${bytesToHex(input.txid as Uint8Array)}:${input.index}`);
          if (!found) throw new Error('selectUTXO answered an input it was not given');
          return found;
        });
      }
      // The fee and change are ours (Dogecoin's rules above), over the inputs the library chose.
      const plan = planOf(intent, inputs, rate);
      if (!plan) return undefined;
      return { inputs, fee: fromKoinu(plan.fee), change: fromKoinu(plan.change) };
    },

    async sign(intent, inputs, fee) {
      const rate = rateOf(fee);
      for (const input of inputs) {
        const expected = addressOf(input.key);
        if (input.address !== expected) {
          throw new Error(`${input.txid}:${input.vout} pays ${input.address}, not its key's ${expected}`);
        }
      }
      const plan = planOf(intent, inputs, rate);
      if (!plan) throw new Error('the inputs do not cover the send and its fee');
      // Version 1 as Dogecoin Core's wallet writes; lowR keeps signatures within the size counted.
      const tx = new Transaction({ version: 1, allowLegacyWitnessUtxo: true, lowR: true });
      for (const input of inputs) {
        tx.addInput({
          txid: input.txid,
          index: input.vout,
          sequence: RBF_SEQUENCE,
          witnessUtxo: { script: scriptOf(input.address), amount: toKoinu(input.amount) },
        });
      }
      for (const output of plan.outputs) tx.addOutputAddress(output.address, output.amount, params);
      const signed = await signer.signUtxoTransaction(
        tx,
        inputs.map((input) => input.key),
      );
      return {
        txHash: signed.id,
        raw: bytesToHex(signed.extract()),
        fee: { feePerKb: fee.feePerKb as string, fee: fromKoinu(plan.fee) },
      };
    },

    async broadcast(raw) {
      try {
        await rpc.call('sendrawtransaction', [raw]);
      } catch (error) {
        if (!(error instanceof DogeRpcError) || error.code === undefined) throw error;
        if (error.code === RPC_ALREADY_IN_CHAIN || /txn-already-(in-mempool|known)/.test(error.message))
          return;
        // Nodes word "already have it" differently (a mined transaction whose outputs are spent
        // is "missing inputs" to Dogecoin 1.14): the node knowing it is what counts.
        const state = await txState(txidOf(raw));
        if (state.state === 'unknown') throw error;
      }
    },

    txState,
  };
}

interface RawTx {
  blockhash?: string;
  vin: { txid: string; vout: unknown }[];
  vout: { n: unknown; value: unknown }[];
}

/** A transaction's id: its double SHA-256, byte-reversed (Dogecoin has no witness data). */
export function txidOf(raw: string): string {
  return bytesToHex(sha256(sha256(hexToBytes(raw))).reverse());
}
