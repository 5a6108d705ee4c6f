/** A pooled connection the PostgreSQL server terminates must not crash the process. */
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createTestDatabase } from './helpers/test-database';

describe('postgres pool', () => {
  it('survives the server terminating its idle connections, and keeps answering', async () => {
    const handle = await createTestDatabase();
    // On the postgres project the handle is node-postgres: execute returns pg's QueryResult.
    const query = async (statement: ReturnType<typeof sql>) =>
      (await handle.db.execute(statement)) as unknown as { rows: Record<string, unknown>[] };
    try {
      const name = (await query(sql`SELECT current_database() AS name`)).rows[0]?.name;
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      const killed = await admin.query(
        'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
        [name],
      );
      await admin.end();
      expect(killed.rowCount).toBeGreaterThan(0);
      await new Promise((resolve) => setTimeout(resolve, 200));
      const again = await query(sql`SELECT 1 AS one`);
      expect(again.rows[0]?.one).toBe(1);
    } finally {
      await handle.close();
    }
  });
});
