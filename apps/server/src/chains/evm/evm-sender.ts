import {
  type Address,
  encodeFunctionData,
  erc20Abi,
  formatUnits,
  type Hex,
  hexToBigInt,
  keccak256,
  parseUnits,
  type TransactionSerializable,
  toHex,
} from 'viem';
import type { AccountSender, FeeOffer, TransferIntent, TxState } from '../chain-adapter';
import type { HdWallet } from '../hd-wallet';
import type { Signer } from '../signer';
import type { EvmCoin } from './evm-adapter';
import { isRefusal, messageOf, type Rpc } from './evm-rpc';

/**
 * Sending on an EVM chain: the node quotes the fee and the gas, the Signer signs (no network),
 * the node takes the raw bytes. Nonces are the database's (chain_nonces); chainNonce only seeds
 * them.
 *
 * Fees: EIP-1559 (maxFeePerGas = 2 × the latest base fee + the node's priority fee, which outlasts
 * six full blocks of base fee rises) where the latest block has a base fee, else a legacy gas
 * price. A replacement offers at least 10 % more on every fee field than the one it replaces
 * (geth's and anvil's rule; a legacy gas price counts as both caps), and never less than the
 * fee quoted now.
 */
export interface EvmSenderDeps {
  /** The chain id transactions are signed for (EIP-155). */
  chainId: number;
  rpc: Rpc;
  native: EvmCoin;
  coinOf(coinName: string): EvmCoin;
  wallet: HdWallet;
  signer: Signer;
}

/** Why the node refused a broadcast, for the send engine (a nonce used by another, a fee too low, no funds). */
export type BroadcastRefusal = 'nonce_used' | 'underpriced' | 'insufficient_funds' | 'other';

export class EvmBroadcastError extends Error {
  override name = 'EvmBroadcastError';
  constructor(
    readonly refusal: BroadcastRefusal,
    message: string,
  ) {
    super(message);
  }
}

export function refusalOf(message: string): BroadcastRefusal {
  if (/nonce too low|nonce has already been used|already used|invalid nonce/i.test(message))
    return 'nonce_used';
  if (/underpriced|fee too low|max fee per gas less than block base fee|replacement/i.test(message)) {
    return 'underpriced';
  }
  if (/insufficient funds|insufficient balance/i.test(message)) return 'insufficient_funds';
  return 'other';
}

interface RpcReceipt {
  status: Hex;
  blockHash: Hex;
  blockNumber: Hex;
  gasUsed: Hex;
  effectiveGasPrice?: Hex;
}
interface RpcTx {
  blockNumber: Hex | null;
  gasPrice?: Hex;
}

/** x raised by 10 %, rounded up, and by at least 1 (a zero fee bumped is 1). */
const bumped = (x: bigint) => {
  const up = x + (x + 9n) / 10n;
  return up > x ? up : x + 1n;
};
const max = (a: bigint, b: bigint) => (a > b ? a : b);
const big = (offer: FeeOffer, field: string) =>
  offer[field] === undefined ? undefined : BigInt(offer[field]);

export function createEvmSender(deps: EvmSenderDeps): AccountSender {
  const { chainId, rpc, native, coinOf, wallet, signer } = deps;

  /** The call a transfer makes: to, value and data (ERC-20 transfer calldata for a token). */
  const callOf = (intent: TransferIntent): { to: Address; value: bigint; data?: Hex } => {
    const coin = coinOf(intent.coinName);
    const amount = parseUnits(intent.amount, coin.decimals);
    if (amount <= 0n) throw new Error(`a transfer of ${intent.amount} ${intent.coinName} moves nothing`);
    if (coin.contract === null) return { to: intent.toAddress as Address, value: amount };
    return {
      to: coin.contract as Address,
      value: 0n,
      data: encodeFunctionData({
        abi: erc20Abi,
        functionName: 'transfer',
        args: [intent.toAddress as Address, amount],
      }),
    };
  };
  const fromOf = (intent: TransferIntent) =>
    wallet.deriveAddress('evm', intent.from.index, intent.from.account);

  const txState = async (txHash: string): Promise<TxState> => {
    const receipt = await rpc<RpcReceipt | null>('eth_getTransactionReceipt', [txHash]);
    if (receipt) {
      let price = receipt.effectiveGasPrice;
      if (price === undefined)
        price = (await rpc<RpcTx | null>('eth_getTransactionByHash', [txHash]))?.gasPrice;
      return {
        state: 'mined',
        blockHeight: Number(hexToBigInt(receipt.blockNumber)),
        blockHash: receipt.blockHash,
        failed: receipt.status !== '0x1',
        networkFee: formatUnits(hexToBigInt(receipt.gasUsed) * hexToBigInt(price ?? '0x0'), native.decimals),
      };
    }
    const tx = await rpc<RpcTx | null>('eth_getTransactionByHash', [txHash]);
    // In a block but its receipt not yet indexed: still pending for the boundary.
    return tx ? { state: 'pending' } : { state: 'unknown' };
  };

  return {
    kind: 'account',

    async chainNonce(address) {
      return Number(hexToBigInt(await rpc<Hex>('eth_getTransactionCount', [address, 'pending'])));
    },

    async quoteFee(intent, previous): Promise<FeeOffer> {
      const call = callOf(intent);
      const [estimate, latest] = await Promise.all([
        rpc<Hex>('eth_estimateGas', [
          {
            from: fromOf(intent),
            to: call.to,
            value: toHex(call.value),
            ...(call.data ? { data: call.data } : {}),
          },
        ]).then(hexToBigInt),
        rpc<{ baseFeePerGas?: Hex | null }>('eth_getBlockByNumber', ['latest', false]),
      ]);
      // A plain value transfer costs exactly 21000; a contract call gets a margin for the state
      // changing before it is mined (unused gas is not paid).
      let gas = estimate === 21_000n ? estimate : (estimate * 6n) / 5n;
      if (previous?.gas !== undefined) gas = max(gas, BigInt(previous.gas));
      const prevCap = previous ? (big(previous, 'maxFeePerGas') ?? big(previous, 'gasPrice')) : undefined;
      const prevTip = previous
        ? (big(previous, 'maxPriorityFeePerGas') ?? big(previous, 'gasPrice'))
        : undefined;

      if (latest.baseFeePerGas !== undefined && latest.baseFeePerGas !== null) {
        const baseFee = hexToBigInt(latest.baseFeePerGas);
        // A node without eth_maxPriorityFeePerGas: its gas price above the base fee is the tip.
        let tip = await rpc<Hex>('eth_maxPriorityFeePerGas').then(hexToBigInt, async (error: unknown) => {
          if (!isRefusal(error)) throw error;
          const price = hexToBigInt(await rpc<Hex>('eth_gasPrice'));
          return price > baseFee ? price - baseFee : 0n;
        });
        let cap = 2n * baseFee + tip;
        if (prevTip !== undefined) tip = max(tip, bumped(prevTip));
        if (prevCap !== undefined) cap = max(cap, bumped(prevCap));
        if (cap < tip) cap = tip;
        return { gas: gas.toString(), maxFeePerGas: cap.toString(), maxPriorityFeePerGas: tip.toString() };
      }
      let gasPrice = hexToBigInt(await rpc<Hex>('eth_gasPrice'));
      if (prevCap !== undefined) gasPrice = max(gasPrice, bumped(prevCap));
      if (prevTip !== undefined) gasPrice = max(gasPrice, bumped(prevTip));
      return { gas: gas.toString(), gasPrice: gasPrice.toString() };
    },

    maxNetworkFee(fee) {
      const gas = big(fee, 'gas');
      const price = big(fee, 'maxFeePerGas') ?? big(fee, 'gasPrice');
      if (gas === undefined || price === undefined) throw new Error('not an EVM fee offer');
      return formatUnits(gas * price, native.decimals);
    },

    async sign(intent, nonce, fee) {
      const call = callOf(intent);
      const gas = big(fee, 'gas');
      if (gas === undefined) throw new Error('an EVM fee offer needs its gas');
      const base = {
        chainId,
        nonce,
        gas,
        to: call.to,
        value: call.value,
        ...(call.data ? { data: call.data } : {}),
      };
      const maxFeePerGas = big(fee, 'maxFeePerGas');
      const maxPriorityFeePerGas = big(fee, 'maxPriorityFeePerGas');
      const gasPrice = big(fee, 'gasPrice');
      let tx: TransactionSerializable;
      if (maxFeePerGas !== undefined && maxPriorityFeePerGas !== undefined) {
        tx = { ...base, type: 'eip1559', maxFeePerGas, maxPriorityFeePerGas };
      } else if (gasPrice !== undefined) {
        tx = { ...base, type: 'legacy', gasPrice };
      } else {
        throw new Error('an EVM fee offer needs maxFeePerGas and maxPriorityFeePerGas, or gasPrice');
      }
      const raw = await signer.signEvmTransaction(intent.from, tx);
      return { txHash: keccak256(raw), raw, fee };
    },

    async broadcast(raw) {
      try {
        await rpc<Hex>('eth_sendRawTransaction', [raw]);
      } catch (error) {
        // "already known", or "nonce too low" because this very transaction was mined: the
        // node has it, which is what broadcasting is for. Told apart by asking for its hash.
        const known = await txState(keccak256(raw as Hex)).catch(() => null);
        if (known && known.state !== 'unknown') return;
        const message = messageOf(error);
        throw new EvmBroadcastError(refusalOf(message), `broadcast refused: ${message}`);
      }
    },

    txState,
  };
}
