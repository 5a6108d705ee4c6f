import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { preparedPerDatabase } from '../../db/prepared';
import { merchants, sessions } from '../../db/schema';

/** Login sessions, found by the sha256 of their token (the token itself is never stored). */
export type NewSessionRow = typeof sessions.$inferInsert;

export async function insertSession(db: Executor, values: NewSessionRow): Promise<void> {
  await db.insert(sessions).values(values);
}

/** What an authenticated request knows of its merchant without asking again. */
export type SessionMerchant = Pick<
  typeof merchants.$inferSelect,
  | 'email'
  | 'phone'
  | 'countryCode'
  | 'googleState'
  | 'lang'
  | 'createdAt'
  | 'status'
  | 'withdrawalLockedUntil'
>;

/**
 * Every authenticated call runs this, so it is one query (the session and its merchant
 * together) and a prepared statement: built once per database, and on PostgreSQL a named
 * statement that each pooled connection parses once.
 */
const findSessionQuery = preparedPerDatabase((db) =>
  db
    .select({
      sessionId: sessions.id,
      merchantId: sessions.merchantId,
      expiresAt: sessions.expiresAt,
      revokedAt: sessions.revokedAt,
      merchant: {
        email: merchants.email,
        phone: merchants.phone,
        countryCode: merchants.countryCode,
        googleState: merchants.googleState,
        lang: merchants.lang,
        createdAt: merchants.createdAt,
        status: merchants.status,
        withdrawalLockedUntil: merchants.withdrawalLockedUntil,
      },
    })
    .from(sessions)
    .innerJoin(merchants, eq(merchants.id, sessions.merchantId))
    .where(eq(sessions.tokenHash, sql.placeholder('tokenHash')))
    .limit(1)
    .prepare('find_session_by_token_hash'),
);

export async function findSessionByTokenHash(db: Executor, tokenHash: string) {
  const [row] = await findSessionQuery(db).execute({ tokenHash });
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
