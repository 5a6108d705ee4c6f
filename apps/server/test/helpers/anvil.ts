import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Address, encodeFunctionData, getAddress, type Hex, hexToBigInt, toHex } from 'viem';

/**
 * A real EVM node for the tests: anvil, from the npm package @foundry-rs/anvil (its binary ships
 * in the platform package @foundry-rs/anvil-<os>-<arch>; nothing is downloaded). Each call
 * starts its own anvil on a free port (anvil picks it: --port 0, and says which), waits for its
 * "Listening on" line, and `stop()` kills it.
 *
 * Its first dev account (the "test … junk" mnemonic, unlocked) deploys, mints and pays; the
 * helpers drive the node through its anvil_* and evm_* methods.
 */
const here = dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);

/** anvil's first dev account: unlocked, 10000 ETH. */
export const ANVIL_FUNDER: Address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
interface CompiledToken {
  abi: readonly unknown[];
  bytecode: Hex;
  compiler: string;
}
const compiledToken = (file: string) =>
  JSON.parse(readFileSync(resolve(here, `../fixtures/evm/${file}`), 'utf8')) as CompiledToken;
export const TEST_TOKEN = compiledToken('TestToken.json');
/** The same token with 18 decimals (BNB Chain's USDT and USDC): the same ABI. */
export const TEST_TOKEN_18 = compiledToken('TestToken18.json');

/** Every anvil still running: killed when the test process exits, should a file end without `stop()`. */
const running = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

export function anvilBinary(): string {
  const arch = process.arch === 'x64' ? 'amd64' : process.arch;
  const name = process.platform === 'win32' ? 'anvil.exe' : 'anvil';
  return require.resolve(`@foundry-rs/anvil-${process.platform}-${arch}/bin/${name}`);
}

export interface AnvilOptions {
  chainId?: number;
  /** Extra command-line arguments (e.g. ['--hardfork', 'berlin'] for a chain without base fee). */
  args?: string[];
}

export interface Anvil {
  url: string;
  chainId: number;
  rpc<T = unknown>(method: string, params?: unknown[]): Promise<T>;
  head(): Promise<number>;
  /** Mines `blocks` blocks now (anvil_mine). */
  mine(blocks?: number): Promise<void>;
  /** evm_setAutomine: off, transactions wait in the mempool until `mine`. */
  setAutomine(on: boolean): Promise<void>;
  /** anvil_reorg: replaces the last `depth` blocks with new ones (holding `txs`, each at its block offset). */
  reorg(depth: number, txs?: [Record<string, unknown>, number][]): Promise<void>;
  dropTransaction(hash: string): Promise<void>;
  setBalance(address: string, wei: bigint): Promise<void>;
  setNextBaseFee(wei: bigint): Promise<void>;
  setCode(address: string, code: Hex): Promise<void>;
  /** A transaction from the funder (unlocked), waited until mined when automine is on; its hash. */
  send(tx: { to: string; value?: bigint; data?: Hex; gas?: bigint }): Promise<Hex>;
  /** Deploys the 6-decimals test token (or its 18-decimals twin); its checksummed address. */
  deployToken(decimals?: 6 | 18): Promise<Address>;
  /** Mints `amount` base units of `token` to `to`. */
  mint(token: string, to: string, amount: bigint): Promise<Hex>;
  /** A token transfer from the funder (who mints to itself first). */
  tokenTransfer(token: string, to: string, amount: bigint): Promise<Hex>;
  receipt(hash: string): Promise<{ status: Hex; blockNumber: Hex; blockHash: Hex } | null>;
  /** Waits until `hash` is in a block (automine answers before it is): its receipt. */
  waitMined(hash: string): Promise<{ status: Hex; blockNumber: Hex; blockHash: Hex }>;
  stop(): Promise<void>;
}

export async function startAnvil(options: AnvilOptions = {}): Promise<Anvil> {
  const chainId = options.chainId ?? 31337;
  const child = spawn(
    anvilBinary(),
    [
      '--port',
      '0',
      '--host',
      '127.0.0.1',
      '--chain-id',
      String(chainId),
      '--accounts',
      '1',
      ...(options.args ?? []),
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  running.add(child);
  child.once('exit', () => running.delete(child));
  const port = await listeningPort(child);
  const url = `http://127.0.0.1:${port}`;
  let id = 0;
  const rpc = async <T>(method: string, params: unknown[] = []): Promise<T> => {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: ++id, method, params }),
    });
    const body = (await response.json()) as { result?: T; error?: { message: string } };
    if (body.error) throw new Error(`${method}: ${body.error.message}`);
    return body.result as T;
  };
  const receipt = (hash: string) =>
    rpc<{ status: Hex; blockNumber: Hex; blockHash: Hex } | null>('eth_getTransactionReceipt', [hash]);
  // With automine on, anvil answers eth_sendTransaction before the block is mined: wait for the
  // receipt (the event itself, asked every few milliseconds) before going on.
  let automine = true;
  const waitMined = async (hash: string) => {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const mined = await receipt(hash);
      if (mined) return mined;
      if (Date.now() > deadline) throw new Error(`${hash} not mined within 10 s`);
      await new Promise((resolveWait) => setTimeout(resolveWait, 5));
    }
  };
  const send = async (tx: { to?: string; value?: bigint; data?: Hex; gas?: bigint }) => {
    const hash = await submit(tx);
    if (automine) await waitMined(hash);
    return hash;
  };
  const submit = async (tx: { to?: string; value?: bigint; data?: Hex; gas?: bigint }) =>
    rpc<Hex>('eth_sendTransaction', [
      {
        from: ANVIL_FUNDER,
        ...(tx.to ? { to: tx.to } : {}),
        ...(tx.value !== undefined ? { value: toHex(tx.value) } : {}),
        ...(tx.data ? { data: tx.data } : {}),
        ...(tx.gas !== undefined ? { gas: toHex(tx.gas) } : {}),
      },
    ]);
  const mint = (token: string, to: string, amount: bigint) =>
    send({
      to: token,
      data: encodeFunctionData({
        abi: TEST_TOKEN.abi,
        functionName: 'mint',
        args: [to as Address, amount],
      }),
    });
  return {
    url,
    chainId,
    rpc,
    head: async () => Number(hexToBigInt(await rpc<Hex>('eth_blockNumber'))),
    mine: async (blocks = 1) => {
      await rpc('anvil_mine', [toHex(blocks)]);
    },
    setAutomine: async (on) => {
      await rpc('evm_setAutomine', [on]);
      automine = on;
    },
    waitMined,
    reorg: async (depth, txs = []) => {
      await rpc('anvil_reorg', [depth, txs]);
    },
    dropTransaction: async (hash) => {
      await rpc('anvil_dropTransaction', [hash]);
    },
    setBalance: async (address, wei) => {
      await rpc('anvil_setBalance', [address, toHex(wei)]);
    },
    setNextBaseFee: async (wei) => {
      await rpc('anvil_setNextBlockBaseFeePerGas', [toHex(wei)]);
    },
    setCode: async (address, code) => {
      await rpc('anvil_setCode', [address, code]);
    },
    send,
    async deployToken(decimals = 6) {
      const hash = await send({ data: (decimals === 18 ? TEST_TOKEN_18 : TEST_TOKEN).bytecode });
      const mined = await rpc<{ contractAddress: Hex; status: Hex } | null>('eth_getTransactionReceipt', [
        hash,
      ]);
      if (mined?.status !== '0x1') throw new Error('the test token did not deploy (automine off?)');
      return getAddress(mined.contractAddress);
    },
    mint,
    async tokenTransfer(token, to, amount) {
      await mint(token, ANVIL_FUNDER, amount);
      return send({
        to: token,
        data: encodeFunctionData({
          abi: TEST_TOKEN.abi,
          functionName: 'transfer',
          args: [to as Address, amount],
        }),
      });
    },
    receipt,
    stop: () => stopChild(child),
  };
}

/** The port from anvil's "Listening on 127.0.0.1:<port>" line; its output if it exits first. */
function listeningPort(child: ChildProcess): Promise<number> {
  return new Promise((resolvePort, reject) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Listening on [\d.]+:(\d+)/.exec(output);
      if (match) {
        child.stdout?.off('data', onData);
        child.stdout?.resume(); // keep draining, or anvil blocks on a full pipe
        resolvePort(Number(match[1]));
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.once('exit', (code) => reject(new Error(`anvil exited (${code}) before listening:\n${output}`)));
    child.once('error', reject);
  });
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolveExit) => child.once('exit', () => resolveExit()));
  child.kill('SIGTERM');
  await exited;
}
