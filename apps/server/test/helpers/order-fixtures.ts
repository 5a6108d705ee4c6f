import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { applications } from '../../src/db/schema';

/**
 * An application row for tests that need one to hang orders on (its secret is never opened
 * here: the signed API has its own tests through the applications module).
 */
export async function createTestApplication(
  app: FastifyInstance,
  merchantId: number,
  overrides: Partial<typeof applications.$inferInsert> = {},
) {
  const [row] = await app.db
    .insert(applications)
    .values({
      merchantId,
      appId: `app${randomBytes(8).toString('hex')}`,
      name: 'Test shop',
      secretSealed: 'unused-in-this-test',
      createdAt: app.now(),
      updatedAt: app.now(),
      ...overrides,
    })
    .returning();
  if (!row) throw new Error('createTestApplication: no row');
  return row;
}
