import { rmSync } from 'node:fs';
import { ENV } from './server-env';

/** Stops the server global setup started (politely, then firmly) and removes its data. */
const STOP_TIMEOUT_MS = 10_000;

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

export default async function globalTeardown() {
  const pid = Number(process.env[ENV.serverPid]);
  if (pid > 0 && isRunning(pid)) {
    process.kill(pid, 'SIGTERM');
    const deadline = Date.now() + STOP_TIMEOUT_MS;
    while (isRunning(pid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    if (isRunning(pid)) process.kill(pid, 'SIGKILL');
  }
  const tempDir = process.env[ENV.tempDir];
  if (tempDir) rmSync(tempDir, { recursive: true, force: true });
}
