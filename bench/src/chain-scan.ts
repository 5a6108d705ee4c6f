/**
 * Benchmark of the live EVM adapter's scan (issue 32 §6) against a real node: anvil, from the npm
 * package @foundry-rs/anvil, started by the server tests' harness (apps/server/test/helpers/anvil.ts).
 *
 * Setup: two 6-decimals test tokens (USDT and USDC), a few funded senders (impersonated), then
 * BENCH_BLOCKS blocks (1000: two of the watcher's ranges) of BENCH_TRANSFERS_PER_BLOCK transfers
 * (20) each, mined with automine off (one JSON-RPC batch of eth_sendTransaction a block, then
 * evm_mine; no sleeps): half token transfers (the two tokens alternating), half native ones, to
 * fresh random addresses, except a share (BENCH_WATCHED_SHARE, 0.1) to addresses of the watched
 * set. Fresh addresses, as on a real chain: with fewer than about 8,000 distinct ones (300 blocks)
 * viem's cache of checksummed addresses (8,192) would hold them all after the warm-up, and the
 * scan would never hash one.
 *
 * Measured, in the watcher's ranges (MAX_BLOCKS_PER_SCAN, 500 blocks a scan), blocks per second of:
 * 1. `adapter.scan(from, to, watched)` (createEvmAdapter, as the live registry builds it) with
 *    BENCH_WATCHED_SMALL (1,000) watched addresses,
 * 2. the same with BENCH_WATCHED_LARGE (100,000): the 1,000 and 99,000 more, every one
 *    checksummed as the watcher's set holds them. Target: rate(100k) / rate(1k) >= 0.9x, the
 *    matching does not grow with the list;
 * 3. the bare JSON-RPC calls of the same ranges through plain fetch in the same process: every
 *    block with its transactions (eth_getBlockByNumber, as many in flight as the adapter's
 *    concurrency) beside the token contracts' Transfer logs (eth_getLogs), each answer parsed.
 *    Target: adapter (1,000 watched) / bare >= 0.5x.
 * BENCH_ROUNDS rounds (7) after a warm-up one; each round runs the three, in an order that turns
 * from round to round, so a load that comes and goes weighs on all alike. The ratios are the
 * medians of each round's ratio (the two runs of a round are back to back), the rates medians.
 * Every scan's transfers are checked against what was sent to the watched addresses (the bench
 * stops on a difference), and the bare calls against the blocks' and logs' counts.
 * The timings are printed, never asserted. anvil runs on the same machine: the figures are
 * the node's work and ours together.
 *
 * Each way's CPU time in this process (process.cpuUsage) is printed a block: what is not ours
 * is the node's. BENCH_CPU_PROFILE=<file.cpuprofile> writes a CPU profile of the first measured
 * round's adapter scan (1,000 watched), and <file>.bare.cpuprofile of its bare calls.
 *
 *   npm run bench:chain-scan
 *   BENCH_BLOCKS=1000 BENCH_ROUNDS=7 npm run bench:chain-scan
 */
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { type Address, encodeFunctionData, getAddress, type Hex, parseEther, toHex } from 'viem';
import { createEvmAdapter } from '../../apps/server/src/chains/evm/evm-adapter';
import { mapLimit } from '../../apps/server/src/chains/evm/evm-rpc';
import { createHdWallet } from '../../apps/server/src/chains/hd-wallet';
import { createLocalSigner } from '../../apps/server/src/chains/signer';
import { startAnvil, TEST_TOKEN } from '../../apps/server/test/helpers/anvil';
import { machineBusyMs } from './bench-kit';

const BLOCKS = Number(process.env.BENCH_BLOCKS ?? 1000);
const PER_BLOCK = Number(process.env.BENCH_TRANSFERS_PER_BLOCK ?? 20);
const SMALL = Number(process.env.BENCH_WATCHED_SMALL ?? 1_000);
const LARGE = Number(process.env.BENCH_WATCHED_LARGE ?? 100_000);
const SHARE = Number(process.env.BENCH_WATCHED_SHARE ?? 0.1);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);
/** The watcher's range a pass (MAX_BLOCKS_PER_SCAN in modules/orders/collection-watcher.ts). */
const SCAN_RANGE = Number(process.env.BENCH_SCAN_RANGE ?? 500);
/** The adapter's block requests in flight (createEvmAdapter's default, which the registry keeps). */
const CONCURRENCY = 8;
const SENDERS = 4;
const LARGE_TARGET = 0.9;
const BARE_TARGET = 0.5;
const TRANSFER_TOPIC = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';
const MNEMONIC = 'test test test test test test test test test test test junk';

const randomAddress = () => getAddress(`0x${randomBytes(20).toString('hex')}`);

interface Sent {
  hash: Hex;
  height: number;
  to: Address;
  watched: boolean;
}

async function main() {
  if (LARGE < SMALL) throw new Error('BENCH_WATCHED_LARGE must hold BENCH_WATCHED_SMALL');
  const anvil = await startAnvil();
  try {
    // -- the chain --------------------------------------------------------------------------
    const setupStarted = performance.now();
    const usdt = await anvil.deployToken();
    const usdc = await anvil.deployToken();
    const senders = Array.from({ length: SENDERS }, randomAddress);
    await anvil.rpc('anvil_autoImpersonateAccount', [true]);
    for (const sender of senders) {
      await anvil.setBalance(sender, parseEther('1000000'));
      for (const token of [usdt, usdc]) await anvil.mint(token, sender, 10n ** 18n);
    }
    const small = Array.from({ length: SMALL }, randomAddress);
    const smallSet = new Set(small);
    const largeSet = new Set(small);
    while (largeSet.size < LARGE) largeSet.add(randomAddress());

    await anvil.setAutomine(false);
    const nonces = new Map(senders.map((sender) => [sender, 0]));
    const noncesAt = await Promise.all(
      senders.map((sender) => anvil.rpc<Hex>('eth_getTransactionCount', [sender, 'latest'])),
    );
    for (const [i, sender] of senders.entries()) nonces.set(sender, Number(noncesAt[i]));
    const from = (await anvil.head()) + 1;
    const sent: Sent[] = [];
    let tokenTransfers = 0;
    let batchId = 0;
    for (let b = 0; b < BLOCKS; b++) {
      const height = from + b;
      const txs = Array.from({ length: PER_BLOCK }, (_, i) => {
        const sender = senders[(b * PER_BLOCK + i) % SENDERS] as Address;
        const nonce = nonces.get(sender) ?? 0;
        nonces.set(sender, nonce + 1);
        const watched = Math.random() < SHARE;
        const to = watched ? (small[Math.floor(Math.random() * small.length)] as Address) : randomAddress();
        const base = {
          from: sender,
          nonce: toHex(nonce),
          maxFeePerGas: toHex(100_000_000_000n),
          maxPriorityFeePerGas: toHex(1_000_000_000n),
        };
        const isToken = i % 2 === 0;
        if (isToken) tokenTransfers += 1;
        const tx = isToken
          ? {
              ...base,
              to: i % 4 === 0 ? usdt : usdc,
              gas: toHex(100_000),
              data: encodeFunctionData({
                abi: TEST_TOKEN.abi,
                functionName: 'transfer',
                args: [to, BigInt(1 + Math.floor(Math.random() * 1_000_000_000))],
              }),
            }
          : { ...base, to, gas: toHex(21_000), value: toHex(BigInt(1 + Math.floor(Math.random() * 1e15))) };
        return { tx, to, watched };
      });
      const response = await fetch(anvil.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(
          txs.map(({ tx }) => ({
            jsonrpc: '2.0',
            id: ++batchId,
            method: 'eth_sendTransaction',
            params: [tx],
          })),
        ),
      });
      const answers = (await response.json()) as { id: number; result?: Hex; error?: { message: string } }[];
      answers.sort((x, y) => x.id - y.id);
      for (const [i, answer] of answers.entries()) {
        if (!answer.result) throw new Error(`eth_sendTransaction: ${answer.error?.message ?? 'no answer'}`);
        const { to, watched } = txs[i] as (typeof txs)[number];
        sent.push({ hash: answer.result, height, to, watched });
      }
      await anvil.rpc('evm_mine');
    }
    await anvil.setAutomine(true);
    const to = await anvil.head();
    if (to !== from + BLOCKS - 1) throw new Error(`mined up to ${to}, expected ${from + BLOCKS - 1}`);
    const last = await anvil.rpc<{ transactions: Hex[] }>('eth_getBlockByNumber', [toHex(to), false]);
    if (last.transactions.length !== PER_BLOCK) {
      throw new Error(`the last block holds ${last.transactions.length} transactions, not ${PER_BLOCK}`);
    }
    const setupSeconds = (performance.now() - setupStarted) / 1000;

    // -- the three ways of reading it -------------------------------------------------------
    const ranges: [number, number][] = [];
    for (let start = from; start <= to; start += SCAN_RANGE)
      ranges.push([start, Math.min(to, start + SCAN_RANGE - 1)]);
    const expected = new Set(sent.filter((one) => one.watched).map((one) => one.hash));

    const adapter = createEvmAdapter({
      chainId: 'ETH',
      rpcUrl: anvil.url,
      expectedChainId: anvil.chainId,
      coins: [
        { coinName: 'ETH', decimals: 18, contract: null },
        { coinName: 'USDT', decimals: 6, contract: usdt },
        { coinName: 'USDC', decimals: 6, contract: usdc },
      ],
      confirmations: 12,
      wallet: createHdWallet(MNEMONIC),
      signer: createLocalSigner(MNEMONIC),
    });
    await adapter.checkNode();

    const scanAll = async (watched: ReadonlySet<string>) => {
      const found = new Set<string>();
      for (const [start, end] of ranges) {
        const range = await adapter.scan(start, end, watched);
        if (range.blocks.length !== end - start + 1) throw new Error(`scan ${start}..${end}: blocks missing`);
        for (const transfer of range.transfers) found.add(transfer.txHash);
      }
      if (found.size !== expected.size || [...expected].some((hash) => !found.has(hash))) {
        throw new Error(
          `the scan found ${found.size} transfers to watched addresses, ${expected.size} were sent`,
        );
      }
    };

    let rpcId = 0;
    const bare = async <T>(method: string, params: unknown[]): Promise<T> => {
      const response = await fetch(anvil.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: ++rpcId, method, params }),
      });
      const body = (await response.json()) as { result?: T; error?: { message: string } };
      if (body.error || body.result === undefined) throw new Error(`${method}: ${body.error?.message}`);
      return body.result;
    };
    const bareAll = async () => {
      let transactions = 0;
      let logs = 0;
      for (const [start, end] of ranges) {
        const heights = Array.from({ length: end - start + 1 }, (_, i) => start + i);
        const [blocks, rangeLogs] = await Promise.all([
          mapLimit(heights, CONCURRENCY, (height) =>
            bare<{ transactions: unknown[] }>('eth_getBlockByNumber', [toHex(height), true]),
          ),
          bare<unknown[]>('eth_getLogs', [
            { fromBlock: toHex(start), toBlock: toHex(end), address: [usdt, usdc], topics: [TRANSFER_TOPIC] },
          ]),
        ]);
        for (const block of blocks) transactions += block.transactions.length;
        logs += rangeLogs.length;
      }
      if (transactions !== BLOCKS * PER_BLOCK || logs !== tokenTransfers) {
        throw new Error(`bare calls read ${transactions} transactions and ${logs} logs`);
      }
    };

    const ways = [
      { name: `adapter.scan, ${SMALL.toLocaleString('en')} watched`, run: () => scanAll(smallSet) },
      { name: `adapter.scan, ${LARGE.toLocaleString('en')} watched`, run: () => scanAll(largeSet) },
      { name: 'bare eth_getBlockByNumber + eth_getLogs (fetch)', run: bareAll },
    ];
    for (const way of ways) await way.run(); // warm-up, and every way checked once
    const seconds: number[][] = ways.map(() => []);
    const cpuMs: number[][] = ways.map(() => []);
    const profiled = [0, 2];
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
        const profiling = profiler && round === 0 && profiled.includes(index);
        if (profiling) await profiler.post('Profiler.start');
        const cpu = process.cpuUsage();
        const started = performance.now();
        await ways[index]?.run();
        seconds[index]?.push((performance.now() - started) / 1000);
        const used = process.cpuUsage(cpu);
        cpuMs[index]?.push((used.user + used.system) / 1000);
        if (profiling) {
          const { profile } = await profiler.post('Profiler.stop');
          const file = process.env.BENCH_CPU_PROFILE as string;
          writeFileSync(index === 0 ? file : `${file}.bare.cpuprofile`, JSON.stringify(profile));
        }
      }
    }
    const wallMs = performance.now() - measureStarted;
    const busyShare = (machineBusyMs() - busyBefore) / wallMs / 2;
    const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)] ?? 0;
    const rates = seconds.map((list) => BLOCKS / median(list));
    const [smallRate = 0, largeRate = 0, bareRate = 0] = rates;

    console.log(
      `chain scan on anvil: ${BLOCKS} blocks of ${PER_BLOCK} transfers (half token, half native), ${expected.size} to watched addresses; scans of ${SCAN_RANGE} blocks, ${CONCURRENCY} block requests in flight; median of ${ROUNDS} rounds`,
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
    // Each round's ratio of two runs back to back, then their median: a load that moves between
    // rounds weighs on both runs of a round alike.
    const perRound = (over: number, under: number) =>
      (seconds[under] ?? []).map((s, round) => s / (seconds[over]?.[round] ?? Number.NaN));
    const largeRatios = perRound(1, 0);
    const bareRatios = perRound(0, 2);
    const largeRatio = median(largeRatios);
    const bareRatio = median(bareRatios);
    const listed = (list: number[]) => list.map((ratio) => ratio.toFixed(2)).join(', ');
    const cpu = cpuMs.map((list) => median(list));
    console.log(
      `  this process's CPU a block, which the node's load does not move: ${LARGE.toLocaleString('en')} / ${SMALL.toLocaleString('en')} watched ${((cpu[1] ?? 0) / (cpu[0] ?? 1)).toFixed(2)}x, adapter / bare ${((cpu[0] ?? 0) / (cpu[2] ?? 1)).toFixed(2)}x`,
    );
    console.log(
      `  rates' medians: ${(largeRate / smallRate).toFixed(2)}x and ${(smallRate / bareRate).toFixed(2)}x; each round's ratios: ${listed(largeRatios)} and ${listed(bareRatios)}`,
    );
    console.log(
      `scan ${LARGE.toLocaleString('en')} / ${SMALL.toLocaleString('en')} watched: ${largeRatio.toFixed(2)}x (target >= ${LARGE_TARGET}x) ${largeRatio >= LARGE_TARGET ? 'ok' : 'UNDER'}`,
    );
    console.log(
      `adapter.scan / bare RPC calls: ${bareRatio.toFixed(2)}x (target >= ${BARE_TARGET}x) ${bareRatio >= BARE_TARGET ? 'ok' : 'UNDER'}`,
    );
    profiler?.disconnect();
    await adapter.close();
  } finally {
    await anvil.stop();
  }
}

await main();
