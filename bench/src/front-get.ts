/**
 * Benchmark: requests per second of an authenticated /front GET (/front/merchant/info) beside
 * the same server's bare /health route, in one run. It starts the production build (`npm run
 * build` first) on a free loopback port, logs in as the demo merchant and drives each route
 * with autocannon, one after the other, then prints the figures.
 *
 * With DATABASE_URL (a PostgreSQL server) the same run also starts the raw floor,
 * raw-merchant-info.ts (bare node:http + pg, the same SQL and the same JSON), and prints the
 * product's rate against it. The authenticated routes are measured in alternating rounds so
 * that a busy machine's drift weighs on both alike.
 *
 *   npm run build && npm run bench
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench_x npm run bench
 *   BENCH_SECONDS=20 BENCH_CONNECTIONS=20 BENCH_ROUNDS=3 BENCH_WARMUP_SECONDS=5 npm run bench
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { freePort, startProcess, waitForHealth } from './processes';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const SERVER = join(ROOT, 'apps/server/dist/server.js');
const RAW_SERVER = join(dirname(fileURLToPath(import.meta.url)), 'raw-merchant-info.ts');
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 3);
// warn: no line per request; `info` (the product's default) adds Fastify's two request lines.
const LOG_LEVEL = process.env.BENCH_LOG_LEVEL ?? 'warn';
const RAW_TARGET = 0.7;
const DATABASE_URL = process.env.DATABASE_URL;

async function login(base: string): Promise<string> {
  const res = await fetch(`${base}/front/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ email: 'demo@tollgate.dev', password: 'Tollgate2026' }),
  });
  const body = (await res.json()) as { code: number; data: { token: string } | null; message: string };
  if (body.code !== 0 || !body.data) throw new Error(`demo login failed: ${body.code} ${body.message}`);
  return body.data.token;
}

async function measure(url: string, headers: Record<string, string> = {}, duration = SECONDS) {
  const result = await autocannon({ url, headers, connections: CONNECTIONS, duration });
  const failed = result.non2xx + result.errors + result.timeouts;
  if (failed > 0) throw new Error(`${url}: ${failed} failed requests`);
  return result;
}

type Result = Awaited<ReturnType<typeof measure>>;

function summarize(route: string, results: Result[]) {
  const mean = (pick: (r: Result) => number) => results.reduce((sum, r) => sum + pick(r), 0) / results.length;
  return {
    route,
    'req/s (mean)': Math.round(mean((r) => r.requests.average)),
    'latency p50 ms': Number(mean((r) => r.latency.p50).toFixed(2)),
    'latency p99 ms': Number(mean((r) => r.latency.p99).toFixed(2)),
    requests: results.reduce((sum, r) => sum + r.requests.total, 0),
  };
}

/** Both must answer the very same envelope, or the comparison means nothing. */
async function checkSameAnswer(productUrl: string, rawUrl: string, token: string): Promise<void> {
  const [product, raw] = await Promise.all(
    [productUrl, rawUrl].map(async (url) =>
      (await fetch(url, { headers: { 'x-auth-token': token } })).json(),
    ),
  );
  if (JSON.stringify(product) !== JSON.stringify(raw)) {
    throw new Error(
      `the raw server answers differently:\n${JSON.stringify(product)}\n${JSON.stringify(raw)}`,
    );
  }
}

async function main() {
  if (!existsSync(SERVER)) throw new Error(`missing ${SERVER}: run \`npm run build\` first`);
  const dataDir = mkdtempSync(join(tmpdir(), 'tollgate-bench-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const product = startProcess([SERVER], {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL,
    SEED_DEMO: '1',
    // With DATABASE_URL (inherited) the server needs a shared key; a throwaway one does here.
    SECRET_KEY: process.env.SECRET_KEY || randomBytes(32).toString('base64'),
  });
  let raw: ReturnType<typeof startProcess> | undefined;
  try {
    await waitForHealth(base, product);
    const token = await login(base);
    const info = `${base}/front/merchant/info`;
    const auth = { 'x-auth-token': token };
    let rawInfo: string | undefined;
    if (DATABASE_URL) {
      const rawPort = await freePort();
      raw = startProcess(['--import', 'tsx', RAW_SERVER], { PORT: String(rawPort), DATABASE_URL });
      await waitForHealth(`http://127.0.0.1:${rawPort}`, raw);
      rawInfo = `http://127.0.0.1:${rawPort}/front/merchant/info`;
      await checkSameAnswer(info, rawInfo, token);
    }

    // Unmeasured: the JIT compiles each server's hot path before anything counts.
    const warmUps: [string, Record<string, string>][] = [
      [`${base}/health`, {}],
      [info, auth],
      ...(rawInfo ? [[rawInfo, auth] as [string, Record<string, string>]] : []),
    ];
    for (const [url, headers] of warmUps) await measure(url, headers, WARMUP_SECONDS);
    const health = [await measure(`${base}/health`)];
    const productRuns: Result[] = [];
    const rawRuns: Result[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      productRuns.push(await measure(info, auth));
      if (rawInfo) rawRuns.push(await measure(rawInfo, auth));
    }
    const rows = [
      summarize('GET /health (bare)', health),
      summarize('GET /front/merchant/info (authenticated)', productRuns),
      ...(rawInfo ? [summarize('GET /front/merchant/info on raw node:http + pg', rawRuns)] : []),
    ];
    const engine = DATABASE_URL ? 'PostgreSQL server' : 'embedded PGlite';
    console.log(
      `\n${CONNECTIONS} connections, ${SECONDS} s per run, ${ROUNDS} rounds of the authenticated routes, ${engine}, LOG_LEVEL=${LOG_LEVEL}, Node ${process.version}`,
    );
    console.table(rows);
    const [bare, front, floor] = rows.map((row) => row['req/s (mean)']);
    if (bare && front) {
      console.log(`authenticated /front GET runs at ${((front / bare) * 100).toFixed(1)}% of the bare route`);
    }
    if (front && floor) {
      console.log(`product / raw node:http+pg: ${(front / floor).toFixed(2)}x (target >= ${RAW_TARGET}x)`);
    } else {
      console.log(
        'product / raw node:http+pg: only with DATABASE_URL (the raw server needs a PostgreSQL server)',
      );
    }
  } finally {
    product.kill('SIGTERM');
    raw?.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
