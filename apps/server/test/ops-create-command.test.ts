/**
 * `npm run ops:create -- --email … --password …`: creates an operator on a fresh database
 * (migrating it first), the embedded one under DATA_DIR in the pglite project and one at
 * DATABASE_URL in the postgres project; refuses a duplicate email and a weak password clearly
 * (exit 1), changing nothing.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPgliteDatabase, createPostgresDatabase, type DatabaseHandle } from '../src/db/client';
import { operators } from '../src/db/schema';
import { verifyPassword } from '../src/lib/passwords';
import { isPostgresRun } from './helpers/test-database';

const dataDir = mkdtempSync(join(tmpdir(), 'tollgate-ops-create-'));
let databaseUrl = '';
const adminUrl = process.env.TEST_DATABASE_URL ?? '';
const dbName = `tollgate_ops_create_${process.pid}_${randomBytes(4).toString('hex')}`;

async function admin(sql: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  if (!isPostgresRun()) return;
  await admin(`CREATE DATABASE "${dbName}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${dbName}`;
  databaseUrl = url.toString();
});
afterAll(async () => {
  rmSync(dataDir, { recursive: true, force: true });
  if (isPostgresRun()) await admin(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
});

function runCreate(args: string[]) {
  const env = isPostgresRun()
    ? { ...process.env, DATABASE_URL: databaseUrl }
    : { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir };
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', 'scripts/ops-create.ts', ...args],
      { cwd: join(import.meta.dirname, '..'), env },
      (error, stdout, stderr) => resolve({ code: error ? (error.code as number) : 0, stdout, stderr }),
    );
  });
}

async function readOperators() {
  const handle: DatabaseHandle = isPostgresRun()
    ? await createPostgresDatabase(databaseUrl)
    : await createPgliteDatabase(join(dataDir, 'pglite'));
  try {
    return await handle.db.select().from(operators);
  } finally {
    await handle.close();
  }
}

// Each case starts a process that opens (and the first time migrates) the database: slow.
describe('npm run ops:create', { timeout: 180_000 }, () => {
  it('creates an operator on a fresh database and says where', async () => {
    const result = await runCreate(['--email', 'Lead.Ops@Example.com', '--password', 'Operator2026']);
    expect(result.stderr).toBe('');
    expect(result.stdout).toMatch(/^ops:create: operator lead\.ops@example\.com \(id \d+\) created in /);
    expect(result.code).toBe(0);
    const rows = await readOperators();
    expect(rows.map((r) => [r.email, r.status, r.googleState])).toEqual([
      ['lead.ops@example.com', 'active', false],
    ]);
    expect(await verifyPassword(rows[0]?.passwordHash ?? '', 'Operator2026')).toBe(true);
  });

  it('refuses a taken email, changing nothing', async () => {
    const result = await runCreate(['--email', 'lead.ops@example.com', '--password', 'Another2026pw']);
    expect(result.stderr).toMatch(/an operator with the email lead\.ops@example\.com already exists/);
    expect(result.code).toBe(1);
    const rows = await readOperators();
    expect(rows).toHaveLength(1);
    expect(await verifyPassword(rows[0]?.passwordHash ?? '', 'Operator2026')).toBe(true);
  });

  it('refuses a bad email or a password below the rule, before opening the database', async () => {
    const result = await runCreate(['--email', 'not-an-email', '--password', 'short']);
    expect(result.stderr.split('\n')).toEqual([
      'ops:create: --email must be an email address (got "not-an-email")',
      'ops:create: --password must be 8 to 32 characters with a lowercase letter, an uppercase letter and a digit',
      'usage: npm run ops:create -- --email <email> --password <password>',
      '',
    ]);
    expect(result.code).toBe(1);
  });
});
