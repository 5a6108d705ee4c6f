/**
 * Benchmark: requests per second of an authenticated /front GET beside the same server's
 * bare /health route, in one run. It starts the production build (`npm run build` first) on
 * a free loopback port with a fresh embedded database, logs in as the demo merchant and
 * drives both routes with autocannon, one after the other, then prints the figures.
 *
 *   npm run build && npm run bench
 *   BENCH_SECONDS=20 BENCH_CONNECTIONS=20 npm run bench
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const SERVER = join(ROOT, 'apps/server/dist/server.js');
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);

function freePort(): Promise<number> {
  return new Promise((res, rej) => {
    const srv = createServer();
    srv.once('error', rej);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => res(port));
    });
  });
}

async function waitForHealth(base: string, child: ChildProcess): Promise<void> {
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('server did not become healthy within 30 s');
}

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

async function measure(title: string, url: string, headers: Record<string, string> = {}) {
  const result = await autocannon({ url, headers, connections: CONNECTIONS, duration: SECONDS });
  const non2xx = result.non2xx + result.errors + result.timeouts;
  if (non2xx > 0) throw new Error(`${title}: ${non2xx} failed requests`);
  return {
    route: title,
    'req/s (mean)': Math.round(result.requests.average),
    'latency p50 ms': result.latency.p50,
    'latency p99 ms': result.latency.p99,
    requests: result.requests.total,
  };
}

async function main() {
  if (!existsSync(SERVER)) throw new Error(`missing ${SERVER}: run \`npm run build\` first`);
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'tollgate-bench-'));
  const child = spawn(process.execPath, [SERVER], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      SEED_DEMO: '1',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    await waitForHealth(base, child);
    const token = await login(base);
    const rows = [
      await measure('GET /health (bare)', `${base}/health`),
      await measure('GET /front/merchant/info (authenticated)', `${base}/front/merchant/info`, {
        'x-auth-token': token,
      }),
    ];
    console.log(
      `\n${CONNECTIONS} connections, ${SECONDS} s per route, ${process.env.DATABASE_URL ? 'PostgreSQL server' : 'embedded PGlite'}, Node ${process.version}`,
    );
    console.table(rows);
    const [health, front] = rows;
    if (health && front) {
      const ratio = front['req/s (mean)'] / health['req/s (mean)'];
      console.log(`authenticated /front GET runs at ${(ratio * 100).toFixed(1)}% of the bare route`);
    }
  } finally {
    child.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
