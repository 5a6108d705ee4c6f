/**
 * Every bench once, with tiny counts, so that none can rot (`npm run bench:smoke`, called by the
 * root `npm test` after the build). Nothing here is a measurement: no ratio is asserted, a bench
 * passes when it runs to its end and exits 0 (the page-weight benches still exit 1 on a page over
 * its limit or another language's chunk, which is not a timing).
 *
 * The benches that need a PostgreSQL server run on a fresh database of TEST_DATABASE_URL's server
 * when it is set (created and dropped here); without it, the records bench runs on PGlite and
 * the others that need a server are skipped with a line saying so. Chromium
 * (/usr/bin/chromium, CHROMIUM_PATH) measures the page weights of the build in apps/*\/dist;
 * without Chromium they are skipped with a line.
 *
 *   npm run build && npm run bench:smoke
 *   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:smoke
 *   BENCH_SMOKE_ONLY=gateway,records npm run bench:smoke
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { freshPostgresDatabase } from './bench-kit';
import { CHROMIUM_PATH } from './web-weight/page-js';

const HERE = dirname(fileURLToPath(import.meta.url));
const ROOT = resolve(HERE, '../..');
const POSTGRES = process.env.TEST_DATABASE_URL;
const ONLY = process.env.BENCH_SMOKE_ONLY?.split(',').map((name) => name.trim());
/** A bench that takes longer than this is stopped and fails the smoke run. */
const TIMEOUT_MS = 180_000;

interface Smoke {
  name: string;
  script: string;
  env: Record<string, string>;
  /** A fresh PostgreSQL database, in this variable, when TEST_DATABASE_URL is set. */
  postgres?: 'DATABASE_URL' | 'BENCH_EXPORT_DATABASE_URL' | 'BENCH_RECORDS_DATABASE_URL';
  /** Without TEST_DATABASE_URL: the reason it is skipped (else it runs on the embedded engine). */
  needsPostgres?: string;
  /** With TEST_DATABASE_URL, these variables are dropped (the embedded engine's settings). */
  embeddedOnly?: string[];
  browser?: boolean;
}

const SMOKES: Smoke[] = [
  {
    name: 'front-get',
    script: 'front-get.ts',
    env: { BENCH_SECONDS: '1', BENCH_ROUNDS: '1', BENCH_WARMUP_SECONDS: '1', BENCH_CONNECTIONS: '2' },
    postgres: 'DATABASE_URL',
  },
  {
    name: 'gateway',
    script: 'gateway.ts',
    env: {
      BENCH_ORDERS: '20',
      BENCH_ROUNDS: '1',
      BENCH_WARMUP: '5',
      BENCH_CALLBACKS: '40',
      BENCH_CALLBACK_ROUNDS: '1',
      BENCH_DELAYS: '5',
      BENCH_CONNECTIONS: '2',
    },
    postgres: 'DATABASE_URL',
  },
  {
    name: 'withdrawals',
    script: 'withdrawals.ts',
    env: { BENCH_WITHDRAWALS: '10', BENCH_ROUNDS: '1', BENCH_WARMUP: '2', BENCH_CONCURRENCY: '2' },
    postgres: 'DATABASE_URL',
  },
  {
    name: 'batch-preview',
    script: 'batch-preview.ts',
    env: { BENCH_ROWS: '50', BENCH_RUNS: '1' },
    postgres: 'DATABASE_URL',
  },
  {
    name: 'records',
    script: 'records.ts',
    env: {
      BENCH_RECORDS_ENGINE: 'pglite',
      BENCH_RECORDS_ROWS: '300',
      BENCH_RECORDS_RUNS: '1',
      BENCH_RECORDS_WARMUP: '1',
    },
    postgres: 'BENCH_RECORDS_DATABASE_URL',
    embeddedOnly: ['BENCH_RECORDS_ENGINE'],
  },
  {
    name: 'exports',
    script: 'exports.ts',
    env: { BENCH_ORDERS: '300', BENCH_FUND_RECORDS: '300', BENCH_ROUNDS: '1' },
    postgres: 'BENCH_EXPORT_DATABASE_URL',
    needsPostgres: 'COPY … TO STDOUT through psql needs a PostgreSQL server',
  },
  {
    // anvil from node_modules, no database.
    name: 'chain-scan',
    script: 'chain-scan.ts',
    env: {
      BENCH_BLOCKS: '5',
      BENCH_TRANSFERS_PER_BLOCK: '4',
      BENCH_WATCHED_SMALL: '10',
      BENCH_WATCHED_LARGE: '100',
      BENCH_WATCHED_SHARE: '0.5',
      BENCH_ROUNDS: '1',
    },
  },
  {
    // litecoind -regtest (Debian's litecoind, as the server tests), no database.
    name: 'doge-scan',
    script: 'doge-scan.ts',
    env: {
      BENCH_BLOCKS: '5',
      BENCH_TXS_PER_BLOCK: '2',
      BENCH_OUTPUTS_PER_TX: '4',
      BENCH_WATCHED_SMALL: '10',
      BENCH_WATCHED_LARGE: '100',
      BENCH_WATCHED_SHARE: '0.5',
      BENCH_ROUNDS: '1',
    },
  },
  {
    name: 'web-weight',
    script: 'web-weight.ts',
    env: { BENCH_WEB_DIST: join(ROOT, 'apps/web/dist'), BENCH_LIGHTHOUSE: '0' },
    browser: true,
  },
  {
    name: 'cashier-weight',
    script: 'cashier-weight.ts',
    env: { BENCH_CASHIER_DIST: join(ROOT, 'apps/cashier/dist') },
    browser: true,
  },
];

function run(script: string, env: Record<string, string>): Promise<number> {
  return new Promise((res) => {
    const child = spawn(process.execPath, ['--import', 'tsx', join(HERE, script)], {
      cwd: join(ROOT, 'bench'),
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    // The benches' tables go to a short tail: the smoke run says whether each ran, not its figures.
    const lines: string[] = [];
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      lines.push(...chunk.split('\n').filter(Boolean));
      lines.splice(0, Math.max(0, lines.length - 3));
    });
    const timer = setTimeout(() => child.kill('SIGTERM'), TIMEOUT_MS);
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      for (const line of lines) console.log(`    ${line}`);
      res(code ?? (signal ? 1 : 0));
    });
  });
}

async function main() {
  for (const dist of [
    'apps/server/dist/server.js',
    'apps/web/dist/index.html',
    'apps/cashier/dist/index.html',
  ]) {
    if (!existsSync(join(ROOT, dist))) throw new Error(`missing ${dist}: run \`npm run build\` first`);
  }
  const failed: string[] = [];
  console.log(
    `bench smoke: tiny counts, no ratio asserted; database: ${POSTGRES ? 'PostgreSQL (TEST_DATABASE_URL)' : 'PGlite'}`,
  );
  for (const smoke of SMOKES) {
    if (ONLY && !ONLY.includes(smoke.name)) continue;
    if (!POSTGRES && smoke.needsPostgres) {
      console.log(`- ${smoke.name}: skipped, ${smoke.needsPostgres} (set TEST_DATABASE_URL)`);
      continue;
    }
    if (smoke.browser && !existsSync(CHROMIUM_PATH)) {
      console.log(`- ${smoke.name}: skipped, no Chromium at ${CHROMIUM_PATH}`);
      continue;
    }
    const env = { ...smoke.env };
    const database = POSTGRES && smoke.postgres ? await freshPostgresDatabase(POSTGRES) : undefined;
    if (database && smoke.postgres) {
      env[smoke.postgres] = database.url;
      for (const name of smoke.embeddedOnly ?? []) delete env[name];
    }
    const started = performance.now();
    try {
      const code = await run(smoke.script, env);
      const seconds = ((performance.now() - started) / 1000).toFixed(0);
      console.log(`- ${smoke.name}: ${code === 0 ? 'ran' : `FAILED (exit ${code})`} in ${seconds} s`);
      if (code !== 0) failed.push(smoke.name);
    } finally {
      await database?.drop();
    }
  }
  if (failed.length > 0) {
    console.error(`bench smoke failed: ${failed.join(', ')}`);
    process.exitCode = 1;
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
