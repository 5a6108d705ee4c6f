import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createDogeReader,
  DogeNodeMismatchError,
  type DogeOwnOutput,
  type DogeReader,
} from '../src/chains/doge/doge-adapter';
import { DOGE_NETWORKS, dogeAddressOf } from '../src/chains/doge/doge-network';
import { DogeRpcError, int } from '../src/chains/doge/doge-rpc';
import { ScanRaceError } from '../src/chains/evm/evm-adapter';
import { createHdWallet } from '../src/chains/hd-wallet';
import { StartupError } from '../src/lib/startup-error';
import { type DogeRpcProxy, startDogeRpcProxy } from './helpers/doge-rpc-proxy';
import { type Litecoind, startLitecoind } from './helpers/litecoind';

/**
 * The Doge adapter's reading side against a real node (litecoind -regtest, standing in for
 * Dogecoin Core 1.14): the network check, the scan of outputs paying watched addresses, blocks
 * and reorgs, and balances through gettxout. Every call goes through a recording proxy, so the
 * test also checks the adapter asks only what Dogecoin Core 1.14 answers, in its forms.
 */
const MNEMONIC =
  'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';
const wallet = createHdWallet(MNEMONIC);
const regtest = DOGE_NETWORKS.regtest;

/** What the adapter may ask a Dogecoin Core 1.14 node for reading. */
const DOGECOIN_114_READ_CALLS = new Set([
  'getblockchaininfo',
  'getblockcount',
  'getblockhash',
  'getblockheader',
  'getblock',
  'getrawtransaction',
  'gettxout',
]);

let node: Litecoind;
let proxy: DogeRpcProxy;
const own = new Map<string, DogeOwnOutput[]>();
const readerOn = (network = regtest, url = proxy.url): DogeReader =>
  createDogeReader({
    rpcUrl: url,
    network,
    confirmations: 6,
    wallet,
    outputsOf: async (address) => own.get(address) ?? [],
  });

beforeAll(async () => {
  node = await startLitecoind();
  proxy = await startDogeRpcProxy(node.url);
}, 120_000);
afterAll(async () => {
  await proxy?.close();
  await node?.stop();
});

interface VerboseTx {
  vin: { txid?: string; vout?: number; coinbase?: string }[];
  vout: {
    value: string;
    n: unknown;
    scriptPubKey: { type: string; address?: string; addresses?: string[] };
  }[];
}
const verbose = (txid: string) => node.rpc.call<VerboseTx>('getrawtransaction', [txid, true]);
const addressOf = (out: VerboseTx['vout'][number]) =>
  out.scriptPubKey.address ?? out.scriptPubKey.addresses?.[0];
/** The vout paying `address` in a transaction, as the node decodes it. */
async function voutOf(txid: string, address: string): Promise<number> {
  const out = (await verbose(txid)).vout.find((o) => addressOf(o) === address);
  if (!out) throw new Error(`${txid} pays nothing to ${address}`);
  return int(out.n);
}
/** The sender as the adapter names it: the P2PKH/P2SH address of the first input's previous output, else ''. */
async function senderOf(txid: string): Promise<string> {
  const input = (await verbose(txid)).vin[0];
  if (!input?.txid) return '';
  const spent = (await verbose(input.txid)).vout[input.vout as number];
  return spent && ['pubkeyhash', 'scripthash'].includes(spent.scriptPubKey.type)
    ? (addressOf(spent) ?? '')
    : '';
}

describe('the node check', () => {
  it('refuses a node of another network than DOGE_NETWORK, naming both, and every call after', async () => {
    for (const network of [DOGE_NETWORKS.mainnet, DOGE_NETWORKS.testnet]) {
      const reader = readerOn(network);
      const refused = await reader.checkNode().then(
        () => null,
        (error: unknown) => error,
      );
      expect(refused).toBeInstanceOf(DogeNodeMismatchError);
      expect(refused).toBeInstanceOf(StartupError);
      expect((refused as Error).message).toBe(
        `The node at RPC_URL_DOGE runs the "regtest" chain, but DOGE_NETWORK=${network.name} needs "${network.nodeChain}": check RPC_URL_DOGE, or set DOGE_NETWORK=regtest.`,
      );
      // Never used after: not one more question reaches the node.
      const asked = proxy.calls.length;
      await expect(reader.headHeight()).rejects.toBeInstanceOf(DogeNodeMismatchError);
      await expect(reader.scan(1, 2, new Set(['x']))).rejects.toBeInstanceOf(DogeNodeMismatchError);
      expect(proxy.calls.length).toBe(asked);
    }
  });

  it('accepts a regtest node for DOGE_NETWORK=regtest', async () => {
    const reader = readerOn();
    await reader.checkNode();
    expect(await reader.headHeight()).toBe(await node.head());
  });

  it('waits for a node that does not answer, and checks it on its first answer', async () => {
    const reader = readerOn(DOGE_NETWORKS.mainnet);
    proxy.down = true;
    try {
      const unreachable = await reader.checkNode().then(
        () => null,
        (error: unknown) => error,
      );
      expect(unreachable).toBeInstanceOf(DogeRpcError);
      expect(unreachable).not.toBeInstanceOf(StartupError);
      await expect(reader.headHeight()).rejects.toBeInstanceOf(DogeRpcError);
    } finally {
      proxy.down = false;
    }
    // It answers now: the network is checked first, and the mismatch refuses the call.
    await expect(reader.headHeight()).rejects.toBeInstanceOf(DogeNodeMismatchError);
    const regtestReader = readerOn();
    proxy.down = true;
    await expect(regtestReader.headHeight()).rejects.toBeInstanceOf(DogeRpcError);
    proxy.down = false;
    expect(await regtestReader.headHeight()).toBe(await node.head());
  });
});

describe('addresses', () => {
  it('derive and validate on the configured network', () => {
    const reader = readerOn();
    const address = reader.deriveAddress(7, 1);
    expect(address).toBe(dogeAddressOf(wallet.publicKey('doge', 7, 1), regtest));
    expect(address).toMatch(/^[mn]/);
    expect(reader.isValidAddress(address)).toBe(true);
    const mainnet = readerOn(DOGE_NETWORKS.mainnet);
    // Mainnet's are the devnet's DOGE addresses (the same keys, Dogecoin's "D…" prefix).
    expect(mainnet.deriveAddress(7, 1)).toBe(wallet.deriveAddress('doge', 7, 1));
    expect(mainnet.deriveAddress(7, 1)).toMatch(/^D/);
    expect(reader.isValidAddress(mainnet.deriveAddress(7, 1))).toBe(false);
    expect(mainnet.isValidAddress(address)).toBe(false);
    expect(reader.isValidAddress(`${address.slice(0, -1)}${address.endsWith('a') ? 'b' : 'a'}`)).toBe(false);
  });
});

describe('scan', () => {
  it('finds the outputs paying watched addresses with exact amounts, named (txid, vout), in chained blocks', async () => {
    const reader = readerOn();
    const watchedA = reader.deriveAddress(0);
    const watchedB = reader.deriveAddress(1);
    const unwatched = reader.deriveAddress(2);
    const stranger = await node.newAddress();
    const from = (await node.head()) + 1;
    const single = await node.send(watchedA, '1.23456789');
    // One transaction paying two watched outputs, an unwatched one and the node's change.
    const many = await node.rpc.call<string>('sendmany', [
      '',
      { [watchedA]: '0.00100001', [watchedB]: '21.00000001', [unwatched]: '3', [stranger]: '4.5' },
    ]);
    await node.mine(1);
    await node.mineEmpty(2);
    const later = await node.send(watchedB, '0.1');
    await node.mine(1);
    const to = await node.head();

    const range = await reader.scan(from, to, new Set([watchedA, watchedB]));
    expect(range.blocks.map((b) => b.height)).toEqual([from, from + 1, from + 2, from + 3]);
    for (const [i, block] of range.blocks.entries()) {
      expect(block.hash).toBe(await node.blockHash(block.height));
      expect(block.parentHash).toBe(i === 0 ? await node.blockHash(from - 1) : range.blocks[i - 1]?.hash);
      const header = await node.rpc.call<{ time: string }>('getblockheader', [block.hash, true]);
      expect(block.time.getTime()).toBe(Number(header.time) * 1000);
    }
    const [first, , , last] = range.blocks;
    const expected = [
      { txHash: single, to: watchedA, amount: '1.23456789', block: first },
      { txHash: many, to: watchedA, amount: '0.00100001', block: first },
      { txHash: many, to: watchedB, amount: '21.00000001', block: first },
      { txHash: later, to: watchedB, amount: '0.10000000', block: last },
    ];
    const byKey = (t: { txHash: string; logIndex: number }) => `${t.txHash}:${t.logIndex}`;
    const want = await Promise.all(
      expected.map(async (e) => ({
        chainId: 'DOGE',
        txHash: e.txHash,
        logIndex: await voutOf(e.txHash, e.to),
        fromAddress: await senderOf(e.txHash),
        toAddress: e.to,
        coinName: 'DOGE',
        amount: e.amount,
        blockHeight: e.block?.height,
        blockHash: e.block?.hash,
        blockTime: e.block?.time,
      })),
    );
    expect([...range.transfers].sort((a, b) => byKey(a).localeCompare(byKey(b)))).toEqual(
      want.sort((a, b) => byKey(a).localeCompare(byKey(b))),
    );
    // The node's first payment spends a mined coinbase, paid to its legacy (P2PKH) miner address.
    expect(range.transfers.find((t) => t.txHash === single)?.fromAddress).toMatch(/^[mn]/);

    // Nothing watched: the blocks only, without reading a transaction.
    const asked = proxy.calls.length;
    const bare = await reader.scan(from, to, new Set());
    expect(bare).toEqual({ blocks: range.blocks, transfers: [] });
    expect(proxy.calls.slice(asked).map((c) => c.method)).not.toContain('getrawtransaction');
    // Only the unwatched address watched: only its output.
    const onlyUnwatched = await reader.scan(from, to, new Set([unwatched]));
    expect(onlyUnwatched.transfers.map((t) => [t.txHash, t.toAddress, t.amount])).toEqual([
      [many, unwatched, '3.00000000'],
    ]);
  });

  it('keeps matching a watched set that grows between scans (the watcher’s set is one growing Set)', async () => {
    const reader = readerOn();
    const first = reader.deriveAddress(10);
    const added = reader.deriveAddress(11);
    // Not an address, and the same key on another network: never matched.
    const watched = new Set([first, 'not an address', readerOn(DOGE_NETWORKS.mainnet).deriveAddress(11)]);
    await node.send(first, '1');
    await node.send(added, '2');
    await node.mine(1);
    const height = await node.head();
    const before = await reader.scan(height, height, watched);
    expect(before.transfers.map((t) => [t.toAddress, t.amount])).toEqual([[first, '1.00000000']]);
    watched.add(added);
    const after = await reader.scan(height, height, watched);
    expect(after.transfers.map((t) => [t.toAddress, t.amount]).sort()).toEqual(
      [
        [first, '1.00000000'],
        [added, '2.00000000'],
      ].sort(),
    );
  });

  it('finds a coinbase paying a watched address, from no one', async () => {
    const reader = readerOn();
    const miner = reader.deriveAddress(3);
    const [hash] = await node.rpc.call<string[]>('generatetoaddress', [1, miner]);
    const height = await node.head();
    const range = await reader.scan(height, height, new Set([miner]));
    expect(range.transfers).toHaveLength(1);
    expect(range.transfers[0]).toMatchObject({
      toAddress: miner,
      logIndex: 0,
      fromAddress: '',
      blockHash: hash,
    });
    // The subsidy (halved every 150 regtest blocks), to the satoshi, as the node writes it.
    const block = await node.rpc.call<{ tx: string[] }>('getblock', [hash, true]);
    const coinbase = (await verbose(block.tx[0] as string)).vout[0];
    expect(range.transfers[0]?.amount).toBe(coinbase?.value);
    expect(range.transfers[0]?.amount).toMatch(/^\d+\.\d{8}$/);
  });

  it('refuses a range above the head as a race, not a node failure', async () => {
    const reader = readerOn();
    const head = await node.head();
    await expect(reader.scan(head, head + 1, new Set(['x']))).rejects.toBeInstanceOf(ScanRaceError);
    expect(await reader.blockAt(head + 1)).toBeNull();
    expect(await reader.blockAt(head)).toMatchObject({ height: head, hash: await node.blockHash(head) });
  });

  it('follows a reorg (invalidateblock): blockAt answers the new hash, and the payment is found again in its new block', async () => {
    const reader = readerOn();
    const address = reader.deriveAddress(4);
    const watched = new Set([address]);
    const txid = await node.send(address, '7.77777777');
    const [oldHash] = await node.mine(1);
    const height = await node.head();
    const before = await reader.scan(height, height, watched);
    expect(before.transfers.map((t) => [t.txHash, t.blockHash])).toEqual([[txid, oldHash]]);

    await node.invalidate(oldHash as string);
    // A longer chain without the payment (back in the mempool).
    await node.mineEmpty(2);
    const moved = await reader.blockAt(height);
    expect(moved?.hash).not.toBe(oldHash);
    expect(moved?.hash).toBe(await node.blockHash(height));
    expect(moved?.parentHash).toBe((await reader.blockAt(height - 1))?.hash);
    const after = await reader.scan(height, height + 1, watched);
    expect(after.transfers).toEqual([]);
    expect(after.blocks[0]?.hash).toBe(moved?.hash);
    expect(after.blocks[1]?.parentHash).toBe(moved?.hash);

    // Mined again: the same (txid, vout) in its new block.
    await node.mine(1);
    const again = await reader.scan(height + 2, height + 2, watched);
    expect(again.transfers.map((t) => [t.txHash, t.logIndex, t.amount, t.blockHeight])).toEqual([
      [txid, await voutOf(txid, address), '7.77777777', height + 2],
    ]);
    // The old block stays known to the node but is no longer the chain's.
    await node.reconsider(oldHash as string);
    expect((await reader.blockAt(height))?.hash).toBe(moved?.hash);
  });
});

describe('balanceOf', () => {
  it('sums the known outputs the node holds unspent in a block, exactly, at the tip', async () => {
    const reader = readerOn();
    const address = await node.newAddress(); // the node's own, so the test can spend it
    const first = await node.send(address, '0.12345678');
    const second = await node.send(address, '100.00000001');
    await node.mine(1);
    const minedHeight = await node.head();
    const pending = await node.send(address, '5');
    const outputs = await Promise.all(
      [first, second, pending].map(async (txid) => ({
        txid,
        vout: await voutOf(txid, address),
        amount: '0',
      })),
    );
    own.set(address, outputs);
    // The unmined one is not counted; the mined ones to the satoshi.
    expect(await reader.balanceOf(address, 'DOGE')).toBe('100.12345679');
    // No address index, no history: any height answers the tip.
    expect(await reader.balanceOf(address, 'DOGE', minedHeight - 1)).toBe('100.12345679');

    // The node spends the first output (to itself): it leaves the balance once mined.
    const spend = await node.rpc.call<string>('createrawtransaction', [
      [{ txid: first, vout: outputs[0]?.vout }],
      { [await node.newAddress()]: '0.12' },
    ]);
    const signed = await node.rpc.call<{ hex: string }>('signrawtransactionwithwallet', [spend]);
    await node.rpc.call('sendrawtransaction', [signed.hex]);
    await node.mine(1);
    expect(await reader.balanceOf(address, 'DOGE')).toBe('105.00000001');

    expect(await reader.balanceOf(reader.deriveAddress(99), 'DOGE')).toBe('0.00000000');
    await expect(reader.balanceOf(address, 'USDT')).rejects.toThrow(/no coin USDT/);
  });
});

describe('what the adapter asks', () => {
  it('only Dogecoin Core 1.14 calls, in its forms (a boolean verbose for getblock and getrawtransaction)', () => {
    const asked = proxy.calls.filter((call) => !['createwallet'].includes(call.method));
    const methods = new Set(asked.map((call) => call.method));
    // The test's own calls through the proxy are none: the node's helper talks to the node directly.
    expect([...methods].filter((method) => !DOGECOIN_114_READ_CALLS.has(method))).toEqual([]);
    for (const call of asked) {
      if (call.method === 'getblock' || call.method === 'getblockheader') expect(call.params[1]).toBe(true);
      if (call.method === 'getrawtransaction') expect(call.params[1]).toBe(false);
      if (call.method === 'gettxout') expect(call.params[2]).toBe(false);
    }
    expect(methods).toContain('getblock');
    expect(methods).toContain('getrawtransaction');
    expect(methods).toContain('gettxout');
  });
});
