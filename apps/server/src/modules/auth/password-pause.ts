import { and, eq, gt, isNull, lte, or } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { loginThrottles } from '../../db/schema';
import type { ServiceDeps } from '../../types';
import { enqueueMail } from '../mail/mail.job';
import { languageOf } from '../merchant/merchant.service';
import type { LoginTarget } from './login-credentials';
import { countPasswordFailures, HOUR_MS, MAX_FAILURES_PER_HOUR } from './login-throttle';

/**
 * Once an account's hourly budget of failed password guesses is spent, password login is
 * paused for an hour (1104) and the merchant is mailed once, in their language, with the time
 * it resumes and the failed tries: someone who only knows the email can no longer lock the
 * owner out (a login by emailed code still works), and the owner learns of the guessing.
 *
 * The pause is the account's `login_throttles` row under the pseudo-address '*' (no request
 * has that IP): `locked_until` is when it ends, `failures` the tries that caused it. It is
 * started by one conditional upsert that only an expired (or absent) pause lets through, in
 * the transaction that enqueues the mail, so of many failures racing past the limit exactly
 * one starts the pause and sends the mail. A password reset deletes it with the other locks.
 */
export const ACCOUNT_WIDE = '*';
export const PAUSE_MS = HOUR_MS;

const thePause = (identifier: string) =>
  and(eq(loginThrottles.identifier, identifier), eq(loginThrottles.ip, ACCOUNT_WIDE));

export async function isPasswordLoginPaused(db: Executor, identifier: string, at: Date): Promise<boolean> {
  const [row] = await db
    .select({ identifier: loginThrottles.identifier })
    .from(loginThrottles)
    .where(and(thePause(identifier), gt(loginThrottles.lockedUntil, at)))
    .limit(1);
  return row !== undefined;
}

/** Starts the pause unless one is running; true when this call started it. */
async function startPause(tx: Executor, identifier: string, at: Date, failures: number): Promise<boolean> {
  const until = new Date(at.getTime() + PAUSE_MS);
  const rows = await tx
    .insert(loginThrottles)
    .values({ identifier, ip: ACCOUNT_WIDE, failures, lockedUntil: until })
    .onConflictDoUpdate({
      target: [loginThrottles.identifier, loginThrottles.ip],
      set: { failures, lockedUntil: until },
      setWhere: or(isNull(loginThrottles.lockedUntil), lte(loginThrottles.lockedUntil, at)),
    })
    .returning({ identifier: loginThrottles.identifier });
  return rows.length === 1;
}

/** After a failed password guess: when the hour's budget is spent, pause and mail (once). */
export async function pausePasswordLoginIfSpent(
  { db, now, jobs }: ServiceDeps,
  target: LoginTarget,
): Promise<void> {
  const at = now();
  const counted = await countPasswordFailures(db, target.identifier, at);
  if (counted < MAX_FAILURES_PER_HOUR) return;
  // Attempts refused past the limit are counted for a moment too; they were never checked.
  const failures = Math.min(counted, MAX_FAILURES_PER_HOUR);
  const { merchant } = target;
  const started = await db.transaction(async (tx) => {
    if (!(await startPause(tx, target.identifier, at, failures))) return false;
    if (merchant) {
      const until = new Date(at.getTime() + PAUSE_MS).toISOString();
      const content = { template: 'passwordLoginPaused' as const, email: merchant.email, until, failures };
      await enqueueMail(tx, { to: merchant.email, lang: languageOf(merchant), content }, at);
    }
    return true;
  });
  if (started && merchant) jobs.wake();
}
