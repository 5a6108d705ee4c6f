import type { Executor } from '../../db/client';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import type { Clock } from '../../types';
import { findOperatorByEmail, insertOperator, type OperatorRow } from './operator.repository';

/**
 * Operators are made by hand, never through the web: `npm run ops:create` (scripts/ops-create.ts)
 * for real ones, and on the embedded default a demo operator beside the demo merchant, on the
 * same conditions (demo-merchant.ts shouldSeedDemo), so a newcomer can open /ops at once.
 */
export const DEMO_OPERATOR = { email: 'ops@tollgate.dev', password: 'Tollgate2026' } as const;

/** Undefined when the email is taken (also under a race: the unique index decides). */
export async function createOperator(
  db: Executor,
  input: { email: string; password: string; now: Date },
): Promise<OperatorRow | undefined> {
  return insertOperator(db, {
    email: input.email.toLowerCase(),
    passwordHash: await hashPassword(input.password),
    createdAt: input.now,
  });
}

/**
 * Seeds the demo operator when `seed` and it is missing (an existing one, and any password it
 * was given since, is left alone), and tells whether the demo login printed at start works: not
 * disabled, password unchanged. Just created, it works without a second (slow) password check.
 */
export async function seedDemoOperator(db: Executor, now: Clock, seed: boolean): Promise<boolean> {
  const operator = await findOperatorByEmail(db, DEMO_OPERATOR.email);
  if (!operator) return seed && (await createOperator(db, { ...DEMO_OPERATOR, now: now() })) !== undefined;
  if (operator.status !== 'active') return false;
  return verifyPassword(operator.passwordHash, DEMO_OPERATOR.password);
}
