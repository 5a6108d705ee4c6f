import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, openSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ENV } from './server-env';

/**
 * Starts the production build (node apps/server/dist/server.js, which also serves
 * apps/web/dist) on a free port with a fresh data directory, so the embedded database is new
 * and holds only the demo merchant. Built beforehand by the root `npm run build`.
 */
const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const SERVER_ENTRY = join(REPO_ROOT, 'apps/server/dist/server.js');
const WEB_INDEX = join(REPO_ROOT, 'apps/web/dist/index.html');
const STARTUP_TIMEOUT_MS = 60_000;

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

async function waitForHealth(baseUrl: string, hasExited: () => boolean, logFile: string) {
  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (hasExited()) throw new Error(`the server exited during start-up; see ${logFile}`);
    try {
      const response = await fetch(`${baseUrl}/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(
    `the server did not answer ${baseUrl}/health within ${STARTUP_TIMEOUT_MS} ms; see ${logFile}`,
  );
}

export default async function globalSetup() {
  if (process.env[ENV.baseUrl]) return; // an app is already running; use it as it is
  for (const file of [SERVER_ENTRY, WEB_INDEX]) {
    if (!existsSync(file))
      throw new Error(`${file} is missing: run \`npm run build\` at the repo root first`);
  }
  const port = await findFreePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const tempDir = mkdtempSync(join(tmpdir(), 'tollgate-e2e-'));
  const dataDir = join(tempDir, 'data');
  mkdirSync(dataDir);
  const logFile = join(tempDir, 'server.log');
  const log = openSync(logFile, 'a');

  const server = spawn(process.execPath, [SERVER_ENTRY], {
    cwd: REPO_ROOT,
    stdio: ['ignore', log, log],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: baseUrl,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SEED_DEMO: '1',
      LOG_LEVEL: 'warn',
      // Every flow logs in; the production limit per IP would throttle the suite.
      LOGIN_RATE_LIMIT: '10000',
    },
  });
  let hasExited = false;
  server.once('exit', () => {
    hasExited = true;
  });
  await waitForHealth(baseUrl, () => hasExited, logFile);

  process.env[ENV.baseUrl] = baseUrl;
  process.env[ENV.serverPid] = String(server.pid);
  process.env[ENV.tempDir] = tempDir;
  console.log(`e2e: server at ${baseUrl} (data in ${dataDir})`);
}
