import { defineConfig } from 'vitest/config';

// unit: pure tests next to the code. pglite: the integration suite on an in-memory PGlite per
// file, always. postgres: the same suite again on a real PostgreSQL server, when
// TEST_DATABASE_URL names one (each file gets its own fresh database there).
// The server-process test boots server.ts on the embedded database, so it belongs to pglite only;
// the connection-loss test needs a real server to terminate connections, and the multi-node
// test runs several server processes on one database, so those two are postgres only.
const integration = (name: 'pglite' | 'postgres') => ({
  test: {
    name,
    include: ['test/**/*.test.ts'],
    exclude:
      name === 'postgres'
        ? ['test/server-process.test.ts']
        : ['test/database-connection-loss.test.ts', 'test/multi-node.test.ts'],
    env: { TOLLGATE_TEST_DB: name },
    // PGlite boots a WebAssembly PostgreSQL per file; argon2 is slow on purpose.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'unit', include: ['src/**/*.test.ts', 'scripts/**/*.test.ts'] } },
      integration('pglite'),
      ...(process.env.TEST_DATABASE_URL ? [integration('postgres')] : []),
    ],
  },
});
