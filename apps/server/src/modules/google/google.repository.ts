import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { merchants } from '../../db/schema';

/**
 * The Google Authenticator columns of merchants; the secrets arrive sealed (google-secrets.ts).
 * Every change is one conditional UPDATE, so two requests racing over one code or one binding
 * cannot both win.
 */
const laterStep = (step: number) => or(isNull(merchants.googleLastStep), lt(merchants.googleLastStep, step));

/** Offers a pending secret unless one is already offered (or Google is bound). */
export async function offerPendingSecret(db: Executor, merchantId: number, secret: string): Promise<void> {
  await db
    .update(merchants)
    .set({ googlePendingSecret: secret })
    .where(
      and(
        eq(merchants.id, merchantId),
        isNull(merchants.googlePendingSecret),
        eq(merchants.googleState, false),
      ),
    );
}

/** Records `step` as used; false when this step (or a later one) was already accepted: a replay. */
export async function acceptStep(db: Executor, merchantId: number, step: number): Promise<boolean> {
  const rows = await db
    .update(merchants)
    .set({ googleLastStep: step })
    .where(and(eq(merchants.id, merchantId), laterStep(step)))
    .returning({ id: merchants.id });
  return rows.length === 1;
}

/**
 * Binds the offered secret the code was checked against (`pending`, as stored) as `bound`
 * (the same secret sealed for the bound column), with its step.
 */
export async function bindPendingSecret(
  db: Executor,
  merchantId: number,
  secret: { pending: string; bound: string },
  step: number,
) {
  const rows = await db
    .update(merchants)
    .set({ googleSecret: secret.bound, googlePendingSecret: null, googleState: true, googleLastStep: step })
    .where(
      and(
        eq(merchants.id, merchantId),
        eq(merchants.googleState, false),
        eq(merchants.googlePendingSecret, secret.pending),
        laterStep(step),
      ),
    )
    .returning({ id: merchants.id });
  return rows.length === 1;
}

/** Forgets the bound secret; the next GET /google/check offers a fresh one. */
export async function unbindSecret(db: Executor, merchantId: number): Promise<boolean> {
  const rows = await db
    .update(merchants)
    .set({ googleSecret: null, googlePendingSecret: null, googleState: false, googleLastStep: null })
    .where(and(eq(merchants.id, merchantId), eq(merchants.googleState, true)))
    .returning({ id: merchants.id });
  return rows.length === 1;
}
