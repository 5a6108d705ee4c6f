import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { type CodePurpose, emailCodes } from '../../db/schema';

/** Only the newest row of an (email, purpose) counts: a new code replaces the old. */
export async function findLatestCode(db: Executor, email: string, purpose: CodePurpose) {
  const [row] = await db
    .select()
    .from(emailCodes)
    .where(and(eq(emailCodes.email, email), eq(emailCodes.purpose, purpose)))
    .orderBy(desc(emailCodes.id))
    .limit(1);
  return row;
}

/**
 * When the `limit`-th newest code sent since `since` was sent: undefined while fewer than
 * `limit` were. Once it leaves the window, fewer than `limit` are left, so a send is allowed.
 */
export async function findLimitingCodeTime(
  db: Executor,
  by: { email: string; purpose: CodePurpose } | { ip: string },
  since: Date,
  limit: number,
): Promise<Date | undefined> {
  const [row] = await db
    .select({ createdAt: emailCodes.createdAt })
    .from(emailCodes)
    .where(and(whoSent(by), gt(emailCodes.createdAt, since)))
    .orderBy(desc(emailCodes.createdAt))
    .offset(limit - 1)
    .limit(1);
  return row?.createdAt;
}

function whoSent(by: { email: string; purpose: CodePurpose } | { ip: string }) {
  return 'ip' in by
    ? eq(emailCodes.ip, by.ip)
    : and(eq(emailCodes.email, by.email), eq(emailCodes.purpose, by.purpose));
}

export async function insertCode(db: Executor, values: typeof emailCodes.$inferInsert): Promise<void> {
  await db.insert(emailCodes).values(values);
}

/**
 * Takes one try, atomically: concurrent guesses cannot together exceed `maxTries`. Returns the
 * tries now used, or undefined when the code is used up, dead or gone.
 */
export async function takeTry(db: Executor, id: number, maxTries: number): Promise<number | undefined> {
  const [row] = await db
    .update(emailCodes)
    .set({ attempts: sql`${emailCodes.attempts} + 1` })
    .where(and(eq(emailCodes.id, id), lt(emailCodes.attempts, maxTries), isNull(emailCodes.consumedAt)))
    .returning({ attempts: emailCodes.attempts });
  return row?.attempts;
}

/** A right code gives its try back: only wrong ones count. */
export async function giveTryBack(db: Executor, id: number): Promise<void> {
  await db
    .update(emailCodes)
    .set({ attempts: sql`greatest(${emailCodes.attempts} - 1, 0)` })
    .where(eq(emailCodes.id, id));
}

/** Uses the code up; false when another request did first. */
export async function consumeCode(db: Executor, id: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(emailCodes)
    .set({ consumedAt: now })
    .where(and(eq(emailCodes.id, id), isNull(emailCodes.consumedAt)))
    .returning({ id: emailCodes.id });
  return rows.length === 1;
}
