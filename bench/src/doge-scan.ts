/**
 * Benchmark of the live Doge adapter's scan (issue 33) against a real node: litecoind -regtest
 * (standing in for Dogecoin Core 1.14), started by the server tests' harness
 * (apps/server/test/helpers/litecoind.ts), with -txindex.
 *
 * Setup: BENCH_BLOCKS blocks (500: one of the watcher's ranges), each holding
 * BENCH_TXS_PER_BLOCK (4) transactions of the node's wallet (`sendmany`, one JSON-RPC batch a
 * block, then one block mined) with BENCH_OUTPUTS_PER_TX (10) outputs each, to fresh random P2PKH
 * addresses, except a share (BENCH_WATCHED_SHARE, 0.1) to addresses of the watched set; plus each
 * transaction's change and each block's coinbase.
 *
 * Measured, in the watcher's ranges (BENCH_SCAN_RANGE, 500 blocks a scan), blocks per second of:
 * 1. `reader.scan(from, to, watched)` (createDogeReader, as the live registry builds it) with
 *    BENCH_WATCHED_SMALL (1,000) watched addresses;
 * 2. the same with BENCH_WATCHED_LARGE (100,000): the 1,000 and 99,000 more. Target:
 *    rate(100k) / rate(1k) >= 0.9x, the matching does not grow with the set;
 * 3. the bare JSON-RPC calls of the same ranges through plain fetch in the same process:
 *    getblockhash, getblock(hash, true) and getrawtransaction of every transaction, in batches
 *    of 100 with as many in flight as the adapter, each answer parsed (JSON.parse), no decoding.
 *    Target: adapter (1,000 watched) / bare >= 0.5x.
 * BENCH_ROUNDS rounds (7) after a warm-up one; each round runs the three in an order that turns
 * from round to round. The ratios are the medians of each round's ratio, the rates medians.
 * Every scan's transfers are checked against the outputs paid to watched addresses (the bench
 * stops on a difference), and the bare calls against the transaction count. The timings are
 * printed, never asserted. The node runs on the same machine: the figures are its work and ours.
 *
 * BENCH_CPU_PROFILE=<file.cpuprofile> writes a CPU profile of the first measured round's scan
 * (1,000 watched).
 *
 *   npm run bench:doge-scan
 *   BENCH_BLOCKS=500 BENCH_ROUNDS=7 npm run bench:doge-scan
 */
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { Address } from '@scure/btc-signer';
import { createDogeReader } from '../../apps/server/src/chains/doge/doge-adapter';
import { DOGE_NETWORKS } from '../../apps/server/src/chains/doge/doge-network';
import { createHdWallet } from '../../apps/server/src/chains/hd-wallet';
import { startLitecoind } from '../../apps/server/test/helpers/litecoind';
import { machineBusyMs } from './bench-kit';

const BLOCKS = Number(process.env.BENCH_BLOCKS ?? 500);
const TXS_PER_BLOCK = Number(process.env.BENCH_TXS_PER_BLOCK ?? 4);
const OUTPUTS_PER_TX = Number(process.env.BENCH_OUTPUTS_PER_TX ?? 10);
const SMALL = Number(process.env.BENCH_WATCHED_SMALL ?? 1_000);
const LARGE = Number(process.env.BENCH_WATCHED_LARGE ?? 100_000);
const SHARE = Number(process.env.BENCH_WATCHED_SHARE ?? 0.1);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);
/** The watcher's range a pass (MAX_BLOCKS_PER_SCAN in modules/watcher/collection-watcher.ts). */
const SCAN_RANGE = Number(process.env.BENCH_SCAN_RANGE ?? 500);
/** The reader's JSON-RPC batches in flight (createDogeReader's default, which the registry keeps). */
const CONCURRENCY = 4;
const BATCH = 100;
const LARGE_TARGET = 0.9;
const BARE_TARGET = 0.5;
const MNEMONIC = 'test test test test test test test test test test test junk';
const regtest = DOGE_NETWORKS.regtest;

/** A fresh P2PKH address on regtest: a random key hash, never spent. */
const addressCoder = Address(regtest.params);
const randomAddress = () => addressCoder.encode({ type: 'pkh', hash: randomBytes(20) });

async function main() {
  if (LARGE < SMALL) throw new Error('BENCH_WATCHED_LARGE must hold BENCH_WATCHED_SMALL');
  const node = await startLitecoind();
  try {
    // -- the chain --------------------------------------------------------------------------
    const setupStarted = performance.now();
    const small = Array.from({ length: SMALL }, randomAddress);
    const smallSet = new Set(small);
    const largeSet = new Set(small);
    while (largeSet.size < LARGE) largeSet.add(randomAddress());

    const from = (await node.head()) + 1;
    /** `${txid}:${address}` of every output paid to a watched address. */
    const expected = new Set<string>();
    for (let b = 0; b < BLOCKS; b++) {
      const payments = Array.from({ length: TXS_PER_BLOCK }, () => {
        const outputs: Record<string, string> = {};
        const watched: string[] = [];
        while (Object.keys(outputs).length < OUTPUTS_PER_TX) {
          const isWatched = Math.random() < SHARE;
          const to = isWatched
            ? (small[Math.floor(Math.random() * small.length)] as string)
            : randomAddress();
          if (to in outputs) continue;
          outputs[to] = `0.${String(100_000 + Math.floor(Math.random() * 900_000)).padStart(8, '0')}`;
          if (isWatched) watched.push(to);
        }
        return { outputs, watched };
      });
      const txids = await node.rpc.batch<string>(
        'sendmany',
        payments.map(({ outputs }) => ['', outputs]),
      );
      for (const [i, txid] of txids.entries()) {
        for (const address of payments[i]?.watched ?? []) expected.add(`${txid}:${address}`);
      }
      await node.mine(1);
    }
    const to = await node.head();
    if (to !== from + BLOCKS - 1) throw new Error(`mined up to ${to}, expected ${from + BLOCKS - 1}`);
    const setupSeconds = (performance.now() - setupStarted) / 1000;

    // -- the three ways of reading it -------------------------------------------------------
    const ranges: [number, number][] = [];
    for (let start = from; start <= to; start += SCAN_RANGE)
      ranges.push([start, Math.min(to, start + SCAN_RANGE - 1)]);
    const transactions = BLOCKS * (TXS_PER_BLOCK + 1); // with each block's coinbase

    const reader = createDogeReader({
      rpcUrl: node.url,
      network: regtest,
      confirmations: 6,
      wallet: createHdWallet(MNEMONIC),
      outputsOf: async () => [],
    });
    await reader.checkNode();

    const scanAll = async (watched: ReadonlySet<string>) => {
      const found = new Set<string>();
      for (const [start, end] of ranges) {
        const range = await reader.scan(start, end, watched);
        if (range.blocks.length !== end - start + 1) throw new Error(`scan ${start}..${end}: blocks missing`);
        for (const transfer of range.transfers) found.add(`${transfer.txHash}:${transfer.toAddress}`);
      }
      if (found.size !== expected.size || [...expected].some((key) => !found.has(key))) {
        throw new Error(
          `the scan found ${found.size} outputs to watched addresses, ${expected.size} were paid`,
        );
      }
    };

    // Plain fetch with basic auth, JSON.parse: the calls the reader makes, nothing decoded.
    const target = new URL(node.url);
    const authorization = `Basic ${Buffer.from(`${target.username}:${target.password}`).toString('base64')}`;
    target.username = '';
    target.password = '';
    let rpcId = 0;
    const bareBatch = async <T>(method: string, paramsList: unknown[][]): Promise<T[]> => {
      const chunks: unknown[][][] = [];
      for (let i = 0; i < paramsList.length; i += BATCH) chunks.push(paramsList.slice(i, i + BATCH));
      const results: T[][] = new Array(chunks.length);
      let next = 0;
      const worker = async () => {
        while (next < chunks.length) {
          const index = next++;
          const body = (chunks[index] ?? []).map((params) => ({
            jsonrpc: '1.0',
            id: ++rpcId,
            method,
            params,
          }));
          const response = await fetch(target, {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization },
            body: JSON.stringify(body),
          });
          const answers = (await response.json()) as { id: number; result: T; error: unknown }[];
          if (answers.some((answer) => answer.error)) throw new Error(`${method}: an error in the batch`);
          answers.sort((x, y) => x.id - y.id);
          results[index] = answers.map((answer) => answer.result);
        }
      };
      await Promise.all(Array.from({ length: Math.min(CONCURRENCY, chunks.length) }, worker));
      return results.flat();
    };
    const bareAll = async () => {
      let read = 0;
      for (const [start, end] of ranges) {
        const heights = Array.from({ length: end - start + 1 }, (_, i) => [start + i]);
        const hashes = await bareBatch<string>('getblockhash', heights);
        const blocks = await bareBatch<{ tx: string[] }>(
          'getblock',
          hashes.map((hash) => [hash, true]),
        );
        const raws = await bareBatch<string>(
          'getrawtransaction',
          blocks.flatMap((block) => block.tx.map((txid) => [txid, false])),
        );
        read += raws.length;
      }
      if (read !== transactions) throw new Error(`bare calls read ${read} transactions, not ${transactions}`);
    };

    const ways = [
      { name: `reader.scan, ${SMALL.toLocaleString('en')} watched`, run: () => scanAll(smallSet) },
      { name: `reader.scan, ${LARGE.toLocaleString('en')} watched`, run: () => scanAll(largeSet) },
      { name: 'bare getblockhash + getblock + getrawtransaction (fetch)', run: bareAll },
    ];
    for (const way of ways) await way.run(); // warm-up, and every way checked once
    const seconds: number[][] = ways.map(() => []);
    const cpuMs: number[][] = ways.map(() => []);
    const profiler = process.env.BENCH_CPU_PROFILE ? new Session() : undefined;
    if (profiler) {
      profiler.connect();
      await profiler.post('Profiler.enable');
    }
    const loadBefore = loadavg()[0] ?? 0;
    const busyBefore = machineBusyMs();
    const measureStarted = performance.now();
    for (let round = 0; round < ROUNDS; round++) {
      for (let k = 0; k < ways.length; k++) {
        const index = (round + k) % ways.length;
        const profiling = profiler && round === 0 && index === 0;
        if (profiling) await profiler.post('Profiler.start');
        const cpu = process.cpuUsage();
        const started = performance.now();
        await ways[index]?.run();
        seconds[index]?.push((performance.now() - started) / 1000);
        const used = process.cpuUsage(cpu);
        cpuMs[index]?.push((used.user + used.system) / 1000);
        if (profiling) {
          const { profile } = await profiler.post('Profiler.stop');
          writeFileSync(process.env.BENCH_CPU_PROFILE as string, JSON.stringify(profile));
        }
      }
    }
    const wallMs = performance.now() - measureStarted;
    const busyShare = (machineBusyMs() - busyBefore) / wallMs / 2;
    const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)] ?? 0;
    const rates = seconds.map((list) => BLOCKS / median(list));
    const [smallRate = 0, largeRate = 0, bareRate = 0] = rates;

    console.log(
      `doge scan on litecoind -regtest: ${BLOCKS} blocks of ${TXS_PER_BLOCK} transactions with ${OUTPUTS_PER_TX} outputs (and a coinbase), ${expected.size} outputs to watched addresses; scans of ${SCAN_RANGE} blocks, ${CONCURRENCY} batches of ${BATCH} in flight; median of ${ROUNDS} rounds`,
    );
    console.log(
      `  setup ${setupSeconds.toFixed(1)} s; load average ${loadBefore.toFixed(2)} before, machine busy ${(busyShare * 100).toFixed(0)} % of 2 cores while measuring`,
    );
    for (const [i, way] of ways.entries()) {
      const each = (seconds[i] ?? []).map((s) => (BLOCKS / s).toFixed(0)).join(', ');
      const cpuPerBlock = median(cpuMs[i] ?? []) / BLOCKS;
      console.log(
        `  ${way.name}: ${(rates[i] ?? 0).toFixed(0)} blocks/s (rounds: ${each}); this process's CPU ${cpuPerBlock.toFixed(2)} ms a block`,
      );
    }
    const perRound = (over: number, under: number) =>
      (seconds[under] ?? []).map((s, round) => s / (seconds[over]?.[round] ?? Number.NaN));
    const largeRatios = perRound(1, 0);
    const bareRatios = perRound(0, 2);
    const largeRatio = median(largeRatios);
    const bareRatio = median(bareRatios);
    const listed = (list: number[]) => list.map((ratio) => ratio.toFixed(2)).join(', ');
    const cpu = cpuMs.map((list) => median(list));
    console.log(
      `  this process's CPU a block, which the node's load does not move: ${LARGE.toLocaleString('en')} / ${SMALL.toLocaleString('en')} watched ${((cpu[1] ?? 0) / (cpu[0] ?? 1)).toFixed(2)}x, reader / bare ${((cpu[0] ?? 0) / (cpu[2] ?? 1)).toFixed(2)}x`,
    );
    console.log(
      `  rates' medians: ${(largeRate / smallRate).toFixed(2)}x and ${(smallRate / bareRate).toFixed(2)}x; each round's ratios: ${listed(largeRatios)} and ${listed(bareRatios)}`,
    );
    console.log(
      `scan ${LARGE.toLocaleString('en')} / ${SMALL.toLocaleString('en')} watched: ${largeRatio.toFixed(2)}x (target >= ${LARGE_TARGET}x) ${largeRatio >= LARGE_TARGET ? 'ok' : 'UNDER'}`,
    );
    console.log(
      `reader.scan / bare RPC calls: ${bareRatio.toFixed(2)}x (target >= ${BARE_TARGET}x) ${bareRatio >= BARE_TARGET ? 'ok' : 'UNDER'}`,
    );
    profiler?.disconnect();
    await reader.close();
  } finally {
    await node.stop();
  }
}

await main();
