/** `npm run ledger:verify`: clean → exit 0; a tampered record → its problem printed, exit 1; unreadable → exit 2. */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPgliteDatabase, type DatabaseHandle } from '../src/db/client';
import { fundRecords, merchants } from '../src/db/schema';
import { postFundRecord } from '../src/modules/ledger/post-fund-record';
import { isPostgresRun } from './helpers/test-database';

// The command opens the embedded database under DATA_DIR like the server: one run per file
// is enough (it is the same in the postgres project).
const dataDir = mkdtempSync(join(tmpdir(), 'tollgate-ledger-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function runVerify(env: Record<string, string>) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', 'scripts/ledger-verify.ts'],
      { cwd: join(import.meta.dirname, '..'), env: { ...process.env, DATABASE_URL: '', ...env } },
      (error, stdout, stderr) => resolve({ code: error ? (error.code as number) : 0, stdout, stderr }),
    );
  });
}

/** Opens the directory's database only while writing to it: the command needs it to itself. */
async function withDatabase(work: (db: DatabaseHandle['db'], handle: DatabaseHandle) => Promise<void>) {
  const handle = await createPgliteDatabase(join(dataDir, 'pglite'));
  try {
    await work(handle.db, handle);
  } finally {
    await handle.close();
  }
}

let recordId = 0;
async function seedLedger() {
  await withDatabase(async (db, handle) => {
    await handle.migrate();
    const [merchant] = await db
      .insert(merchants)
      .values({ email: 'ledger@example.com', createdAt: new Date() })
      .returning();
    for (const change of ['10', '2.5']) {
      const record = await db.transaction((tx) =>
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
  });
}

// Each case starts a process that opens PGlite from disk: slow on a busy machine.
describe.skipIf(isPostgresRun())('npm run ledger:verify', { timeout: 120_000 }, () => {
  beforeAll(seedLedger);

  it('says the ledger is consistent and exits 0', async () => {
    const result = await runVerify({ DATA_DIR: dataDir });
    expect(result.stdout).toMatch(/is consistent/);
    expect(result.code).toBe(0);
  });

  it('prints each problem and exits 1 once a record was tampered with', async () => {
    await withDatabase(async (db) => {
      await db.update(fundRecords).set({ fee: '1' }).where(eq(fundRecords.id, recordId));
    });
    const result = await runVerify({ DATA_DIR: dataDir });
    expect(result.stdout).toMatch(new RegExp(`fund record ${recordId} \\[hash\\]: hash does not match`));
    // The bill report's aggregate kept the fee as posted: it no longer matches the record.
    expect(result.stdout).toMatch(
      /report aggregate bill \d{4}-\d\d-\d\d collection USDT: kept 2 12\.5 0 12\.5, recomputed 2 12\.5\d* 1\.0* 12\.5/,
    );
    expect(result.stdout).toMatch(/2 problem\(s\)/);
    expect(result.code).toBe(1);
  });

  it('exits 2 when the database cannot be read', async () => {
    const result = await runVerify({ DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none', SECRET_KEY: '' });
    expect(result.stderr).toMatch(/cannot read the database at DATABASE_URL/);
    expect(result.code).toBe(2);
  });
});
