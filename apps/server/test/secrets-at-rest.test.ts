/**
 * Google Authenticator secrets at rest: rows stored in plain text before sealing existed are
 * sealed by the start-up step, once, also when several nodes start at once; a start with
 * another key is refused; a sealed secret moved to another merchant does not open.
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/db/client';
import { merchants, operators } from '../src/db/schema';
import { sealPlainSecrets } from '../src/db/seal-secrets';
import { hashPassword } from '../src/lib/passwords';
import { createSecretBox } from '../src/lib/secret-box';
import { StartupError } from '../src/lib/startup-error';
import { generateTotpSecret, totpCode } from '../src/modules/google/totp';
import { buildTestApp, TEST_SECRET_KEY } from './helpers/build-test-app';
import { createTestDatabase, isPostgresRun } from './helpers/test-database';

const PASSWORD = 'Merchant2026';

/** A database as an older version left it: migrated, with merchants whose secrets are plain. */
async function databaseWithPlainSecrets(count: number) {
  const database = await createTestDatabase();
  await database.migrate();
  const passwordHash = await hashPassword(PASSWORD);
  const rows = [];
  for (let i = 0; i < count; i++) {
    const bound = generateTotpSecret();
    const offered = generateTotpSecret();
    const [row] = await database.db
      .insert(merchants)
      .values({
        email: `plain-${i}-${randomBytes(4).toString('hex')}@example.com`,
        passwordHash,
        createdAt: new Date(),
        // Half of them bound, half with only an offered secret.
        ...(i % 2 === 0 ? { googleState: true, googleSecret: bound } : { googlePendingSecret: offered }),
      })
      .returning();
    if (row) rows.push({ ...row, plain: i % 2 === 0 ? bound : offered });
  }
  return { database, rows };
}

const readRows = (database: DatabaseHandle) => database.db.select().from(merchants).orderBy(merchants.id);

describe('the start-up step', () => {
  it('seals plain secrets, bound to their row, and the owners still log in with their codes', async () => {
    const { database, rows } = await databaseWithPlainSecrets(4);
    const app = await buildTestApp({ database, env: { LOGIN_RATE_LIMIT: '1000' } });
    try {
      for (const row of rows) {
        const [stored] = await app.db.select().from(merchants).where(eq(merchants.id, row.id));
        const column = row.googleState ? 'google_secret' : 'google_pending_secret';
        const sealed = (row.googleState ? stored?.googleSecret : stored?.googlePendingSecret) ?? '';
        expect(sealed).toMatch(/^v1:/);
        expect(sealed).not.toContain(row.plain);
        expect(app.secrets.open(sealed, `merchant:${row.id}:${column}`)).toBe(row.plain);
      }
      const bound = rows.find((row) => row.googleState);
      const login = await app.inject({
        method: 'POST',
        url: '/front/login',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({
          email: bound?.email ?? '',
          password: PASSWORD,
          googleCode: totpCode(bound?.plain ?? '', app.now()),
        }).toString(),
      });
      expect(login.json().code).toBe(0);
      // Run again, it finds nothing left to seal and changes nothing.
      const before = await readRows(database);
      expect(await sealPlainSecrets(app.db, app.secrets)).toBe(0);
      expect(await readRows(database)).toEqual(before);
    } finally {
      await app.close();
    }
  });

  it('refuses to start with a key that does not open what is sealed', async () => {
    const { database } = await databaseWithPlainSecrets(1);
    await sealPlainSecrets(database.db, createSecretBox(Buffer.from(TEST_SECRET_KEY, 'base64')));
    const otherKey = randomBytes(32).toString('base64');
    const start = buildTestApp({ database, env: { SECRET_KEY: otherKey } });
    await expect(start).rejects.toThrow(StartupError);
    await expect(start).rejects.toThrow('The secret key does not open the secrets stored in the database');
  });

  it("refuses to start with a key that does not open an operator's Google secret", async () => {
    const database = await createTestDatabase();
    await database.migrate();
    const [operator] = await database.db
      .insert(operators)
      .values({
        email: 'sealed-ops@example.com',
        passwordHash: await hashPassword(PASSWORD),
        createdAt: new Date(),
      })
      .returning();
    const box = createSecretBox(Buffer.from(TEST_SECRET_KEY, 'base64'));
    const sealed = box.seal(generateTotpSecret(), `operator:${operator?.id}:google_secret`);
    await database.db.update(operators).set({ googleSecret: sealed, googleState: true });
    const start = buildTestApp({ database, env: { SECRET_KEY: randomBytes(32).toString('base64') } });
    await expect(start).rejects.toThrow(StartupError);
    await expect(start).rejects.toThrow(`operators.google_secret of operator ${operator?.id}`);
  });
});

describe.runIf(isPostgresRun())('nodes starting at once (PostgreSQL)', () => {
  it('seal each plain secret exactly once', async () => {
    const { database, rows } = await databaseWithPlainSecrets(40);
    try {
      const box = createSecretBox(Buffer.from(TEST_SECRET_KEY, 'base64'));
      const counts = await Promise.all(Array.from({ length: 4 }, () => sealPlainSecrets(database.db, box)));
      expect(counts.reduce((sum, n) => sum + n, 0)).toBe(rows.length);
      for (const stored of await readRows(database)) {
        const plain = rows.find((row) => row.id === stored.id)?.plain;
        const value = stored.googleSecret ?? stored.googlePendingSecret ?? '';
        const column = stored.googleSecret ? 'google_secret' : 'google_pending_secret';
        expect(box.open(value, `merchant:${stored.id}:${column}`)).toBe(plain);
      }
    } finally {
      await database.close();
    }
  });
});
