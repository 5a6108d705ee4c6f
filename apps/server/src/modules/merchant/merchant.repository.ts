import { and, eq, sql } from 'drizzle-orm';
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

export async function findMerchantByPhone(
  db: Executor,
  countryCode: string,
  phone: string,
): Promise<MerchantRow | undefined> {
  const [row] = await db
    .select()
    .from(merchants)
    .where(and(eq(merchants.countryCode, countryCode), eq(merchants.phone, phone)))
    .limit(1);
  return row;
}

/** Sets the phone unless another merchant holds it; false when taken (unique index, also under a race). */
export async function setMerchantPhone(db: Executor, id: number, countryCode: string, phone: string) {
  const rows = await db
    .update(merchants)
    .set({ countryCode, phone })
    .where(eq(merchants.id, id))
    .returning({ id: merchants.id })
    .catch((error: unknown) => {
      if (isUniqueViolation(error)) return [];
      throw error;
    });
  return rows.length === 1;
}

export async function setMerchantPassword(db: Executor, id: number, passwordHash: string): Promise<void> {
  await db.update(merchants).set({ passwordHash }).where(eq(merchants.id, id));
}

/** PostgreSQL's unique_violation, as node-postgres and PGlite both report it (maybe wrapped by drizzle). */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/** The language the merchant last logged in with: their mails go out in it. */
export async function setMerchantLang(db: Executor, id: number, lang: string): Promise<void> {
  await db.update(merchants).set({ lang }).where(eq(merchants.id, id));
}

/** Withdrawals and payouts stay shut for this long after a password or Google change. */
export const WITHDRAWAL_LOCK_MS = 24 * 60 * 60_000;

/**
 * Shuts withdrawals until `now` + 24 h (a later lock is kept), in the transaction of the change
 * that causes it; `unbound` also remembers that Google was unbound, so the next bind locks too.
 */
export async function lockWithdrawals(
  db: Executor,
  merchantId: number,
  now: Date,
  options: { unbound?: boolean } = {},
): Promise<void> {
  const until = new Date(now.getTime() + WITHDRAWAL_LOCK_MS);
  await db
    .update(merchants)
    .set({
      withdrawalLockedUntil: sql`greatest(coalesce(${merchants.withdrawalLockedUntil}, ${until}), ${until})`,
      ...(options.unbound ? { googleUnboundAt: now } : {}),
    })
    .where(eq(merchants.id, merchantId));
}
