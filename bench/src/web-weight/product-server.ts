/**
 * The product as a user runs it, for the web-weight bench: the web app built the normal way
 * (`vite build` through its npm script) into a temporary directory, so a bench run never
 * replaces apps/web/dist under a running e2e suite, and the production server serving that
 * build (WEB_DIST_DIR) on a free loopback port with a fresh embedded database.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const SERVER = join(ROOT, 'apps/server/dist/server.js');
const STARTUP_TIMEOUT_MS = Number(process.env.BENCH_STARTUP_TIMEOUT_MS) || 60_000;

export interface RunningProduct {
  baseUrl: string;
  webDist: string;
  stop(): void;
}

/** Build the web app into `outDir` and the server into apps/server/dist, as `npm run build` does. */
export function buildProduct(outDir: string) {
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const run = (args: string[]) =>
    execFileSync(npm, args, { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
  run(['run', 'build', '-w', '@tollgate/web', '--', '--outDir', outDir, '--emptyOutDir']);
  run(['run', 'build', '-w', '@tollgate/server']);
}

function findFreePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolvePort(address.port) : reject()));
    });
  });
}

async function waitForHealth(baseUrl: string, child: ChildProcess) {
  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode} during start-up`);
    try {
      if ((await fetch(`${baseUrl}/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`the server did not answer ${baseUrl}/health within ${STARTUP_TIMEOUT_MS} ms`);
}

/** Start the production server on `webDist`; `stop()` ends it and removes its data. */
export async function startProduct(webDist: string): Promise<RunningProduct> {
  for (const file of [SERVER, join(webDist, 'index.html')]) {
    if (!existsSync(file)) throw new Error(`${file} is missing`);
  }
  const port = await findFreePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'tollgate-web-weight-'));
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
      WEB_DIST_DIR: webDist,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const stop = () => {
    child.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForHealth(baseUrl, child);
  } catch (error) {
    stop();
    throw error;
  }
  return { baseUrl, webDist, stop };
}

/** The demo merchant's token, logged in through the API as a returning browser holds it. */
export async function fetchDemoToken(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}/front/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ email: 'demo@tollgate.dev', password: 'Tollgate2026' }),
  });
  const envelope = (await response.json()) as {
    code: number;
    data: { token: string } | null;
    message: string;
  };
  if (envelope.code !== 0 || !envelope.data)
    throw new Error(`demo login failed: ${envelope.code} ${envelope.message}`);
  return envelope.data.token;
}
