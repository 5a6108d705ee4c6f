import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createPgliteDatabase, createPostgresDatabase, type DatabaseHandle } from '../../src/db/client';

/**
 * A fresh, empty database for one test file: in-memory PGlite, or (project `postgres`) a
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
  if (!isPostgresRun()) return createPgliteDatabase();
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('the postgres project needs TEST_DATABASE_URL');
  const name = `tollgate_test_${process.pid}_${randomBytes(6).toString('hex')}`;
  await runAdminQuery(adminUrl, `CREATE DATABASE "${name}"`);
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
