import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { inject } from 'vitest';
import {
  createPgliteDatabase,
  createPostgresDatabase,
  type Database,
  type DatabaseHandle,
} from '../../src/db/client';
import { describeProblem, verifyLedger } from '../../src/modules/ledger/verify-ledger';

/**
 * A fresh database for one test file: in-memory PGlite started from the migrated dump, or (project `postgres`) a
 * uniquely named database on the TEST_DATABASE_URL server, dropped when the handle closes.
 */
export function isPostgresRun(): boolean {
  return process.env.TOLLGATE_TEST_DB === 'postgres';
}

async function runAdminQuery(adminUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * `ledger:verify` after every integration test file, without the file asking: each test
 * database is verified just before it closes (and, if a file leaves one open, in the setup
 * file's afterAll: ledger-check-setup.ts), and what is wrong fails that file. A test that breaks
 * the ledger on purpose says so with allowBrokenLedger.
 */
const openDatabases = new Set<DatabaseHandle>();
const brokenOnPurpose = new WeakSet<Database>();
let ledgerProblems: string[] = [];

export function allowBrokenLedger(db: Database): void {
  brokenOnPurpose.add(db);
}

async function checkLedgerOf(handle: DatabaseHandle): Promise<void> {
  if (brokenOnPurpose.has(handle.db)) return;
  try {
    // A database no app migrated (a file that only needed one to exist) has no ledger.
    const found = (await handle.db.execute(
      sql`select to_regclass('public.fund_records') is not null as found`,
    )) as unknown as {
      rows: { found: boolean }[];
    };
    if (!found.rows[0]?.found) return;
    ledgerProblems.push(...(await verifyLedger(handle.db)).map(describeProblem));
  } catch (error) {
    ledgerProblems.push(`the ledger could not be verified: ${(error as Error).message}`);
  }
}

/** Verifies the databases still open, then hands over (and forgets) every problem found. */
export async function takeLedgerProblems(): Promise<string[]> {
  for (const handle of openDatabases) await checkLedgerOf(handle);
  const problems = ledgerProblems;
  ledgerProblems = [];
  return problems;
}

function verifiedOnClose(handle: DatabaseHandle): DatabaseHandle {
  openDatabases.add(handle);
  let closed: Promise<void> | undefined;
  return {
    ...handle,
    close: () => {
      closed ??= (async () => {
        openDatabases.delete(handle);
        await checkLedgerOf(handle);
        await handle.close();
      })();
      return closed;
    },
  };
}

export async function createTestDatabase(): Promise<DatabaseHandle> {
  return verifiedOnClose(await openTestDatabase());
}

async function openTestDatabase(): Promise<DatabaseHandle> {
  if (!isPostgresRun()) {
    // The migrated dump the pglite project's global setup made (pglite-template.ts).
    const template = inject('pgliteTemplate');
    return createPgliteDatabase(
      undefined,
      template ? { loadDataDir: new Blob([readFileSync(template)]) } : {},
    );
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('the postgres project needs TEST_DATABASE_URL');
  const name = `tollgate_test_${process.pid}_${randomBytes(6).toString('hex')}`;
  await runAdminQuery(adminUrl, `CREATE DATABASE "${name}"`);
  // A throwaway database: commits need not wait for the disk (a crash loses nothing a test
  // needs), which is most of a short transaction's time on this machine's disk.
  await runAdminQuery(adminUrl, `ALTER DATABASE "${name}" SET synchronous_commit = off`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = await createPostgresDatabase(url.toString());
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await runAdminQuery(adminUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    },
  };
}
