/**
 * Benchmark of the batch withdrawal preview (issue 8): a 10,000-row .xlsx is validated in at most
 * 1.5x the time exceljs alone takes to read the same file.
 *
 * 1. exceljs alone: load the workbook and read every cell of the first sheet;
 * 2. the product's preview of the same bytes through its service function (previewBatchFile:
 *    exceljs reading, the header in any language, every row checked like a single withdrawal
 *    with duplicates, the totals against the balance, the batch stored), in the same process.
 * Each run times both, one after the other (BENCH_RUNS runs after a warm-up); the medians are
 * compared.
 *
 *   npm run bench:batch -w @tollgate/bench
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:batch -w @tollgate/bench
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import ExcelJS from 'exceljs';
import { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config';
import { createDatabase } from '../../apps/server/src/db/client';
import { merchants } from '../../apps/server/src/db/schema';
import { previewBatchFile } from '../../apps/server/src/modules/assets/batch-preview';
import { freshPostgresDatabase } from './bench-kit';

const serverDir = resolve(dirname(fileURLToPath(import.meta.url)), '../../apps/server');
const ROWS = Number(process.env.BENCH_ROWS ?? 10_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const LIMIT = 1.5;
const ADDRESSES = {
  TRON: 'TJCnKsPa7y5okkXvQAidZBzqx3QyQ6sxMW',
  ETH: '0x9858EfFD232B4033E47d90003D41EC34EcaEda94',
  BSC: '0x9858EfFD232B4033E47d90003D41EC34EcaEda94',
  DOGE: 'DBus3bamQjgJULBJtYXpEzDWQRwF5iwxgC',
} as const;

/** Mixed chains and coins, amounts as text, a remark each: what a payroll sheet looks like. */
async function sheet(rows: number): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const ws = workbook.addWorksheet('withdrawals');
  ws.addRow(['Coin', 'Chain', 'Address', 'Amount', 'Remark']);
  const chains = Object.keys(ADDRESSES) as (keyof typeof ADDRESSES)[];
  for (let i = 0; i < rows; i++) {
    const chain = chains[i % chains.length] ?? 'TRON';
    const coin = chain === 'DOGE' ? 'DOGE' : 'USDT';
    ws.addRow([
      coin,
      chain,
      ADDRESSES[chain],
      `${100 + i}.${String(i % 100).padStart(2, '0')}`,
      `payee ${i}`,
    ]);
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

async function readAlone(bytes: Buffer): Promise<number> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ExcelJS.Buffer);
  let cells = 0;
  workbook.worksheets[0]?.eachRow((row) => {
    row.eachCell((cell) => {
      if (cell.value !== null) cells += 1;
    });
  });
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
      },
    ]);
    if (errors !== 0) throw new Error(`the bench sheet should be valid; ${errors} rows in error`);
    const engine = postgres ? 'PostgreSQL server' : 'embedded PGlite';
    const ratio = previewMs / readMs;
    console.log(
      `batch preview of a ${ROWS}-row .xlsx (${(bytes.length / 1024).toFixed(0)} KiB), median of ${RUNS}, ${engine}:`,
    );
    console.log(`  exceljs reading it alone:                        ${readMs.toFixed(0)} ms`);
    console.log(`  the preview (read, check every row, totals, store): ${previewMs.toFixed(0)} ms`);
    console.log(
      `batch preview / exceljs alone: ${ratio.toFixed(2)}x (limit <= ${LIMIT}x) ${ratio <= LIMIT ? 'ok' : 'OVER'}`,
    );
  } finally {
    await app.close();
    await postgres?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
