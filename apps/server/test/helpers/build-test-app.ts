import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { type BuildAppOptions, buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import type { DatabaseHandle } from '../../src/db/client';
import type { Clock } from '../../src/types';
import { createTestDatabase } from './test-database';

/**
 * The real app on a fresh database, for `app.inject`. `env` is read by the real loadConfig
 * (so a test can say DATABASE_URL or SEED_DEMO); logs are silent and no web build is served
 * unless a test points WEB_DIST_DIR at one. Close the app to drop its database.
 */
const serverDir = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** The key every test app seals secrets with (32 bytes, base64), unless a test gives its own. */
export const TEST_SECRET_KEY = Buffer.alloc(32, 0x5e).toString('base64');

export interface TestAppOptions {
  env?: Record<string, string>;
  now?: Clock;
  database?: DatabaseHandle;
  logStream?: { write(line: string): void };
  requestTimeouts?: BuildAppOptions['requestTimeouts'];
}

export async function buildTestApp(options: TestAppOptions = {}): Promise<FastifyInstance> {
  const config = loadConfig(
    {
      LOG_LEVEL: 'silent',
      NODE_ENV: 'test',
      WEB_DIST_DIR: resolve(serverDir, 'test/no-web-build'),
      // Like a PostgreSQL deployment: a given key, never a key file written under DATA_DIR.
      SECRET_KEY: TEST_SECRET_KEY,
      ...options.env,
    },
    { cwd: serverDir, repoRoot: null, serverDir },
  );
  const database = options.database ?? (await createTestDatabase());
  return buildApp({
    config,
    database,
    ...(options.now ? { now: options.now } : {}),
    ...(options.logStream ? { logStream: options.logStream } : {}),
    ...(options.requestTimeouts ? { requestTimeouts: options.requestTimeouts } : {}),
  });
}

/** A clock the test moves by hand. */
export function createTestClock(start = new Date('2026-01-15T08:00:00.000Z')) {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    advance: (ms: number) => {
      current += ms;
    },
  };
}
