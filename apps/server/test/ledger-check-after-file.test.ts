/**
 * The automatic ledger:verify of every integration test file (helpers/test-database.ts and
 * helpers/ledger-check-setup.ts): a test database is verified as it closes, and a tampered
 * ledger is reported, unless a test broke it on purpose and said so.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/db/client';
import { fundRecords, merchants } from '../src/db/schema';
import { postFundRecord } from '../src/modules/ledger/post-fund-record';
import { allowBrokenLedger, createTestDatabase, takeLedgerProblems } from './helpers/test-database';

async function databaseWithLedger(): Promise<{ handle: DatabaseHandle; recordId: number }> {
  const handle = await createTestDatabase();
  await handle.migrate();
  const [merchant] = await handle.db
    .insert(merchants)
    .values({ email: 'ledger-check@example.com', createdAt: new Date() })
    .returning();
  let recordId = 0;
  for (const change of ['10', '2.5']) {
    const record = await handle.db.transaction((tx) =>
      postFundRecord(tx, {
        merchantId: merchant?.id ?? 0,
        currency: 'USDT',
        type: 'collection',
        bucket: 'available',
        change,
        amount: change,
        fee: '0',
        orderNo: null,
        txHash: null,
        address: null,
        network: 'TRON',
        status: 'completed',
        now: new Date(),
      }),
    );
    recordId = record.id;
  }
  return { handle, recordId };
}

describe('ledger:verify after every test file', () => {
  it('finds nothing wrong with a clean ledger', async () => {
    const { handle } = await databaseWithLedger();
    await handle.close();
    expect(await takeLedgerProblems()).toEqual([]);
  });

  it('reports a record tampered with before the database closed', async () => {
    const { handle, recordId } = await databaseWithLedger();
    await handle.db.update(fundRecords).set({ amount: '9999' }).where(eq(fundRecords.id, recordId));
    await handle.close();
    // Taken here, so this file's own check (the setup file's afterAll) stays clean.
    const problems = await takeLedgerProblems();
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/hash/);
  });

  it('also verifies a database a file left open', async () => {
    const { handle, recordId } = await databaseWithLedger();
    await handle.db.update(fundRecords).set({ amount: '7' }).where(eq(fundRecords.id, recordId));
    const problems = await takeLedgerProblems();
    expect(problems.length).toBeGreaterThan(0);
    allowBrokenLedger(handle.db);
    await handle.close();
  });

  it('leaves alone a ledger a test broke on purpose', async () => {
    const { handle, recordId } = await databaseWithLedger();
    await handle.db.delete(fundRecords).where(eq(fundRecords.id, recordId));
    allowBrokenLedger(handle.db);
    await handle.close();
    expect(await takeLedgerProblems()).toEqual([]);
  });
});
