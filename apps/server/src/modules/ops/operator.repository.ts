import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { operators } from '../../db/schema';

/**
 * Operator rows (the console's own accounts, never merchants). The Google columns change by
 * conditional UPDATEs, like the merchants' (google.repository.ts), so two requests racing over
 * one code or one binding cannot both win.
 */
export type OperatorRow = typeof operators.$inferSelect;

export async function findOperatorByEmail(db: Executor, email: string): Promise<OperatorRow | undefined> {
  const [row] = await db.select().from(operators).where(eq(operators.email, email)).limit(1);
  return row;
}

export async function findOperatorById(db: Executor, id: number): Promise<OperatorRow | undefined> {
  const [row] = await db.select().from(operators).where(eq(operators.id, id)).limit(1);
  return row;
}

/** Inserts unless the email is taken; undefined when it was. */
export async function insertOperator(
  db: Executor,
  values: typeof operators.$inferInsert,
): Promise<OperatorRow | undefined> {
  const [row] = await db.insert(operators).values(values).onConflictDoNothing().returning();
  return row;
}

export async function setOperatorLastLogin(db: Executor, id: number, at: Date): Promise<void> {
  await db.update(operators).set({ lastLoginAt: at }).where(eq(operators.id, id));
}

const laterStep = (step: number) => or(isNull(operators.googleLastStep), lt(operators.googleLastStep, step));

export async function offerOperatorPendingSecret(db: Executor, id: number, sealed: string): Promise<void> {
  await db
    .update(operators)
    .set({ googlePendingSecret: sealed })
    .where(
      and(eq(operators.id, id), isNull(operators.googlePendingSecret), eq(operators.googleState, false)),
    );
}

/** Records `step` as used; false when it (or a later one) was already accepted: a replay. */
export async function acceptOperatorStep(db: Executor, id: number, step: number): Promise<boolean> {
  const rows = await db
    .update(operators)
    .set({ googleLastStep: step })
    .where(and(eq(operators.id, id), laterStep(step)))
    .returning({ id: operators.id });
  return rows.length === 1;
}

export async function bindOperatorPendingSecret(
  db: Executor,
  id: number,
  secret: { pending: string; bound: string },
  step: number,
): Promise<boolean> {
  const rows = await db
    .update(operators)
    .set({ googleSecret: secret.bound, googlePendingSecret: null, googleState: true, googleLastStep: step })
    .where(
      and(
        eq(operators.id, id),
        eq(operators.googleState, false),
        eq(operators.googlePendingSecret, secret.pending),
        laterStep(step),
      ),
    )
    .returning({ id: operators.id });
  return rows.length === 1;
}
