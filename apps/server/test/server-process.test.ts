import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * server.ts as a process: bad configuration exits 1 with one plain line per variable, a good
 * one listens, prints the URL and the demo login, and SIGTERM shuts it down cleanly. Runs in
 * the pglite project only (it uses the embedded database and does not need the other).
 */
const serverDir = new URL('..', import.meta.url).pathname;

function startServer(env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: serverDir,
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

function collect(child: ChildProcess) {
  const output = { stdout: '', stderr: '' };
  child.stdout?.on('data', (chunk) => {
    output.stdout += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output.stderr += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { output, exited };
}

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const address = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
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

  it('listens, prints the URL and demo login, and stops on SIGTERM', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'tollgate-data-'));
    const port = await freePort();
    const child = startServer({
      PORT: String(port),
      DATA_DIR: dataDir,
      WEB_DIST_DIR: join(dataDir, 'no-web'),
    });
    const { output, exited } = collect(child);
    try {
      for (let i = 0; i < 200 && !output.stdout.includes('Demo login'); i++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(output.stdout).toContain(`Tollgate is running at http://localhost:${port}`);
      expect(output.stdout).toContain('Demo login: demo@tollgate.dev / Tollgate2026');
      const health = await fetch(`http://127.0.0.1:${port}/health`);
      expect(await health.json()).toEqual({ status: 'ok' });
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
    } finally {
      child.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 40_000);

  it('prints only the URL when there is no working demo login (SEED_DEMO=0)', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'tollgate-data-'));
    const port = await freePort();
    const child = startServer({
      PORT: String(port),
      DATA_DIR: dataDir,
      WEB_DIST_DIR: join(dataDir, 'no-web'),
      SEED_DEMO: '0',
    });
    const { output, exited } = collect(child);
    try {
      for (let i = 0; i < 200 && !output.stdout.includes('Tollgate is running'); i++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      // The banner is written in one go; give it a moment to be whole.
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(output.stdout).toContain(`Tollgate is running at http://localhost:${port}`);
      expect(output.stdout).not.toContain('Demo login');
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
    } finally {
      child.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 40_000);
});
