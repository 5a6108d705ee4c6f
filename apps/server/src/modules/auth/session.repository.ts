import { and, eq, isNull, ne } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { merchants, sessions } from '../../db/schema';

/** Login sessions, found by the sha256 of their token (the token itself is never stored). */
export type NewSessionRow = typeof sessions.$inferInsert;

export async function insertSession(db: Executor, values: NewSessionRow): Promise<void> {
  await db.insert(sessions).values(values);
}

export async function findSessionByTokenHash(db: Executor, tokenHash: string) {
  const [row] = await db
    .select({
      sessionId: sessions.id,
      merchantId: sessions.merchantId,
      expiresAt: sessions.expiresAt,
      revokedAt: sessions.revokedAt,
      merchantStatus: merchants.status,
    })
    .from(sessions)
    .innerJoin(merchants, eq(merchants.id, sessions.merchantId))
    .where(eq(sessions.tokenHash, tokenHash))
    .limit(1);
  return row;
}

export async function revokeSession(db: Executor, sessionId: number, at: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: at })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/** Revokes every live session of a merchant, but `keepSessionId` (the caller's own, on a password change). */
export async function revokeMerchantSessions(
  db: Executor,
  merchantId: number,
  at: Date,
  keepSessionId?: number,
): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: at })
    .where(
      and(
        eq(sessions.merchantId, merchantId),
        isNull(sessions.revokedAt),
        keepSessionId === undefined ? undefined : ne(sessions.id, keepSessionId),
      ),
    );
}
