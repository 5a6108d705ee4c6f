import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { freePort } from './helpers/free-port';

/**
 * server.ts as a process: bad configuration exits 1 with one plain line per variable, a good
 * one listens, prints its banner (the URL, the demo login while it works) and then JSON log
 * lines on a pipe, and SIGTERM shuts it down cleanly. Runs in the pglite project only (it
 * uses the embedded database and does not need the other).
 */
const serverDir = new URL('..', import.meta.url).pathname;
// Booting the embedded database under tsx is slow on a busy machine: a deadline, not a wait.
const BOOT_DEADLINE_MS = 90_000;

function startServer(env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: serverDir,
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/**
 * The banner: a blank line, "Tollgate is running at …", its other lines, and a blank line
 * that ends it. server.ts writes it in one synchronous run, so no log line falls inside.
 */
const BANNER = /\nTollgate is running at [^\n]+\n(?:[^\n]+\n)*\n/;

function collect(child: ChildProcess) {
  const output = { stdout: '', stderr: '' };
  const onData = new Set<() => void>();
  child.stdout?.on('data', (chunk) => {
    output.stdout += chunk;
    for (const check of onData) check();
  });
  child.stderr?.on('data', (chunk) => {
    output.stderr += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  /** Resolves on the stdout data event after which `done` holds; rejects if the process exits first. */
  const waitFor = (what: string, done: (stdout: string) => boolean) =>
    new Promise<void>((resolve, reject) => {
      const check = () => {
        if (!done(output.stdout)) return;
        onData.delete(check);
        resolve();
      };
      onData.add(check);
      check();
      exited.then((code) => {
        if (onData.delete(check)) {
          reject(new Error(`exited (${code}) before ${what}:\n${output.stdout}\n${output.stderr}`));
        }
      });
    });
  const waitForBanner = async () => {
    await waitFor('the banner', (stdout) => BANNER.test(stdout));
    return output.stdout.match(BANNER)?.[0] ?? '';
  };
  return { output, exited, waitFor, waitForBanner };
}

describe('server process', () => {
  it('exits 1 on bad configuration, one line per variable, no stack', async () => {
    const { output, exited } = collect(
      startServer({ PORT: 'eighty', DATABASE_URL: 'mysql://x', LOG_LEVEL: 'loud' }),
    );
    expect(await exited).toBe(1);
    expect(output.stderr.trim().split('\n')).toEqual([
      'Invalid configuration: PORT must be a whole number from 1 to 65535 (got "eighty")',
      'Invalid configuration: DATABASE_URL must be a postgres:// or postgresql:// URL',
      'Invalid configuration: LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent (got "loud")',
    ]);
    expect(output.stdout).toBe('');
  });

  it(
    'listens, prints the URL and demo login, logs JSON lines on a pipe, and stops on SIGTERM',
    async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'tollgate-data-'));
      const port = await freePort();
      const child = startServer({
        PORT: String(port),
        DATA_DIR: dataDir,
        WEB_DIST_DIR: join(dataDir, 'no-web'),
        LOG_LEVEL: 'info',
      });
      const { output, exited, waitFor, waitForBanner } = collect(child);
      try {
        const banner = await waitForBanner();
        expect(banner).toContain(`Tollgate is running at http://localhost:${port}\n`);
        expect(banner).toContain('Demo login: demo@tollgate.dev / Tollgate2026\n');
        expect(banner).toContain(
          `Demo operator (http://localhost:${port}/ops): ops@tollgate.dev / Tollgate2026\n`,
        );
        expect(banner).toContain('Chains: DEVNET (CHAIN_MODE=devnet): payments are simulated');
        const health = await fetch(`http://127.0.0.1:${port}/health`, {
          headers: { 'x-request-id': 'probe-1' },
        });
        expect(await health.json()).toEqual({ status: 'ok' });
        await fetch(`http://127.0.0.1:${port}/front/config/chainList`, {
          headers: { 'x-request-id': 'chains-1' },
        });
        await waitFor('the request log line', (stdout) =>
          /"reqId":"chains-1".*"request completed"/.test(stdout),
        );

        // Piped, every line but the banner's is a JSON object; /health writes none at info.
        const logLines = output.stdout.replace(BANNER, '').split('\n').filter(Boolean);
        const entries = logLines.map(
          (line) => JSON.parse(line) as { level: number; reqId?: string; msg: string },
        );
        expect(entries.filter((entry) => entry.reqId === 'chains-1').map((entry) => entry.msg)).toEqual([
          'incoming request',
          'request completed',
        ]);
        expect(entries.filter((entry) => entry.reqId === 'probe-1')).toEqual([]);
        child.kill('SIGTERM');
        expect(await exited).toBe(0);
      } finally {
        child.kill('SIGKILL');
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
    BOOT_DEADLINE_MS,
  );

  it(
    'prints only the URL when there is no working demo login (SEED_DEMO=0)',
    async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'tollgate-data-'));
      const port = await freePort();
      const child = startServer({
        PORT: String(port),
        DATA_DIR: dataDir,
        WEB_DIST_DIR: join(dataDir, 'no-web'),
        SEED_DEMO: '0',
      });
      const { exited, waitForBanner } = collect(child);
      try {
        // The whole banner, up to the blank line that ends it: an absent line is really absent.
        const banner = await waitForBanner();
        expect(banner).toContain(`Tollgate is running at http://localhost:${port}\n`);
        expect(banner).not.toContain('Demo login');
        expect(banner).not.toContain('Demo operator');
        child.kill('SIGTERM');
        expect(await exited).toBe(0);
      } finally {
        child.kill('SIGKILL');
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
    BOOT_DEADLINE_MS,
  );
});
