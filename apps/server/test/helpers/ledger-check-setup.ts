import { afterAll, expect } from 'vitest';
import { takeLedgerProblems } from './test-database';

/**
 * Setup file of the integration projects: once a test file is over (this afterAll runs after
 * the file's own, which close its apps and so verify their databases), it fails if any of its
 * ledgers was inconsistent (test-database.ts).
 */
afterAll(async () => {
  expect(await takeLedgerProblems(), 'ledger:verify after this file').toEqual([]);
});
