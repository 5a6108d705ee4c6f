import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { createPgliteDatabase, createPostgresDatabase, type DatabaseHandle } from '../../src/db/client';

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

export async function createTestDatabase(): Promise<DatabaseHandle> {
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
