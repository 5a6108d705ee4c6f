import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDogeRpc, type DogeRpc, int } from '../../src/chains/doge/doge-rpc';

/**
 * A real Bitcoin-family node for the Doge adapter's tests: Debian's `litecoind -regtest`
 * (issue 33). Dogecoin and Litecoin both descend from Bitcoin Core; in regtest their JSON-RPC,
 * transaction format, legacy signatures and P2PKH prefix (0x6f) agree. Each call starts its own
 * node on a free RPC port with its own data directory (deleted by `stop()`):
 * - `-vbparams=mweb:-2:0` keeps Litecoin's MWEB extension off (Dogecoin has none; with it, regtest
 *   mining fails after a few hundred blocks);
 * - `-txindex` serves getrawtransaction for any transaction (the adapter relies on it, as on a
 *   Dogecoin node);
 * - `-listen=0`: no peers; `-fallbackfee`: its own wallet pays without fee estimates;
 * - `-mempoolreplacement=1`: BIP 125 replacements relayed, as Dogecoin Core 1.14 does by default.
 * The node's wallet `w` pays the platform's addresses (`send`) and mines (`mine`): at start it
 * mines 150 blocks to itself, so 50 coinbases (2,500 coins) are spendable.
 */
export interface Litecoind {
  /** RPC_URL_DOGE for this node: credentials in the URL. */
  url: string;
  rpc: DogeRpc;
  /** A new legacy (P2PKH) address of the node's wallet. */
  newAddress(): Promise<string>;
  head(): Promise<number>;
  /** Mines `blocks` blocks now, holding the mempool (to the node's wallet); answers their hashes. */
  mine(blocks?: number): Promise<string[]>;
  /** Mines `blocks` blocks holding no transaction (a send left in the mempool stays there: stuck). */
  mineEmpty(blocks?: number): Promise<string[]>;
  /** sendtoaddress from the node's wallet; `amount` a decimal string. Answers the txid. */
  send(address: string, amount: string): Promise<string>;
  /** getreceivedbyaddress (an address of the node's wallet), as the node's decimal string. */
  receivedBy(address: string, minConfirmations?: number): Promise<string>;
  blockHash(height: number): Promise<string>;
  /** invalidateblock: the block and those above it leave the chain (their transactions back to the mempool). */
  invalidate(hash: string): Promise<void>;
  reconsider(hash: string): Promise<void>;
  /** The transactions in the node's mempool. */
  mempool(): Promise<string[]>;
  stop(): Promise<void>;
}

const running = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

/** A port nothing listens on now (the node binds it a moment later). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export async function startLitecoind(options: { args?: string[] } = {}): Promise<Litecoind> {
  const dataDir = mkdtempSync(join(tmpdir(), 'tollgate-litecoind-'));
  const port = await freePort();
  const child = spawn(
    'litecoind',
    [
      '-regtest',
      '-vbparams=mweb:-2:0',
      '-txindex',
      '-server',
      '-listen=0',
      '-printtoconsole=0',
      `-datadir=${dataDir}`,
      `-rpcport=${port}`,
      '-rpcbind=127.0.0.1',
      '-rpcallowip=127.0.0.1',
      '-rpcuser=tollgate',
      '-rpcpassword=regtest',
      '-fallbackfee=0.0002',
      // Dogecoin Core 1.14 relays BIP 125 replacements (DEFAULT_ENABLE_REPLACEMENT = true);
      // Litecoin Core does not unless told: a stuck send's replacement needs it.
      '-mempoolreplacement=1',
      ...(options.args ?? []),
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  running.add(child);
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://tollgate:regtest@127.0.0.1:${port}`;
  const rpc = createDogeRpc(url, { timeoutMs: 30_000 });

  // Ready when it answers (it refuses connections, then answers "warming up", first). Polled
  // here rather than with vitest's vi.waitFor, so the benches (outside vitest) start it too.
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`litecoind exited: ${stderr}`);
    try {
      await rpc.call('getblockchaininfo');
      break;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  await rpc.call('createwallet', ['w']);
  const miner = await rpc.call<string>('getnewaddress', ['', 'legacy']);
  await rpc.call('generatetoaddress', [150, miner]);

  const node: Litecoind = {
    url,
    rpc,
    newAddress: () => rpc.call<string>('getnewaddress', ['', 'legacy']),
    head: async () => int(await rpc.call('getblockcount')),
    mine: (blocks = 1) => rpc.call<string[]>('generatetoaddress', [blocks, miner]),
    async mineEmpty(blocks = 1) {
      const hashes: string[] = [];
      for (let i = 0; i < blocks; i += 1) {
        hashes.push((await rpc.call<{ hash: string }>('generateblock', [miner, []])).hash);
      }
      return hashes;
    },
    send: (address, amount) => rpc.call<string>('sendtoaddress', [address, amount]),
    receivedBy: (address, minConfirmations = 1) =>
      rpc.call<string>('getreceivedbyaddress', [address, minConfirmations]),
    blockHash: (height) => rpc.call<string>('getblockhash', [height]),
    invalidate: async (hash) => {
      await rpc.call('invalidateblock', [hash]);
    },
    reconsider: async (hash) => {
      await rpc.call('reconsiderblock', [hash]);
    },
    mempool: () => rpc.call<string[]>('getrawmempool'),
    async stop() {
      if (child.exitCode === null) {
        await rpc.call('stop').catch(() => undefined);
        const killed = setTimeout(() => child.kill('SIGKILL'), 15_000);
        await exited;
        clearTimeout(killed);
      }
      running.delete(child);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return node;
}
