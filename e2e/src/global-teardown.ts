import { rmSync } from 'node:fs';
import { dropTestDatabase, stopProcess } from './app-server';
import { ENV } from './server-env';

/** Stops the server global setup started (politely, then firmly) and removes its data and mail. */
export default async function globalTeardown() {
  await stopProcess(Number(process.env[ENV.serverPid]));
  dropTestDatabase();
  const tempDir = process.env[ENV.tempDir];
  if (tempDir) rmSync(tempDir, { recursive: true, force: true });
}
