import { expect } from 'vitest';
import type { Database } from '../../src/db/client';
import { describeProblem, verifyLedger } from '../../src/modules/ledger/verify-ledger';
import { describeDailyStatsProblem, verifyDailyStats } from '../../src/modules/reports/verify-daily-stats';

/**
 * The ledger check every integration test file touching money ends with (in afterAll, before
 * closing the app): balances equal the sums of their fund records, before/after continuous,
 * the hash chain unbroken. Fails with one line per problem.
 */
export async function expectLedgerClean(db: Database): Promise<void> {
  const problems = await verifyLedger(db);
  expect(problems.map(describeProblem)).toEqual([]);
}

/**
 * The reports' aggregates (merchant_daily_stats) equal their recomputation from the fund
 * records, orders and withdrawals: the files whose workload goes through every writer call it
 * after the ledger check (files that write orders or records directly, outside those writers,
 * cannot).
 */
export async function expectReportStatsExact(db: Database): Promise<void> {
  const problems = await verifyDailyStats(db);
  expect(problems.map(describeDailyStatsProblem)).toEqual([]);
}
