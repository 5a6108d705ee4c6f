/**
 * Vitest global setup of the pglite project: PGlite's initdb takes seconds per database (more
 * on a busy machine), so one in-memory database is created and migrated once per run, dumped to
 * a file, and every test file starts its own database from that dump (test-database.ts). Each
 * file still gets a private database; migrate() then finds nothing left to apply.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import type { TestProject } from 'vitest/node';
import { findMigrationsFolder } from '../../src/db/migrations-folder';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
  }
}

export default async function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), 'tollgate-pglite-template-'));
  const file = join(dir, 'migrated.tar');
  const client = await PGlite.create();
  try {
    await migrate(drizzle({ client }), { migrationsFolder: findMigrationsFolder() });
    const dump = await client.dumpDataDir('none');
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await client.close();
  }
  project.provide('pgliteTemplate', file);
  return () => rmSync(dir, { recursive: true, force: true });
}
