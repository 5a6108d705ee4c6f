import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { merchants } from '../../db/schema';

/** Merchant rows. Emails arrive lower-cased (contracts `emailField`); the table insists on it too. */
export type MerchantRow = typeof merchants.$inferSelect;
export type NewMerchantRow = typeof merchants.$inferInsert;

export async function findMerchantByEmail(db: Executor, email: string): Promise<MerchantRow | undefined> {
  const [row] = await db.select().from(merchants).where(eq(merchants.email, email)).limit(1);
  return row;
}

export async function findMerchantById(db: Executor, id: number): Promise<MerchantRow | undefined> {
  const [row] = await db.select().from(merchants).where(eq(merchants.id, id)).limit(1);
  return row;
}

/** Inserts unless the email is taken; returns the new row, or undefined when it was taken. */
export async function insertMerchant(db: Executor, values: NewMerchantRow): Promise<MerchantRow | undefined> {
  const [row] = await db.insert(merchants).values(values).onConflictDoNothing().returning();
  return row;
}
