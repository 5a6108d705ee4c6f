/**
 * Benchmark of the batch withdrawal preview (issue 8): a 10,000-row .xlsx is validated in at most
 * 2x the time exceljs's streaming reader takes to read the same file.
 *
 * 1. exceljs alone (the baseline): its streaming read (`stream.xlsx.WorkbookReader`), every cell
 *    of the first sheet read;
 * 2. the product's preview of the same bytes through its service function (previewBatchFile:
 *    the first sheet's values read by modules/assets/xlsx-cells.ts (yauzl and saxes; shared
 *    strings and date styles too), the header in any language, every row checked like a single
 *    withdrawal with duplicates and the totals added up in that pass, the totals against the
 *    balance, the batch stored), in the same process.
 * Every row has its own random address (EVM checksummed by viem, Tron and Dogecoin base58check),
 * so every checksum is verified as in a real payroll file of distinct payees.
 * Each run times both, one after the other (BENCH_RUNS runs after a warm-up); the medians are
 * compared.
 * Then, for information (the issue sets no limit on it), what submitting that batch costs: its
 * rows checked again and frozen in one transaction (freezeWithdrawals: the withdrawal rows and
 * their hash-chained fund records), beside the preview's time.
 *
 *   npm run bench:batch -w @tollgate/bench
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:batch -w @tollgate/bench
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { sha256 } from '@noble/hashes/sha2';
import { createBase58check } from '@scure/base';
import { Address } from '@scure/btc-signer';
import ExcelJS from 'exceljs';
import { getAddress } from 'viem';
import { buildApp } from '../../apps/server/src/app';
import { DOGE_NETWORK } from '../../apps/server/src/chains/addresses';
import { loadConfig } from '../../apps/server/src/config';
import { createDatabase } from '../../apps/server/src/db/client';
import { merchants } from '../../apps/server/src/db/schema';
import { previewBatchFile } from '../../apps/server/src/modules/assets/batch-preview';
import { checkBatchRows } from '../../apps/server/src/modules/assets/batch-rows';
import { freezeWithdrawals } from '../../apps/server/src/modules/assets/withdrawal.service';
import { postFundRecord } from '../../apps/server/src/modules/ledger/post-fund-record';
import { freshPostgresDatabase } from './bench-kit';

const serverDir = resolve(dirname(fileURLToPath(import.meta.url)), '../../apps/server');
const ROWS = Number(process.env.BENCH_ROWS ?? 10_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const LIMIT = 2;
const CHAINS = ['TRON', 'ETH', 'BSC', 'DOGE'] as const;
const tronBase58check = createBase58check(sha256);

/**
 * A distinct valid address for every row (random 20-byte bodies), so nothing remembered per
 * address can flatter the preview: EVM checksummed by viem (mixed case: EIP-55 is verified),
 * Tron as 0x41 + body in base58check (@scure/base, as the server's adapter decodes it), Dogecoin
 * P2PKH through @scure/btc-signer with Dogecoin's version bytes.
 */
function randomAddress(chain: (typeof CHAINS)[number]): string {
  const body = randomBytes(20);
  switch (chain) {
    case 'TRON':
      return tronBase58check.encode(Uint8Array.of(0x41, ...body));
    case 'ETH':
    case 'BSC':
      return getAddress(`0x${body.toString('hex')}`);
    case 'DOGE':
      return Address(DOGE_NETWORK).encode({ type: 'pkh', hash: body });
  }
}

/** Mixed chains and coins, amounts as text, a remark each: what a payroll sheet looks like. */
async function sheet(rows: number): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const ws = workbook.addWorksheet('withdrawals');
  ws.addRow(['Coin', 'Chain', 'Address', 'Amount', 'Remark']);
  for (let i = 0; i < rows; i++) {
    const chain = CHAINS[i % CHAINS.length] ?? 'TRON';
    const coin = chain === 'DOGE' ? 'DOGE' : 'USDT';
    ws.addRow([
      coin,
      chain,
      randomAddress(chain),
      `${100 + i}.${String(i % 100).padStart(2, '0')}`,
      `payee ${i}`,
    ]);
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** exceljs's streaming read of the same file: every row of the first sheet, every cell's value. */
async function readAlone(bytes: Buffer): Promise<number> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([bytes]), {
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    worksheets: 'emit',
  });
  let cells = 0;
  let first = true;
  for await (const sheet of reader) {
    for await (const row of sheet) {
      if (!first) continue; // the other sheets are read through, not counted
      row.eachCell((cell) => {
        if (cell.value !== null) cells += 1;
      });
    }
    first = false;
  }
  return cells;
}

/** Each run times both, one after the other, so a load that comes and goes weighs on both alike. */
async function medians(runs: number, tasks: [() => Promise<unknown>, () => Promise<unknown>]) {
  for (const task of tasks) await task(); // warm-up
  const times: [number[], number[]] = [[], []];
  for (let i = 0; i < runs; i++) {
    for (const [index, task] of tasks.entries()) {
      const started = performance.now();
      await task();
      times[index]?.push(performance.now() - started);
    }
  }
  return times.map((list) => list.sort((a, b) => a - b)[Math.floor(list.length / 2)] ?? 0) as [
    number,
    number,
  ];
}

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'tollgate-bench-batch-'));
  const postgres = process.env.DATABASE_URL
    ? await freshPostgresDatabase(process.env.DATABASE_URL)
    : undefined;
  const config = loadConfig(
    {
      DATA_DIR: dataDir,
      ...(postgres ? { DATABASE_URL: postgres.url } : {}),
      SECRET_KEY: randomBytes(32).toString('base64'),
      NODE_ENV: 'production',
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
      SEED_DEMO: '0',
      DEVNET_BLOCK_MS: '3600000',
      WEB_DIST_DIR: join(dataDir, 'no-web-build'),
      CASHIER_DIST_DIR: join(dataDir, 'no-cashier-build'),
    },
    { cwd: serverDir, repoRoot: null, serverDir },
  );
  const database = await createDatabase(config);
  const app = await buildApp({ config, database });
  await app.ready();
  await app.watcher.stop();
  try {
    const [merchant] = await app.db
      .insert(merchants)
      .values({ email: `bench-${randomBytes(4).toString('hex')}@example.com`, createdAt: app.now() })
      .returning();
    if (!merchant) throw new Error('no merchant');
    const bytes = await sheet(ROWS);
    const deps = { db: app.db, now: app.now, chains: app.chains };
    let errors = -1;
    let lastRows: Awaited<ReturnType<typeof previewBatchFile>>['rows'] = [];
    const [readMs, previewMs] = await medians(RUNS, [
      () => readAlone(bytes),
      async () => {
        const preview = await previewBatchFile(deps, merchant.id, 'en_US', {
          bytes,
          kind: 'xlsx',
          fileKey: `batch/${merchant.id}/bench.xlsx`,
          fileName: 'bench.xlsx',
        });
        errors = preview.errorCount;
        lastRows = preview.rows;
      },
    ]);
    if (errors !== 0) throw new Error(`the bench sheet should be valid; ${errors} rows in error`);
    const engine = postgres ? 'PostgreSQL server' : 'embedded PGlite';
    const ratio = previewMs / readMs;
    console.log(
      `batch preview of a ${ROWS}-row .xlsx (${(bytes.length / 1024).toFixed(0)} KiB), median of ${RUNS}, ${engine}:`,
    );
    console.log(`  exceljs alone (streaming WorkbookReader, every cell): ${readMs.toFixed(0)} ms`);
    console.log(
      `  the preview (lean sheet read, check every row, totals, store): ${previewMs.toFixed(0)} ms`,
    );
    console.log(
      `batch preview / exceljs streaming read: ${ratio.toFixed(2)}x (limit <= ${LIMIT}x) ${ratio <= LIMIT ? 'ok' : 'OVER'}`,
    );

    // Submitting it: enough of each coin, then the rows checked again and frozen in one go.
    for (const coin of ['USDT', 'DOGE']) {
      await app.db.transaction((tx) =>
        postFundRecord(tx, {
          merchantId: merchant.id,
          currency: coin,
          type: 'deposit',
          bucket: 'available',
          change: '1000000000',
          amount: '1000000000',
          fee: '0',
          orderNo: null,
          txHash: null,
          address: null,
          network: null,
          status: 'completed',
          now: app.now(),
        }),
      );
    }
    const started = performance.now();
    const checked = await checkBatchRows(
      { db: app.db, chains: app.chains, whitelist: null },
      lastRows.map((row) => ({
        line: row.line,
        coin: row.coinName,
        chain: row.chainId,
        address: row.address,
        amount: row.amount,
        remark: '',
      })),
      'en_US',
    );
    const frozen = await app.db.transaction((tx) =>
      freezeWithdrawals(
        tx,
        checked.flatMap((row) =>
          row.checked
            ? [{ merchant, checked: row.checked, source: 'batch' as const, test: true, now: app.now() }]
            : [],
        ),
      ),
    );
    const submitMs = performance.now() - started;
    if (frozen.length !== ROWS) throw new Error(`froze ${frozen.length} of ${ROWS} rows`);
    console.log(
      `  for information, submitting it (rows checked again, ${ROWS} withdrawals frozen in one transaction): ${submitMs.toFixed(0)} ms, ${(submitMs / previewMs).toFixed(2)}x the preview`,
    );
  } finally {
    await app.close();
    await postgres?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
