import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, openSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type FakeTelegram, startFakeTelegram } from '../../apps/server/test/helpers/fake-telegram';
import { type MailServer, startMailServer } from './mail-server';

/**
 * Starts the production build (node apps/server/dist/server.js, which also serves
 * apps/web/dist) on a free port with a fresh data directory, so the embedded database is new
 * and holds only the demo merchant, and mail goes over real SMTP to a local receiver whose
 * mails land in `mailDir`. Used by the e2e global setup and the screenshot script; both need
 * the root `npm run build` first.
 */
const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const SERVER_ENTRY = join(REPO_ROOT, 'apps/server/dist/server.js');
const WEB_INDEX = join(REPO_ROOT, 'apps/web/dist/index.html');
const STARTUP_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 10_000;

export interface RunningApp {
  baseUrl: string;
  pid: number;
  tempDir: string;
  mailDir: string;
  mailServer: MailServer;
  /** The fake Telegram Bot API the server's bot polls (alerts are on in the suite). */
  telegram: FakeTelegram;
  /** Stops the server, the SMTP receiver and the fake Bot API, and removes the data. */
  stop(): Promise<void>;
}

/**
 * `E2E_DATABASE_URL=postgres://…/<any database>` runs the flows on that PostgreSQL server
 * instead of the embedded PGlite: a fresh database is created beside the one named (psql, as
 * .ci/run uses it) and dropped by `dropTestDatabase` at teardown. The server then needs a
 * SECRET_KEY, as every node of a shared database does.
 */
export const DATABASE_ENV = 'E2E_DATABASE_URL';
const DATABASE_NAME_ENV = 'E2E_DATABASE_NAME';

function psql(serverUrl: string, sql: string) {
  const result = spawnSync('psql', [serverUrl, '-v', 'ON_ERROR_STOP=1', '-tAc', sql], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`psql failed: ${result.stderr || result.error?.message}`);
}

function createTestDatabase(serverUrl: string): { url: string; name: string } {
  const name = `tollgate_e2e_${randomBytes(6).toString('hex')}`;
  psql(serverUrl, `CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), name };
}

/** Drops the database startApp created for this run, if any (global teardown). */
export function dropTestDatabase() {
  const serverUrl = process.env[DATABASE_ENV]?.trim();
  const name = process.env[DATABASE_NAME_ENV];
  if (serverUrl && name && /^tollgate_e2e_[0-9a-f]{12}$/.test(name)) {
    psql(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
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

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Stops a server process politely, then firmly. */
export async function stopProcess(pid: number) {
  if (!(pid > 0 && isRunning(pid))) return;
  process.kill(pid, 'SIGTERM');
  const deadline = Date.now() + STOP_TIMEOUT_MS;
  while (isRunning(pid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  if (isRunning(pid)) process.kill(pid, 'SIGKILL');
}

export async function startApp(): Promise<RunningApp> {
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
  const mailDir = join(tempDir, 'mail');
  const mailServer = await startMailServer(mailDir);
  const telegram = await startFakeTelegram();
  const serverDatabaseUrl = process.env[DATABASE_ENV]?.trim();
  const database = serverDatabaseUrl ? createTestDatabase(serverDatabaseUrl) : undefined;
  if (database) process.env[DATABASE_NAME_ENV] = database.name;

  const server: ChildProcess = spawn(process.execPath, [SERVER_ENTRY], {
    cwd: REPO_ROOT,
    stdio: ['ignore', log, log],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: baseUrl,
      DATA_DIR: dataDir,
      DATABASE_URL: database?.url ?? '',
      ...(database ? { SECRET_KEY: randomBytes(32).toString('base64') } : {}),
      SEED_DEMO: '1',
      // Plain SMTP to the local receiver: it offers no STARTTLS, so none is attempted.
      SMTP_URL: `smtp://127.0.0.1:${mailServer.port}`,
      MAIL_FROM: 'Tollgate <no-reply@tollgate.test>',
      LOG_LEVEL: 'warn',
      // Every flow logs in; the production limit per IP would throttle the suite.
      LOGIN_RATE_LIMIT: '10000',
      // Each fresh merchant asks its registration code from an address of its own (X-Forwarded-For,
      // fresh-merchant.ts): the suite registers more merchants than one IP may ask codes for in an
      // hour (30). Browser pages send no such header and keep 127.0.0.1.
      TRUST_PROXY: '127.0.0.1',
      // The flows' callback receivers listen on loopback, which production refuses (SSRF guard),
      // and a failed attempt is retried within seconds instead of 15 s.
      ALLOW_PRIVATE_CALLBACKS: '1',
      // Telegram alerts on, against a local fake Bot API (telegram.spec.ts drives it).
      TELEGRAM_BOT_TOKEN: telegram.token,
      TELEGRAM_API_URL: telegram.url,
      CALLBACK_RETRY_DELAYS: '1,2,5',
      // Exports of more than 5 rows become jobs, so a flow sees both paths (exports.spec.ts).
      EXPORT_DIRECT_MAX_ROWS: '5',
    },
  });
  let hasExited = false;
  server.once('exit', () => {
    hasExited = true;
  });
  const pid = server.pid ?? 0;
  const stop = async () => {
    await stopProcess(pid);
    await mailServer.close();
    await telegram.close();
    rmSync(tempDir, { recursive: true, force: true });
  };
  try {
    await waitForHealth(baseUrl, () => hasExited, logFile);
  } catch (error) {
    await stopProcess(pid);
    await mailServer.close();
    await telegram.close();
    throw error;
  }
  return { baseUrl, pid, tempDir, mailDir, mailServer, telegram, stop };
}
