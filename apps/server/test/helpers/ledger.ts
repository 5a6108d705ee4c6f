import { expect } from 'vitest';
import type { Database } from '../../src/db/client';
import { describeProblem, verifyLedger } from '../../src/modules/ledger/verify-ledger';

/**
 * The ledger check every integration test file touching money ends with (in afterAll, before
 * closing the app): balances equal the sums of their fund records, before/after continuous,
 * the hash chain unbroken. Fails with one line per problem.
 */
export async function expectLedgerClean(db: Database): Promise<void> {
  const problems = await verifyLedger(db);
  expect(problems.map(describeProblem)).toEqual([]);
}
