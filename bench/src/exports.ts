import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { machineBusyMs } from './bench-kit';
import { freePort, startProcess, stopProcess, waitForHealth } from './processes';
import { ensureDatabase, seedAtScale } from './scale-seed';

/**
 * Exports at scale (issue 9): the production server on a PostgreSQL database of its own
 * (BENCH_EXPORT_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/tollgate_bench, created
 * if missing), the demo merchant seeded with 1,000,000 collection orders and 3,000,000 fund
 * records spread over two years and three applications (seedAtScale: generate_series in SQL,
 * skipped when already there, in scale-seed.ts: the records-at-scale bench reuses it). Then, for CSV and
 * XLSX, the export of the 1M orders through the real calls (POST /front/export makes a job of
 * them, polled on /front/export/status until done) beside `COPY (the same rows) TO STDOUT`
 * through psql, the ratio (target <= 3x, XLSX held to CSV's), and the server's RSS growth during the export
 * (sampled from /proc every 50 ms; target <= 100 MB). BENCH_COMPARE_SERVER=<another build's server.js>
 * runs a second server on the same database and measures both builds in the same rounds. BENCH_ROUNDS rounds (3), each the COPY
 * then each format's export, with each round's ratio and the median round's. Each part also
 * prints the whole machine's CPU time it took, and the median round's ratio of the export's to
 * the COPY's: steadier than the durations on a machine shared with other work.
 */
const ROOT = resolve(fileURLToPath(import.meta.url), '../../..');
const SERVER = join(ROOT, 'apps/server/dist/server.js');
const DATABASE_URL =
  process.env.BENCH_EXPORT_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/tollgate_bench';
// A fixed key: the bench database keeps what it sealed (the demo's secrets) from one run to the next.
const SECRET_KEY = Buffer.alloc(32, 0x42).toString('base64');
const ORDERS = Number(process.env.BENCH_ORDERS || 1_000_000);
const FUND_RECORDS = Number(process.env.BENCH_FUND_RECORDS || 3_000_000);
const FORMATS = (process.env.BENCH_FORMATS || 'csv,xlsx').split(',') as ('csv' | 'xlsx')[];
const ROUNDS = Number(process.env.BENCH_ROUNDS || 3);
const TARGET = 3;

/** The same rows and columns as the collection export, as PostgreSQL writes them itself. */
function copySql(merchantId: number) {
  return `copy (select o.order_no, o.merchant_order_no, a.name, o.currency, o.network, trim_scale(o.amount),
      trim_scale(o.paid_amount), trim_scale(o.fee), o.status, o.exception, o.pay_address,
      o.tx_hash, to_char(o.created_at at time zone 'Asia/Shanghai', 'YYYY/MM/DD HH24:MI:SS'),
      to_char(o.arrived_at at time zone 'Asia/Shanghai', 'YYYY/MM/DD HH24:MI:SS'),
      to_char(o.completed_at at time zone 'Asia/Shanghai', 'YYYY/MM/DD HH24:MI:SS'), o.test
    from orders o join applications a on a.id = o.application_id
    where o.merchant_id = ${merchantId} and o.type = 'collection'
    order by o.created_at desc, o.id desc) to stdout with (format csv)`;
}

function timeCopy(merchantId: number): Promise<number> {
  return new Promise((res, rej) => {
    const started = performance.now();
    const child = spawn('psql', [DATABASE_URL, '-v', 'ON_ERROR_STOP=1', '-qc', copySql(merchantId)], {
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    child.once('error', rej);
    child.once('exit', (code) =>
      code === 0 ? res((performance.now() - started) / 1000) : rej(new Error(`psql exited ${code}`)),
    );
  });
}

function rssMb(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) / 1024 : 0;
}

async function call(base: string, token: string, path: string, init: RequestInit = {}) {
  const response = await fetch(`${base}/front${path}`, {
    ...init,
    headers: { 'x-auth-token': token, 'content-type': 'application/json', lang: 'zh_CN' },
  });
  const envelope = (await response.json()) as {
    code: number;
    message: string;
    data: Record<string, unknown>;
  };
  if (envelope.code !== 0) throw new Error(`${path}: ${envelope.code} ${envelope.message}`);
  return envelope.data;
}

async function timeExport(base: string, token: string, pid: number, format: 'csv' | 'xlsx') {
  const baseline = rssMb(pid);
  let peak = baseline;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssMb(pid));
  }, 50);
  const started = performance.now();
  const { exportId } = await call(base, token, '/export', {
    method: 'POST',
    body: JSON.stringify({ kind: 'collection', format, filters: {}, timeZone: 'Asia/Shanghai' }),
  });
  let status: Record<string, unknown>;
  for (;;) {
    status = await call(base, token, `/export/status?exportId=${exportId}`);
    if (status.status === 'done' || status.status === 'failed') break;
    await new Promise((r) => setTimeout(r, 100));
  }
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  if (status.status !== 'done') throw new Error(`export ${exportId} failed`);
  return { seconds, rows: Number(status.rows), baseline, peak };
}

async function main() {
  await ensureDatabase(DATABASE_URL);
  // BENCH_COMPARE_SERVER: another build's server.js (e.g. a copy of apps/server/dist in
  // apps/server/dist-b, so its node_modules and migrations resolve), measured in the same rounds.
  const builds = [
    { label: 'as built', script: SERVER },
    ...(process.env.BENCH_COMPARE_SERVER
      ? [
          {
            label: relative(ROOT, resolve(process.env.BENCH_COMPARE_SERVER)),
            script: resolve(process.env.BENCH_COMPARE_SERVER),
          },
        ]
      : []),
  ];
  const dataDirs: string[] = [];
  // BENCH_SERVER_NODE_ARGS: node options for the server under test (e.g. `--cpu-prof --cpu-prof-dir=/tmp/p`).
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const servers = await Promise.all(
    builds.map(async ({ label, script }) => {
      const port = await freePort();
      const dataDir = mkdtempSync(join(tmpdir(), 'tollgate-bench-exports-'));
      dataDirs.push(dataDir);
      const start = () =>
        startProcess([...nodeArgs, script], {
          PORT: String(port),
          DATABASE_URL,
          DATA_DIR: dataDir,
          SEED_DEMO: '1',
          SECRET_KEY,
          LOG_LEVEL: 'warn',
          LOGIN_RATE_LIMIT: '10000',
          // Every export a job (the timed path), however few its rows (the smoke run's are few).
          EXPORT_DIRECT_MAX_ROWS: '0',
        });
      return { label, base: `http://127.0.0.1:${port}`, dataDir, start, process: start() };
    }),
  );
  const base = servers[0]?.base as string;
  try {
    // One after the other: the first start migrates the database and seeds the demo merchant.
    for (const server of servers) await waitForHealth(server.base, server.process);
    const login = await fetch(`${base}/front/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email: 'demo@tollgate.dev', password: 'Tollgate2026' }),
    });
    const token = ((await login.json()) as { data: { token: string } }).data.token;
    const info = await call(base, token, '/merchant/info');
    const merchantId = Number((info as { merchantId?: unknown; id?: unknown }).merchantId ?? info.id);
    const db = new pg.Client({ connectionString: DATABASE_URL });
    await db.connect();
    if (await seedAtScale(db, merchantId, { orders: ORDERS, fundRecords: FUND_RECORDS })) {
      // The server under test starts after the bulk load, as on a database that grew over time
      // (scale-seed.ts); the login's session is in the database, so the token still holds.
      for (const server of servers) {
        await stopProcess(server.process);
        server.process = server.start();
        await waitForHealth(server.base, server.process);
      }
    }
    const rows = Number(
      (
        await db.query(`select count(*) from orders where merchant_id = $1 and type = 'collection'`, [
          merchantId,
        ])
      ).rows[0].count,
    );
    await db.end();
    console.log(`merchant ${merchantId}: ${rows} collection orders to export`);
    // Rounds alternate COPY and the exports, so a load that comes and goes weighs on both alike;
    // each round's ratio is printed, and the median round's.
    const parts = FORMATS.flatMap((format) => servers.map((server) => ({ format, server })));
    const name = (part: (typeof parts)[number]) =>
      servers.length > 1 ? `${part.format} (${part.server.label})` : part.format;
    const results = new Map(parts.map((part) => [name(part), [] as { ratio: number; growth: number }[]]));
    // Each part starts with the disk written back (sync): the last export's file, 86–140 MB
    // left in the page cache, was otherwise written out during the next part and weighed on it.
    const cpuRatios = new Map(parts.map((part) => [name(part), [] as number[]]));
    for (let round = 1; round <= ROUNDS; round++) {
      spawnSync('sync');
      const copyBusy = machineBusyMs();
      const copy = await timeCopy(merchantId);
      const copyCpu = (machineBusyMs() - copyBusy) / 1000;
      console.log(
        `round ${round}: COPY (same rows) TO STDOUT through psql: ${copy.toFixed(2)} s, machine CPU ${copyCpu.toFixed(2)} s`,
      );
      for (const part of parts) {
        spawnSync('sync');
        const exportBusy = machineBusyMs();
        const run = await timeExport(part.server.base, token, part.server.process.pid ?? 0, part.format);
        const exportCpu = (machineBusyMs() - exportBusy) / 1000;
        cpuRatios.get(name(part))?.push(exportCpu / copyCpu);
        const growth = run.peak - run.baseline;
        results.get(name(part))?.push({ ratio: run.seconds / copy, growth });
        console.log(
          `round ${round}: export ${name(part)}: ${run.rows} rows in ${run.seconds.toFixed(2)} s (job, POST to done); ` +
            `${(run.seconds / copy).toFixed(2)}x COPY; machine CPU ${exportCpu.toFixed(2)} s, ${(exportCpu / copyCpu).toFixed(2)}x COPY's; server RSS ${run.baseline.toFixed(0)} -> ` +
            `${run.peak.toFixed(0)} MB, growth ${growth.toFixed(0)} MB; file ${newestFileMb(part.server.dataDir).toFixed(1)} MB`,
        );
      }
    }
    for (const [format, runs] of results) {
      const ratios = runs.map((r) => r.ratio).sort((a, b) => a - b);
      const median = ratios[Math.floor(ratios.length / 2)] ?? Number.NaN;
      const growth = Math.max(...runs.map((r) => r.growth));
      const cpu = [...(cpuRatios.get(format) ?? [])].sort((a, b) => a - b);
      console.log(
        `export ${format}: ${median.toFixed(2)}x COPY, the median of ${runs.length} rounds (target <= ${TARGET}x); ` +
          `RSS growth at most ${growth.toFixed(0)} MB (target <= 100 MB); ` +
          `machine CPU ${(cpu[Math.floor(cpu.length / 2)] ?? Number.NaN).toFixed(2)}x COPY's (median round)`,
      );
    }
  } finally {
    for (const server of servers) server.process.kill('SIGTERM');
    for (const dataDir of dataDirs) rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();

/** The size of the newest file under `dir` (the export the job just wrote), in MB. */
function newestFileMb(dir: string): number {
  const files = readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((name) => join(dir, name))
    .map((path) => ({ path, stat: statSync(path) }))
    .filter((file) => file.stat.isFile())
    .sort((a, b) => b.stat.mtimeMs - a.stat.mtimeMs);
  return (files[0]?.stat.size ?? 0) / 1e6;
}
