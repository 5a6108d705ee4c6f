import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';

/** Child processes for the benchmarks: a free loopback port, a start, a wait for /health. */
export function freePort(): Promise<number> {
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

/** `node <args>` with the environment plus `env`; its errors go to ours. */
export function startProcess(args: string[], env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, args, {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

/** Stops a child with SIGTERM and waits for it to exit. */
export function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((res) => {
    child.once('exit', () => res());
    child.kill('SIGTERM');
  });
}

export async function waitForHealth(base: string, child: ChildProcess, seconds = 30): Promise<void> {
  for (let i = 0; i < seconds * 10; i++) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server did not become healthy within ${seconds} s`);
}
