import { Address, OutScript, p2pkh, RawTx } from '@scure/btc-signer';
import { StartupError } from '../../lib/startup-error';
import type { BlockRef, ChainAdapter, ChainTransfer, ScannedRange, UtxoSender } from '../chain-adapter';
import { ScanRaceError } from '../evm/evm-adapter';
import type { HdWallet } from '../hd-wallet';
import { dogeToSatoshis, satoshisToDoge } from './doge-amount';
import { type DogeNetwork, dogeAddressOf, isValidDogeAddressOn } from './doge-network';
import {
  createDogeRpc,
  type DogeRpc,
  DogeRpcError,
  type DogeRpcOptions,
  int,
  RPC_NOT_FOUND,
} from './doge-rpc';

/**
 * The live Doge adapter's reading side, over a Dogecoin Core 1.14 node's JSON-RPC
 * (docs/decisions/2026-12-07-doge-adapter.md; tested against litecoind -regtest, which speaks
 * the same calls). Its sender (UtxoSender, chains/doge/doge-sender.ts) joins it in
 * createDogeAdapter.
 *
 * Scanning a range reads, per block by height: its hash (getblockhash), then the block with its
 * txids (getblock with the BOOLEAN verbose `true`: Dogecoin Core 1.14 takes no verbosity 2),
 * then every transaction's raw bytes (getrawtransaction, batched; the node needs -txindex),
 * decoded with @scure/btc-signer's transaction codec. Raw BLOCKS are never decoded: Dogecoin's
 * headers carry AuxPoW, which a Bitcoin block parser does not know. Every output whose script
 * is P2PKH or P2SH of a watched address is a transfer named (txid, vout); matching is one
 * Set.has per output. Only for a matched transaction is its first input's previous output read
 * (one more getrawtransaction) to name the sender.
 *
 * Balances: a UTXO node has no address index. `outputsOf(address)` gives the outputs the
 * platform knows at the address (the table chain_utxos), and the balance is the sum of those
 * the node still holds unspent in a block (gettxout, mempool excluded). So a Doge balance is
 * always the one at the node's tip, whatever height is asked.
 */
export interface DogeOwnOutput {
  txid: string;
  vout: number;
  /** Decimal string (the stored amount; the node's value is the one summed). */
  amount: string;
}

export interface DogeReaderOptions {
  chainId?: 'DOGE';
  /** RPC_URL_DOGE: `http://user:pass@host:port`. */
  rpcUrl: string;
  /** DOGE_NETWORK's prefixes and the chain its node must report. */
  network: DogeNetwork;
  confirmations: number;
  wallet: Pick<HdWallet, 'publicKey'>;
  /** START_BLOCK_DOGE: where the first scan begins; undefined: the head then. */
  startBlock?: number;
  /** The platform's outputs at an address not spent by a mined send (chain_utxos): what balanceOf asks the node about. */
  outputsOf(address: string): Promise<readonly DogeOwnOutput[]>;
  /** JSON-RPC batches in flight at once during a scan. */
  concurrency?: number;
  timeoutMs?: number;
}

export type DogeReader = Omit<ChainAdapter, 'sender'> & {
  readonly mode: 'live';
  readonly network: DogeNetwork;
  /** The node's connection, checked (network, transaction index) before its first answer is used. */
  readonly rpc: DogeRpc;
  /** getblockchaininfo's chain must be DOGE_NETWORK's (DogeNodeMismatchError, a StartupError). */
  checkNode(): Promise<void>;
  close(): Promise<void>;
};

export type DogeAdapter = DogeReader & { readonly sender: UtxoSender };

/** The whole adapter: the reader, with the sender (chains/doge/doge-sender.ts). */
export function createDogeAdapter(reader: DogeReader, sender: UtxoSender): DogeAdapter {
  return { ...reader, sender };
}

/** The node is not the configured network's, or cannot serve the adapter: never used. */
export class DogeNodeMismatchError extends StartupError {
  override name = 'DogeNodeMismatchError';
}

/** Bitcoin Core's RPC_INVALID_PARAMETER: getblockhash above the head ("Block height out of range"). */
const RPC_INVALID_PARAMETER = -8;
const ZERO_HASH = '0'.repeat(64);
/** Answers without amounts: hashes, raw hex, blocks' txids and whole numbers. */
const PLAIN = { plain: true } as const;
const COINBASE_INDEX = 0xffffffff;

/**
 * The genesis hashes of Dogecoin's main and test networks (chainparams.cpp): a Litecoin or
 * Bitcoin node also answers "main" or "test". Regtest's is not checked, as the tests run
 * Litecoin's regtest.
 */
const GENESIS: Partial<Record<DogeNetwork['nodeChain'], string>> = {
  main: '1a91e3dace36e2be3bf030a65679fe821aa1d6ef92e7c9902eb318182c355691',
  test: 'bb0a78264637406b6360aad926284d544d7049f45189db5664f3c4d07350559e',
};
const NETWORK_OF_CHAIN: Record<string, string> = { main: 'mainnet', test: 'testnet', regtest: 'regtest' };

interface RpcBlock {
  hash: string;
  /** -1: no longer on the node's best chain (a reorg between two requests). */
  confirmations: unknown;
  height: unknown;
  time: unknown;
  previousblockhash?: string;
  tx: string[];
}
type RpcHeader = Omit<RpcBlock, 'tx'>;

const blockRefOf = (block: RpcHeader): BlockRef => ({
  height: int(block.height),
  hash: block.hash,
  parentHash: block.previousblockhash ?? ZERO_HASH,
  time: new Date(int(block.time) * 1000),
});

type Decoded = ReturnType<typeof RawTx.decode>;

/**
 * Hex through Node's Buffer: @scure/base's generic `hex` coder allocates per character, and a
 * scan converts every transaction of every block (its garbage collection was half the scan's time).
 */
const toHex = (bytes: Uint8Array, start = 0, end = bytes.length) =>
  Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('hex', start, end);
const fromHex = (text: string): Uint8Array => Buffer.from(text, 'hex');

/**
 * An output script's key when it is P2PKH (`p` and the key hash, hex) or P2SH (`s` and the
 * script hash); null for any other script (P2PK, multisig, OP_RETURN, a witness program).
 */
function scriptKey(script: Uint8Array): string | null {
  // P2PKH: OP_DUP OP_HASH160 <20> OP_EQUALVERIFY OP_CHECKSIG; P2SH: OP_HASH160 <20> OP_EQUAL.
  if (
    script.length === 25 &&
    script[0] === 0x76 &&
    script[1] === 0xa9 &&
    script[2] === 0x14 &&
    script[23] === 0x88 &&
    script[24] === 0xac
  ) {
    return `p${toHex(script, 3, 23)}`;
  }
  if (script.length === 23 && script[0] === 0xa9 && script[1] === 0x14 && script[22] === 0x87) {
    return `s${toHex(script, 2, 22)}`;
  }
  return null;
}

export function createDogeReader(options: DogeReaderOptions): DogeReader {
  const { network, confirmations, wallet, startBlock, outputsOf } = options;
  const chainId = options.chainId ?? 'DOGE';
  const concurrency = Math.max(1, options.concurrency ?? 4);
  const raw = createDogeRpc(
    options.rpcUrl,
    options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs },
  );
  const addressCoder = Address(network.params);

  // The node's chain and index, checked before its first answer is used. A mismatch stays
  // refused; a node that cannot be reached is asked again on the next call.
  let checked: Promise<void> | null = null;
  const checkNode = () => {
    checked ??= checkNodeOnce(raw, network).catch((error: unknown) => {
      if (!(error instanceof DogeNodeMismatchError)) checked = null;
      throw error;
    });
    return checked;
  };
  const rpc: DogeRpc = {
    async call(method, params, options) {
      await checkNode();
      return raw.call(method, params, options);
    },
    async batch(method, paramsList, options) {
      await checkNode();
      return raw.batch(method, paramsList, options);
    },
  };

  /** A batch of calls of one method, up to `concurrency` JSON-RPC batches in flight. */
  const batched = async <T>(
    method: string,
    paramsList: readonly (readonly unknown[])[],
    options?: DogeRpcOptions,
  ): Promise<T[]> => {
    const size = 100;
    const chunks: (readonly (readonly unknown[])[])[] = [];
    for (let i = 0; i < paramsList.length; i += size) chunks.push(paramsList.slice(i, i + size));
    const results: T[][] = new Array(chunks.length);
    let next = 0;
    const worker = async () => {
      while (next < chunks.length) {
        const i = next++;
        results[i] = await rpc.batch<T>(method, chunks[i] as readonly (readonly unknown[])[], options);
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, chunks.length) }, worker));
    return results.flat();
  };

  /**
   * The watched set by output key (the script's kind and hash): matching an output is then one
   * Map lookup on its script, without encoding an address (base58check) for every output of a
   * block. Built once per set and extended as it grows: a watched set only grows (its rows' ids
   * only grow, modules/watcher/watched-set.ts), and one that shrank is indexed again.
   */
  const indexes = new WeakMap<ReadonlySet<string>, { seen: number; byKey: Map<string, string> }>();
  const indexOf = (watched: ReadonlySet<string>): Map<string, string> => {
    let index = indexes.get(watched);
    if (!index || index.seen > watched.size) {
      index = { seen: 0, byKey: new Map() };
      indexes.set(watched, index);
    }
    if (index.seen < watched.size) {
      let position = 0;
      for (const address of watched) {
        if (position++ < index.seen) continue;
        const key = addressKey(address);
        if (key !== null) index.byKey.set(key, address);
      }
      index.seen = watched.size;
    }
    return index.byKey;
  };
  /** An address's output key on this network; null for an address of another network or kind. */
  const addressKey = (address: string): string | null => {
    try {
      const decoded = addressCoder.decode(address);
      if (decoded.type === 'pkh') return `p${toHex(decoded.hash)}`;
      if (decoded.type === 'sh') return `s${toHex(decoded.hash)}`;
    } catch {
      // not an address of this network
    }
    return null;
  };

  /** Who paid: the address of an output as explorers name it (P2PK as its key's P2PKH); '' when it has none. */
  const senderOfScript = (script: Uint8Array): string => {
    try {
      const decoded = OutScript.decode(script);
      if (decoded.type === 'pkh' || decoded.type === 'sh') return addressCoder.encode(decoded);
      if (decoded.type === 'pk') return p2pkh(decoded.pubkey, network.params).address ?? '';
    } catch {
      // not a standard script
    }
    return '';
  };

  const rawTransactions = async (txids: readonly string[]): Promise<Decoded[]> => {
    try {
      const hexes = await batched<string>(
        'getrawtransaction',
        txids.map((txid) => [txid, false]),
        PLAIN,
      );
      return hexes.map((text) => RawTx.decode(fromHex(text)));
    } catch (error) {
      if (error instanceof DogeRpcError && error.code === RPC_NOT_FOUND) {
        // A transaction of a block just read: the block left the chain, or the node lost its index.
        throw new ScanRaceError(
          `chain ${chainId}: a transaction of the range is not found (${error.message})`,
        );
      }
      throw error;
    }
  };

  const isCoinbase = (tx: Decoded) => {
    const input = tx.inputs[0];
    return (
      tx.inputs.length === 1 &&
      input !== undefined &&
      input.index === COINBASE_INDEX &&
      toHex(input.txid) === ZERO_HASH
    );
  };

  const scan = async (
    fromHeight: number,
    toHeight: number,
    watched: ReadonlySet<string>,
  ): Promise<ScannedRange> => {
    if (toHeight < fromHeight) return { blocks: [], transfers: [] };
    const heights = Array.from({ length: toHeight - fromHeight + 1 }, (_, i) => fromHeight + i);
    let hashes: string[];
    try {
      hashes = await batched<string>(
        'getblockhash',
        heights.map((height) => [height]),
        PLAIN,
      );
    } catch (error) {
      if (error instanceof DogeRpcError && error.code === RPC_INVALID_PARAMETER) {
        throw new ScanRaceError(`chain ${chainId}: the range ${fromHeight}..${toHeight} is above the head`);
      }
      throw error;
    }
    let fullBlocks: RpcBlock[];
    try {
      // Dogecoin Core 1.14: `verbose` is a boolean (true: the block as JSON with its txids). Its
      // numbers read here are whole (height, time, confirmations); no amount is in it.
      fullBlocks = await batched<RpcBlock>(
        'getblock',
        hashes.map((hash) => [hash, true]),
        PLAIN,
      );
    } catch (error) {
      if (error instanceof DogeRpcError && error.code === RPC_NOT_FOUND) {
        throw new ScanRaceError(`chain ${chainId}: a block of ${fromHeight}..${toHeight} is gone`);
      }
      throw error;
    }
    const blocks = fullBlocks.map(blockRefOf);
    for (const [i, block] of blocks.entries()) {
      const full = fullBlocks[i] as RpcBlock;
      if (block.height !== heights[i] || int(full.confirmations) < 1) {
        throw new ScanRaceError(`chain ${chainId}: block ${heights[i]} changed during the scan`);
      }
      if (i > 0 && block.parentHash !== (blocks[i - 1] as BlockRef).hash) {
        throw new ScanRaceError(`chain ${chainId}: block ${block.height} changed during the scan`);
      }
    }
    if (watched.size === 0) return { blocks, transfers: [] };

    // Every transaction of the range (the coinbase too; the genesis block's cannot be read).
    const located: { txid: string; block: BlockRef }[] = [];
    for (const [i, full] of fullBlocks.entries()) {
      const block = blocks[i] as BlockRef;
      if (block.height === 0) continue;
      for (const txid of full.tx) located.push({ txid, block });
    }
    const decoded = await rawTransactions(located.map(({ txid }) => txid));
    const byKey = indexOf(watched);

    interface Match {
      transfer: ChainTransfer;
      tx: Decoded;
    }
    const matches: Match[] = [];
    for (const [i, tx] of decoded.entries()) {
      const { txid, block } = located[i] as { txid: string; block: BlockRef };
      for (const [vout, output] of tx.outputs.entries()) {
        const key = scriptKey(output.script);
        const toAddress = key === null ? undefined : byKey.get(key);
        if (toAddress === undefined) continue;
        matches.push({
          tx,
          transfer: {
            chainId,
            txHash: txid,
            logIndex: vout,
            fromAddress: '',
            toAddress,
            coinName: 'DOGE',
            amount: satoshisToDoge(output.amount),
            blockHeight: block.height,
            blockHash: block.hash,
            blockTime: block.time,
          },
        });
      }
    }

    // The sender: the address of the first input's previous output, read for matched transactions only.
    const previous = [
      ...new Set(
        matches.flatMap(({ tx }) =>
          isCoinbase(tx) ? [] : [toHex((tx.inputs[0] as Decoded['inputs'][number]).txid)],
        ),
      ),
    ];
    const previousTxs = new Map<string, Decoded>();
    if (previous.length > 0) {
      const read = await rawTransactions(previous);
      for (const [i, txid] of previous.entries()) previousTxs.set(txid, read[i] as Decoded);
    }
    for (const { tx, transfer } of matches) {
      if (isCoinbase(tx)) continue;
      const input = tx.inputs[0] as Decoded['inputs'][number];
      const spent = previousTxs.get(toHex(input.txid))?.outputs[input.index];
      transfer.fromAddress = spent ? senderOfScript(spent.script) : '';
    }
    return { blocks, transfers: matches.map(({ transfer }) => transfer) };
  };

  const blockAt = async (height: number): Promise<BlockRef | null> => {
    let hash: string;
    try {
      hash = await rpc.call<string>('getblockhash', [height]);
    } catch (error) {
      if (error instanceof DogeRpcError && error.code === RPC_INVALID_PARAMETER) return null;
      throw error;
    }
    try {
      return blockRefOf(await rpc.call<RpcHeader>('getblockheader', [hash, true]));
    } catch (error) {
      if (error instanceof DogeRpcError && error.code === RPC_NOT_FOUND) return null;
      throw error;
    }
  };

  return {
    chainId,
    family: 'doge',
    mode: 'live',
    confirmations,
    ...(startBlock === undefined ? {} : { startBlock }),
    network,
    rpc,
    checkNode,
    close: async () => {},
    isValidAddress: (address) => isValidDogeAddressOn(address, network),
    deriveAddress: (index, account = 0) => dogeAddressOf(wallet.publicKey('doge', index, account), network),
    headHeight: async () => int(await rpc.call('getblockcount')),
    blockAt,
    scan,

    /**
     * The sum of the address's known outputs the node holds unspent in a block (gettxout without
     * the mempool), at the node's tip: a UTXO node keeps no balances by address nor by height,
     * so `atHeight` is not honoured (chain:reconcile reads a Doge balance at the tip).
     */
    async balanceOf(address, coinName, _atHeight) {
      if (coinName !== 'DOGE') throw new Error(`chain ${chainId} carries no coin ${coinName}`);
      const outputs = await outputsOf(address);
      if (outputs.length === 0) return satoshisToDoge(0n);
      const unspent = await batched<{ value: string } | null>(
        'gettxout',
        outputs.map(({ txid, vout }) => [txid, vout, false]),
      );
      let total = 0n;
      for (const output of unspent) if (output) total += dogeToSatoshis(String(output.value));
      return satoshisToDoge(total);
    },
  };
}

async function checkNodeOnce(rpc: DogeRpc, network: DogeNetwork): Promise<void> {
  const info = await rpc.call<{ chain: string }>('getblockchaininfo');
  const expected = network.nodeChain;
  if (info.chain !== expected) {
    const named = NETWORK_OF_CHAIN[info.chain];
    throw new DogeNodeMismatchError(
      `The node at RPC_URL_DOGE runs the "${info.chain}" chain, but DOGE_NETWORK=${network.name} needs "${expected}": check RPC_URL_DOGE${named ? `, or set DOGE_NETWORK=${named}` : ''}.`,
    );
  }
  const genesis = GENESIS[expected];
  if (genesis !== undefined) {
    const hash = await rpc.call<string>('getblockhash', [0]);
    if (hash !== genesis) {
      throw new DogeNodeMismatchError(
        `The node at RPC_URL_DOGE is not a Dogecoin ${network.name} node: its genesis block is ${hash}, Dogecoin's is ${genesis}. Check RPC_URL_DOGE.`,
      );
    }
  }
  // The scan reads every transaction of a block: the node needs its transaction index.
  if (int(await rpc.call('getblockcount')) >= 1) {
    const block = await rpc.call<{ tx: string[] }>('getblock', [
      await rpc.call<string>('getblockhash', [1]),
      true,
    ]);
    try {
      await rpc.call('getrawtransaction', [block.tx[0], false]);
    } catch (error) {
      if (error instanceof DogeRpcError && error.code === RPC_NOT_FOUND) {
        throw new DogeNodeMismatchError(
          'The node at RPC_URL_DOGE keeps no transaction index: restart it with -txindex (the adapter reads every transaction of a block).',
        );
      }
      throw error;
    }
  }
}
