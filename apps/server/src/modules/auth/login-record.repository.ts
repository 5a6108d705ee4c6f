import { desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { loginRecords } from '../../db/schema';

/** The login history: one row per successful login, read back newest first. */
export async function insertLoginRecord(
  db: Executor,
  values: typeof loginRecords.$inferInsert,
): Promise<void> {
  await db.insert(loginRecords).values(values);
}

export async function listRecentLogins(db: Executor, merchantId: number, limit: number) {
  return db
    .select({ ip: loginRecords.ip, createdAt: loginRecords.createdAt })
    .from(loginRecords)
    .where(eq(loginRecords.merchantId, merchantId))
    .orderBy(desc(loginRecords.createdAt), desc(loginRecords.id))
    .limit(limit);
}
