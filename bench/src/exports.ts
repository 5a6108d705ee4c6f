import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { freePort, startProcess, waitForHealth } from './processes';

/**
 * Exports at scale (issue 9): the production server on a PostgreSQL database of its own
 * (BENCH_EXPORT_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/tollgate_bench, created
 * if missing), the demo merchant seeded with 1,000,000 collection orders and 3,000,000 fund
 * records spread over two years and three applications (seedAtScale: generate_series in SQL,
 * skipped when already there, so the records-at-scale bench can reuse it). Then, for CSV and
 * XLSX, the export of the 1M orders through the real calls (POST /front/export makes a job of
 * them, polled on /front/export/status until done) beside `COPY (the same rows) TO STDOUT`
 * through psql, the ratio (target <= 1.5x), and the server's RSS growth during the export
 * (sampled from /proc every 50 ms; target <= 100 MB).
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

async function ensureDatabase(url: string) {
  const target = new URL(url);
  const name = target.pathname.slice(1);
  if (!/^\w+$/.test(name)) throw new Error(`bad database name ${name}`);
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [name]);
  if (!rowCount) await client.query(`CREATE DATABASE ${name}`);
  await client.end();
}

/**
 * 1M collection orders (four currencies, three networks, four statuses) and 3M fund records for
 * one merchant, over 2 years and 3 applications, in a few INSERT … SELECT generate_series
 * statements. Idempotent: each part is skipped when the merchant already has that many rows.
 */
export async function seedAtScale(db: pg.Client, merchantId: number) {
  const apps = await db.query(
    `insert into applications (merchant_id, app_id, name, secret_sealed, created_at, updated_at)
     select $1, 'benchapp' || g, 'Bench shop ' || g, 'unused-by-the-bench', now(), now()
       from generate_series(1, 3) g
     on conflict (app_id) do nothing`,
    [merchantId],
  );
  const ids = (
    await db.query(`select id from applications where app_id like 'benchapp%' order by app_id`)
  ).rows.map((row) => Number(row.id));
  if (apps.rowCount) console.log(`seed: ${apps.rowCount} applications`);
  const [a1, a2, a3] = ids;
  const orders = Number(
    (await db.query('select count(*) from orders where merchant_id = $1', [merchantId])).rows[0].count,
  );
  if (orders < ORDERS) {
    const started = performance.now();
    await db.query(
      `insert into orders (order_no, type, merchant_id, application_id, merchant_order_no, currency, network,
         amount, paid_amount, fee, status, pay_address, tx_hash, test, request_hash, created_at, expires_at,
         arrived_at, completed_at, updated_at)
       select 'BENCH' || lpad(g::text, 10, '0'), 'collection', $1,
         (array[$2::bigint, $3::bigint, $4::bigint])[1 + g % 3], 'shop-' || g,
         (array['USDT', 'USDT', 'TRX', 'ETH'])[1 + g % 4], (array['TRON', 'ETH', 'BSC'])[1 + g % 3],
         ((g % 100000) + 1)::numeric / 100 + 0.000001 * (g % 7),
         case when g % 4 = 0 then ((g % 100000) + 1)::numeric / 100 else 0 end,
         ((g % 100000) + 1)::numeric / 10000,
         (array['completed', 'pending', 'expired', 'confirming'])[1 + g % 4],
         'TBench' || g, case when g % 4 = 0 then md5(g::text) end, true, md5('bench' || g),
         t, t + interval '1 hour',
         case when g % 4 = 0 then t + interval '2 minutes' end,
         case when g % 4 = 0 then t + interval '3 minutes' end, t
       from (select g, now() - (g * interval '63 seconds') as t from generate_series($5::int + 1, $6::int) g) s`,
      [merchantId, a1, a2, a3, orders, ORDERS],
    );
    console.log(`seed: ${ORDERS - orders} orders in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
  const funds = Number(
    (await db.query('select count(*) from fund_records where merchant_id = $1', [merchantId])).rows[0].count,
  );
  if (funds < FUND_RECORDS) {
    const started = performance.now();
    // Balances that add up row by row (before + change = after, the table's check); the hash chain
    // is a placeholder: ledger:verify is not meant for this database.
    await db.query(
      `insert into fund_records (merchant_id, currency, type, bucket, order_no, tx_hash, address, network, amount,
         fee, status, balance_before, change_amount, balance_after, prev_hash, hash, created_at)
       select $1, 'BUSDT' || (g % 3), (array['deposit', 'withdraw', 'collection', 'payout', 'exchange'])[1 + g % 5],
         'available', 'BENCH' || lpad((g % 1000000)::text, 10, '0'), md5(g::text), 'TBench' || g, 'TRON',
         ((g % 1000) + 1)::numeric / 100, 0, 'completed',
         g::numeric, 1, g::numeric + 1, md5('prev' || g), md5('bench-fund' || g),
         now() - (g * interval '21 seconds')
       from generate_series($2::int + 1, $3::int) g`,
      [merchantId, funds, FUND_RECORDS],
    );
    console.log(
      `seed: ${FUND_RECORDS - funds} fund records in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
  }
  await db.query('analyze orders');
  await db.query('analyze fund_records');
}

/** The same rows and columns as the collection export, as PostgreSQL writes them itself. */
function copySql(merchantId: number) {
  return `copy (select o.order_no, o.merchant_order_no, a.name, o.currency, o.network, trim_scale(o.amount),
      trim_scale(o.paid_amount), trim_scale(o.fee), o.status, o.exception, coalesce(o.pay_address, w.address),
      o.tx_hash, to_char(o.created_at at time zone 'Asia/Shanghai', 'YYYY/MM/DD HH24:MI:SS'),
      to_char(o.arrived_at at time zone 'Asia/Shanghai', 'YYYY/MM/DD HH24:MI:SS'),
      to_char(o.completed_at at time zone 'Asia/Shanghai', 'YYYY/MM/DD HH24:MI:SS'), o.test
    from orders o join applications a on a.id = o.application_id left join withdrawals w on w.order_id = o.id
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
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'tollgate-bench-exports-'));
  const server = startProcess([SERVER], {
    PORT: String(port),
    DATABASE_URL,
    DATA_DIR: dataDir,
    SEED_DEMO: '1',
    SECRET_KEY,
    LOG_LEVEL: 'warn',
    LOGIN_RATE_LIMIT: '10000',
  });
  try {
    await waitForHealth(base, server);
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
    await seedAtScale(db, merchantId);
    const rows = Number(
      (
        await db.query(`select count(*) from orders where merchant_id = $1 and type = 'collection'`, [
          merchantId,
        ])
      ).rows[0].count,
    );
    await db.end();
    console.log(`merchant ${merchantId}: ${rows} collection orders to export`);
    const copy = Math.min(await timeCopy(merchantId), await timeCopy(merchantId));
    console.log(`COPY (same rows) TO STDOUT through psql: ${copy.toFixed(2)} s (best of 2)`);
    for (const format of FORMATS) {
      const run = await timeExport(base, token, server.pid ?? 0, format);
      console.log(
        `export ${format}: ${run.rows} rows in ${run.seconds.toFixed(2)} s (job, POST to done); ` +
          `${(run.seconds / copy).toFixed(2)}x COPY (target <= 1.5x); server RSS ${run.baseline.toFixed(0)} -> ` +
          `${run.peak.toFixed(0)} MB, growth ${(run.peak - run.baseline).toFixed(0)} MB (target <= 100 MB)`,
      );
    }
  } finally {
    server.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
