/**
 * Benchmark: how much JavaScript a customer's browser loads for the hosted cashier
 * /pay/{orderNo} (issue 7: at most 120 KiB gzip). It builds the cashier the normal way into a
 * temporary directory, serves it with the production server (apps/server/dist, built first if
 * missing) on a free port with a fresh embedded database, makes a real order through the signed
 * merchant API, loads its cashier page cold in Chromium and sums every script's gzip size (level
 * 9, as in the web bench: web-weight/page-js.ts). Exits 1 over the limit.
 *
 *   npm run bench:cashier                                  build, then measure
 *   BENCH_CASHIER_DIST=/path/to/dist npm run bench:cashier  measure an existing build
 */
import { execFileSync, spawn } from 'node:child_process';
import { createHmac, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launchChromium, measurePageJs } from './web-weight/page-js';
import { fetchDemoToken, ROOT } from './web-weight/product-server';

const KIB = 1024;
const LIMIT_KIB = 120;
const SERVER = join(ROOT, 'apps/server/dist/server.js');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const run = (args: string[]) =>
  execFileSync(npm, args, { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });
}

async function startServer(cashierDist: string) {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'tollgate-cashier-weight-'));
  const child = spawn(process.execPath, [SERVER], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: baseUrl,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SEED_DEMO: '1',
      CASHIER_DIST_DIR: cashierDist,
      LOG_LEVEL: 'error',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const stop = () => {
    child.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    if (Date.now() > deadline) {
      stop();
      throw new Error('the server did not start within 60 s');
    }
    try {
      if ((await fetch(`${baseUrl}/health`)).ok) return { baseUrl, stop };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function postJson<T>(url: string, body: string, headers: Record<string, string>): Promise<T> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body,
  });
  const envelope = (await response.json()) as { code: number; message: string; data: T };
  if (envelope.code !== 0) throw new Error(`${url}: ${envelope.code} ${envelope.message}`);
  return envelope.data;
}

/** An order as a shop makes it: an application of the demo merchant, then a signed create. */
async function createOrder(baseUrl: string): Promise<string> {
  const token = await fetchDemoToken(baseUrl);
  const { app, appSecret } = await postJson<{ app: { appId: string }; appSecret: string }>(
    `${baseUrl}/front/app/create`,
    JSON.stringify({ name: 'Cashier weight' }),
    { 'x-auth-token': token },
  );
  const path = '/api/v1/collections';
  const body = JSON.stringify({
    merchantOrderNo: 'weight-1',
    currency: 'USDT',
    network: 'TRON',
    amount: '10',
  });
  const timestamp = String(Date.now());
  const nonce = randomBytes(16).toString('hex');
  const signature = createHmac('sha256', appSecret)
    .update(`${timestamp}\n${nonce}\nPOST\n${path}\n${body}`)
    .digest('hex');
  const order = await postJson<{ orderNo: string }>(`${baseUrl}${path}`, body, {
    'x-app-id': app.appId,
    'x-timestamp': timestamp,
    'x-nonce': nonce,
    'x-signature': signature,
  });
  return order.orderNo;
}

async function main() {
  const buildDir = process.env.BENCH_CASHIER_DIST
    ? undefined
    : mkdtempSync(join(tmpdir(), 'tollgate-cashier-build-'));
  const cashierDist = process.env.BENCH_CASHIER_DIST ?? join(buildDir ?? '', 'cashier');
  try {
    if (buildDir)
      run(['run', 'build', '-w', '@tollgate/cashier', '--', '--outDir', cashierDist, '--emptyOutDir']);
    if (!existsSync(SERVER)) run(['run', 'build', '-w', '@tollgate/server']);
    const server = await startServer(cashierDist);
    const browser = await launchChromium();
    try {
      const orderNo = await createOrder(server.baseUrl);
      const load = await measurePageJs(browser, {
        baseUrl: server.baseUrl,
        path: `/pay/${orderNo}`,
        // The address shows once the order has loaded and rendered.
        readySelector: '[data-testid="pay-address"]',
      });
      const kib = load.gzipBytes / KIB;
      const isWithin = kib <= LIMIT_KIB;
      console.log(
        `\ncashier build: ${cashierDist}${buildDir ? ' (built from the working tree)' : ''}, Chromium, cold cache`,
      );
      console.log(
        `cashier /pay/{orderNo}: ${kib.toFixed(1)} KiB gzip JS in ${load.scripts.length} files (limit ${LIMIT_KIB}, ${(kib / LIMIT_KIB).toFixed(2)}x) ${isWithin ? 'ok' : 'OVER'}`,
      );
      for (const script of [...load.scripts].sort((a, b) => b.gzipBytes - a.gzipBytes)) {
        console.log(`    ${(script.gzipBytes / KIB).toFixed(1).padStart(6)} KiB  ${script.path}`);
      }
      if (!isWithin) process.exitCode = 1;
    } finally {
      await browser.close();
      server.stop();
    }
  } finally {
    if (buildDir) rmSync(buildDir, { recursive: true, force: true });
  }
}

await main();
