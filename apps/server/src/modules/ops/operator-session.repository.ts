import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { preparedPerDatabase } from '../../db/prepared';
import { operatorSessions, operators } from '../../db/schema';

/** Operator sessions, found by the sha256 of their token; a table apart from the merchants' sessions. */
export async function insertOperatorSession(
  db: Executor,
  values: typeof operatorSessions.$inferInsert,
): Promise<void> {
  await db.insert(operatorSessions).values(values);
}

/** Every console call runs this: the session and its operator in one prepared query. */
const findQuery = preparedPerDatabase((db) =>
  db
    .select({
      sessionId: operatorSessions.id,
      operatorId: operatorSessions.operatorId,
      expiresAt: operatorSessions.expiresAt,
      revokedAt: operatorSessions.revokedAt,
      operator: { email: operators.email, googleState: operators.googleState, status: operators.status },
    })
    .from(operatorSessions)
    .innerJoin(operators, eq(operators.id, operatorSessions.operatorId))
    .where(eq(operatorSessions.tokenHash, sql.placeholder('tokenHash')))
    .limit(1)
    .prepare('find_operator_session_by_token_hash'),
);

export async function findOperatorSessionByTokenHash(db: Executor, tokenHash: string) {
  const [row] = await findQuery(db).execute({ tokenHash });
  return row;
}

export async function revokeOperatorSession(db: Executor, sessionId: number, at: Date): Promise<void> {
  await db
    .update(operatorSessions)
    .set({ revokedAt: at })
    .where(and(eq(operatorSessions.id, sessionId), isNull(operatorSessions.revokedAt)));
}
