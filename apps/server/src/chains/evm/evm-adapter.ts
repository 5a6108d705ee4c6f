import {
  type Address,
  encodeFunctionData,
  erc20Abi,
  formatUnits,
  getAddress,
  type Hex,
  hexToBigInt,
  toEventSelector,
  toHex,
} from 'viem';
import { isValidAddress } from '../addresses';
import type { AccountSender, BlockRef, ChainAdapter, ChainTransfer, ScannedRange } from '../chain-adapter';
import type { HdWallet } from '../hd-wallet';
import type { Signer } from '../signer';
import { EVM_MAINNET_IDS, type EvmChainId, KNOWN_EVM_NETWORKS } from './evm-chains';
import { createRpc, isRefusal, mapLimit, type Rpc } from './evm-rpc';
import { createEvmSender } from './evm-sender';

/**
 * The live adapter of an EVM chain (Ethereum, BNB Chain, Polygon: one implementation), over a
 * node's JSON-RPC (docs/decisions/2026-12-07-chain-boundary.md).
 *
 * Scanning a range reads:
 * - every block with its transactions (eth_getBlockByNumber): its BlockRef, and the native
 *   transfers, a transaction with a value to a watched address; only those matched have their
 *   receipt read (in JSON-RPC batches, one request a call where the node refuses batches), and
 *   only successful ones count;
 * - the ERC-20 `Transfer` logs of the chain's known token contracts (eth_getLogs), the range
 *   halved while the provider refuses it as too wide.
 * Matching is local: one Set.has per transfer on the checksummed address.
 *
 * Not seen: native coin sent by a contract (an internal transfer: a multisig's or an exchange's
 * batch payout). It leaves no log and is not a transaction's value, so only a tracing node
 * could show it. Such a payment reaches the address but is never credited; the operator finds
 * it by the address's balance (chain:reconcile's unswept addresses).
 *
 * Token transfers take the log's index in its block (as explorers show it), native transfers 0:
 * a transaction that pays our address its value has no code to run, so it has no logs.
 */
export interface EvmCoin {
  coinName: string;
  decimals: number;
  /** The token contract, checksummed; null for the chain's native coin. */
  contract: string | null;
}

export interface EvmAdapterOptions {
  chainId: EvmChainId;
  rpcUrl: string;
  /** The chain id the node must report (CHAIN_ID_<CHAIN>, else the network's own). */
  expectedChainId?: number;
  /** The native coin and the known tokens (coins table, TOKEN_<COIN>_<CHAIN> applied). */
  coins: readonly EvmCoin[];
  confirmations: number;
  wallet: HdWallet;
  signer: Signer;
  /** START_BLOCK_<CHAIN>: where the first scan begins; undefined: the head then. */
  startBlock?: number;
  /** The widest eth_getLogs range asked at first (blocks); halved whenever the provider refuses one. */
  maxLogRange?: number;
  /** Block requests in flight at once during a scan. */
  concurrency?: number;
  timeoutMs?: number;
}

export interface EvmAdapter extends ChainAdapter {
  readonly mode: 'live';
  readonly sender: AccountSender;
  /** The chain id the node reports, checked against the expected one (ChainIdMismatchError). */
  checkNode(): Promise<number>;
  /** The eth_getLogs range the scan asks now (narrowed after refusals). */
  logRange(): number;
  /** What a token's contract says its decimals are; null when it has no decimals() (no token there). */
  tokenDecimals(coinName: string): Promise<number | null>;
  /** Closes the node's connection (a WebSocket's; an http one holds none). */
  close(): Promise<void>;
}

/** The node answers for another chain than the one it is configured as: never used. */
export class ChainIdMismatchError extends Error {
  override name = 'ChainIdMismatchError';
}

/** The chain moved under a scan (a block replaced between two requests): scan the range again. */
export class ScanRaceError extends Error {
  override name = 'ScanRaceError';
}

const TRANSFER_TOPIC = toEventSelector('Transfer(address,address,uint256)');
const DEFAULT_MAX_LOG_RANGE = 2000;

interface RpcTransaction {
  hash: Hex;
  to: Hex | null;
  from: Hex;
  value: Hex;
  transactionIndex: Hex;
}
interface RpcBlock {
  number: Hex;
  hash: Hex;
  parentHash: Hex;
  timestamp: Hex;
  baseFeePerGas?: Hex | null;
  transactions: RpcTransaction[] | Hex[];
}
interface RpcLog {
  address: Hex;
  topics: Hex[];
  data: Hex;
  blockNumber: Hex;
  blockHash: Hex;
  transactionHash: Hex;
  logIndex: Hex;
  transactionIndex: Hex;
  removed?: boolean;
}
interface RpcReceipt {
  status: Hex;
  blockHash: Hex;
  blockNumber: Hex;
  gasUsed: Hex;
  effectiveGasPrice?: Hex;
}

const num = (hex: Hex) => Number(hexToBigInt(hex));
const blockRefOf = (block: RpcBlock): BlockRef => ({
  height: num(block.number),
  hash: block.hash,
  parentHash: block.parentHash,
  time: new Date(num(block.timestamp) * 1000),
});

export function createEvmAdapter(options: EvmAdapterOptions): EvmAdapter {
  const { chainId, confirmations, wallet, signer, startBlock } = options;
  const expectedChainId = options.expectedChainId ?? EVM_MAINNET_IDS[chainId];
  const concurrency = options.concurrency ?? 8;
  const raw = createRpc(
    options.rpcUrl,
    options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs },
  );
  let maxLogRange = Math.max(1, options.maxLogRange ?? DEFAULT_MAX_LOG_RANGE);

  const native = options.coins.find((coin) => coin.contract === null);
  if (!native) throw new Error(`chain ${chainId}: no native coin`);
  const coinsByName = new Map(options.coins.map((coin) => [coin.coinName, coin]));
  const tokensByContract = new Map(
    options.coins.flatMap((coin) => (coin.contract ? [[coin.contract.toLowerCase(), coin] as const] : [])),
  );
  const tokenContracts = [...tokensByContract.keys()];

  // The node's chain id, checked before its first answer is used. A mismatch stays refused;
  // a node that cannot be reached is asked again on the next call.
  let checked: Promise<number> | null = null;
  const checkNode = () => {
    checked ??= (async () => {
      const reported = num(await raw<Hex>('eth_chainId'));
      if (reported !== expectedChainId) throw chainIdMismatch(chainId, reported, expectedChainId);
      return reported;
    })().catch((error: unknown) => {
      if (!(error instanceof ChainIdMismatchError)) checked = null;
      throw error;
    });
    return checked;
  };
  const rpc: Rpc = async (method, params) => {
    await checkNode();
    return raw(method, params);
  };

  const headHeight = async () => num(await rpc<Hex>('eth_blockNumber'));

  const getBlock = async (height: number, withTransactions: boolean) =>
    rpc<RpcBlock | null>('eth_getBlockByNumber', [toHex(height), withTransactions]);

  /** The token Transfer logs of from..to, the range halved while the provider refuses it. */
  const transferLogs = async (from: number, to: number): Promise<RpcLog[]> => {
    if (tokenContracts.length === 0 || to < from) return [];
    const logs: RpcLog[] = [];
    let start = from;
    while (start <= to) {
      const span = Math.min(maxLogRange, to - start + 1);
      const end = start + span - 1;
      try {
        logs.push(
          ...(await rpc<RpcLog[]>('eth_getLogs', [
            {
              fromBlock: toHex(start),
              toBlock: toHex(end),
              address: tokenContracts,
              topics: [TRANSFER_TOPIC],
            },
          ])),
        );
        start = end + 1;
      } catch (error) {
        // Refused (too wide, too many results): ask half as wide from now on. A single block
        // refused, or a node not reached, is the caller's (the watcher tries again).
        if (span === 1 || !isRefusal(error)) throw error;
        maxLogRange = Math.ceil(span / 2);
      }
    }
    return logs;
  };

  const toChecksummed = (hex: string): string => getAddress(hex as Address);

  const scan = async (
    fromHeight: number,
    toHeight: number,
    watched: ReadonlySet<string>,
  ): Promise<ScannedRange> => {
    if (toHeight < fromHeight) return { blocks: [], transfers: [] };
    const heights = Array.from({ length: toHeight - fromHeight + 1 }, (_, i) => fromHeight + i);
    const [fullBlocks, logs] = await Promise.all([
      mapLimit(heights, concurrency, async (height) => {
        // Nothing watched: the blocks' hashes only, without their transactions.
        const block = await getBlock(height, watched.size > 0);
        if (!block) throw new ScanRaceError(`chain ${chainId}: block ${height} is above the head`);
        return block;
      }),
      watched.size === 0 ? Promise.resolve([]) : transferLogs(fromHeight, toHeight),
    ]);
    const blocks = fullBlocks.map(blockRefOf);
    const byHeight = new Map(blocks.map((block) => [block.height, block]));
    for (let i = 1; i < blocks.length; i++) {
      const block = blocks[i] as BlockRef;
      if (block.parentHash !== (blocks[i - 1] as BlockRef).hash) {
        throw new ScanRaceError(`chain ${chainId}: block ${block.height} changed during the scan`);
      }
    }

    type Found = ChainTransfer & { order: number };
    const found: Found[] = [];
    if (watched.size > 0) {
      for (const log of logs) {
        if (log.removed || log.topics.length !== 3 || log.topics[0] !== TRANSFER_TOPIC) continue;
        const coin = tokensByContract.get(log.address.toLowerCase());
        if (!coin || log.data.length !== 66) continue;
        const toAddress = toChecksummed(`0x${(log.topics[2] as string).slice(26)}`);
        if (!watched.has(toAddress)) continue;
        const height = num(log.blockNumber);
        const block = byHeight.get(height);
        if (!block || block.hash !== log.blockHash) {
          throw new ScanRaceError(`chain ${chainId}: block ${height} changed during the scan`);
        }
        found.push({
          chainId,
          txHash: log.transactionHash,
          logIndex: num(log.logIndex),
          fromAddress: toChecksummed(`0x${(log.topics[1] as string).slice(26)}`),
          toAddress,
          coinName: coin.coinName,
          amount: formatUnits(hexToBigInt(log.data), coin.decimals),
          blockHeight: height,
          blockHash: block.hash,
          blockTime: block.time,
          order: num(log.transactionIndex) * 2 ** 20 + num(log.logIndex),
        });
      }
      // Native transfers: a transaction's value to a watched address; its receipt says whether it succeeded.
      const candidates: { tx: RpcTransaction; block: BlockRef; toAddress: string }[] = [];
      for (const [i, full] of fullBlocks.entries()) {
        for (const tx of full.transactions as RpcTransaction[]) {
          if (tx.to === null || tx.value === '0x0') continue;
          const toAddress = toChecksummed(tx.to);
          if (watched.has(toAddress)) candidates.push({ tx, block: blocks[i] as BlockRef, toAddress });
        }
      }
      // Their receipts in JSON-RPC batches: one request for up to 50, not one each.
      await checkNode();
      const receipts = await raw.batch<RpcReceipt | null>(
        'eth_getTransactionReceipt',
        candidates.map(({ tx }) => [tx.hash]),
        concurrency,
      );
      for (const [i, { tx, block, toAddress }] of candidates.entries()) {
        const receipt = receipts[i];
        if (!receipt || receipt.blockHash !== block.hash) {
          throw new ScanRaceError(`chain ${chainId}: block ${block.height} changed during the scan`);
        }
        if (receipt.status !== '0x1') continue;
        found.push({
          chainId,
          txHash: tx.hash,
          logIndex: 0,
          fromAddress: toChecksummed(tx.from),
          toAddress,
          coinName: native.coinName,
          amount: formatUnits(hexToBigInt(tx.value), native.decimals),
          blockHeight: block.height,
          blockHash: block.hash,
          blockTime: block.time,
          order: num(tx.transactionIndex) * 2 ** 20,
        });
      }
    }
    found.sort((a, b) => a.blockHeight - b.blockHeight || a.order - b.order);
    return { blocks, transfers: found.map(({ order: _order, ...transfer }) => transfer) };
  };

  const coinOf = (coinName: string): EvmCoin => {
    const coin = coinsByName.get(coinName);
    if (!coin) throw new Error(`chain ${chainId} carries no coin ${coinName}`);
    return coin;
  };

  const sender = createEvmSender({
    chainId: expectedChainId,
    rpc,
    native,
    coinOf,
    wallet,
    signer,
  });

  return {
    chainId,
    family: 'evm',
    mode: 'live',
    confirmations,
    ...(startBlock === undefined ? {} : { startBlock }),
    isValidAddress: (address) => isValidAddress('evm', address),
    deriveAddress: (index, account = 0) => wallet.deriveAddress('evm', index, account),
    checkNode,
    logRange: () => maxLogRange,
    close: () => raw.close(),
    async tokenDecimals(coinName) {
      const coin = coinOf(coinName);
      if (coin.contract === null) return null;
      const data = encodeFunctionData({ abi: erc20Abi, functionName: 'decimals' });
      try {
        const result = await rpc<Hex>('eth_call', [{ to: coin.contract, data }, 'latest']);
        return result.length === 66 ? Number(hexToBigInt(result)) : null;
      } catch (error) {
        if (isRefusal(error)) return null; // reverted: not a token
        throw error;
      }
    },
    headHeight,
    sender,

    async blockAt(height) {
      const block = await getBlock(height, false);
      return block ? blockRefOf(block) : null;
    },

    scan,

    async balanceOf(address, coinName, atHeight) {
      const coin = coinOf(coinName);
      const tag = atHeight === undefined ? 'latest' : toHex(atHeight);
      if (coin.contract === null) {
        return formatUnits(hexToBigInt(await rpc<Hex>('eth_getBalance', [address, tag])), coin.decimals);
      }
      const data = encodeFunctionData({
        abi: erc20Abi,
        functionName: 'balanceOf',
        args: [address as Address],
      });
      const result = await rpc<Hex>('eth_call', [{ to: coin.contract, data }, tag]);
      return formatUnits(result === '0x' ? 0n : hexToBigInt(result), coin.decimals);
    },
  };
}

export function chainIdMismatch(
  chainId: EvmChainId,
  reported: number,
  expected: number,
): ChainIdMismatchError {
  const name = (id: number) => (KNOWN_EVM_NETWORKS[id] ? ` (${KNOWN_EVM_NETWORKS[id]})` : '');
  const isOtherMainnet = Object.values(EVM_MAINNET_IDS).includes(reported);
  const hint =
    isOtherMainnet || expected !== EVM_MAINNET_IDS[chainId]
      ? `check RPC_URL_${chainId}${expected === EVM_MAINNET_IDS[chainId] ? '' : ` and CHAIN_ID_${chainId}`}`
      : `check RPC_URL_${chainId}, or set CHAIN_ID_${chainId}=${reported} if it is a test network`;
  return new ChainIdMismatchError(
    `The node at RPC_URL_${chainId} reports chain id ${reported}${name(reported)}, but ${chainId} expects ${expected}${name(expected)}: ${hint}.`,
  );
}
