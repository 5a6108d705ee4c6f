import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

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
        ? // The EVM and Doge adapters' tests talk to their node only, no database: once is enough.
          [
            'test/server-process.test.ts',
            'test/chains-evm-adapter.test.ts',
            'test/doge-adapter.test.ts',
            'test/doge-rpc.test.ts',
            'test/doge-sender.test.ts',
          ]
        : ['test/database-connection-loss.test.ts', 'test/multi-node.test.ts'],
    env: { TOLLGATE_TEST_DB: name },
    // ledger:verify on every test database before it closes; the file fails on a problem.
    setupFiles: ['test/helpers/ledger-check-setup.ts'],
    ...(name === 'pglite' ? { globalSetup: ['test/helpers/pglite-template.ts'] } : {}),
    // PGlite boots a WebAssembly PostgreSQL per file; argon2 is slow on purpose.
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Every file builds its own app on its own database, and none mocks a module: the files of
    // a worker can share its loaded modules instead of importing the whole server again each
    // (on two cores that was about 450 s of a 900 s run; 40 s shared).
    isolate: false,
  },
});

/**
 * The model test's two halves (about 75 s each, several times any other file) start first, one
 * per worker, and the other files fill in after. Vitest's own order puts files it has no timing
 * for by size, and on a fresh clone (CI) it has none: these two small files went last, and ran
 * side by side at the end while nothing else was left (420 s instead of 280 s).
 */
class ModelTestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (file: TestSpecification) =>
      /[/\\]ledger-model(-2)?\.test\.ts$/.test(file.moduleId) ? 0 : 1;
    return [...(await super.sort(files))].sort((a, b) => rank(a) - rank(b));
  }
}

export default defineConfig({
  test: {
    sequence: { sequencer: ModelTestFirst },
    // Two workers even on two cores: much of an integration test is waiting (PostgreSQL,
    // sockets, child processes), so the second core is not idle while the first waits.
    maxWorkers: 2,
    projects: [
      { test: { name: 'unit', include: ['src/**/*.test.ts', 'scripts/**/*.test.ts'] } },
      integration('pglite'),
      ...(process.env.TEST_DATABASE_URL ? [integration('postgres')] : []),
    ],
  },
});
