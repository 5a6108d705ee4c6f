import { ErrorCode } from '@tollgate/contracts';
import { and, count, eq, gt, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { loginFailures, loginThrottles } from '../../db/schema';
import { AppError } from '../../lib/app-error';

/**
 * Failed-login accounting. 10 failures in a row for an account from one IP lock that account
 * for that IP for 15 minutes (1103, even the right password or code). The account-wide budget
 * is for password guesses only: more than 100 in an hour, from any IPs, are refused (1104);
 * password-pause.ts then pauses password login for the hour. Emailed codes are not in that
 * budget (each has its own 5 tries and hourly sending caps), so a login by code, which proves
 * the mailbox, still lets the owner in. Every attempt is counted as a failure BEFORE its
 * credential is checked and forgiven afterwards if it succeeds, so a burst of parallel
 * guesses cannot slip past the limits while the slow checks run.
 */
export const MAX_FAILURES_IN_A_ROW = 10;
export const LOCK_MS = 15 * 60_000;
export const MAX_FAILURES_PER_HOUR = 100;
export const HOUR_MS = 60 * 60_000;

export interface LoginAttempt {
  identifier: string;
  ip: string;
  /** The attempt's row in the hourly password budget; null for a login by emailed code. */
  failureId: number | null;
}

const timestamp = (at: Date) => sql`${at.toISOString()}::timestamptz`;

/** Password guesses for the account in the hour up to `at`, the undecided ones included. */
export async function countPasswordFailures(db: Executor, identifier: string, at: Date): Promise<number> {
  const hourAgo = new Date(at.getTime() - HOUR_MS);
  const [recent] = await db
    .select({ n: count() })
    .from(loginFailures)
    .where(and(eq(loginFailures.identifier, identifier), gt(loginFailures.createdAt, hourAgo)));
  return recent?.n ?? 0;
}

/** Takes a place in the hourly password budget, or refuses (1104) when it is spent. */
async function takePasswordBudget(db: Executor, identifier: string, ip: string, at: Date) {
  // Rows older than the window count for nothing any more.
  const hourAgo = new Date(at.getTime() - HOUR_MS);
  await db
    .delete(loginFailures)
    .where(and(eq(loginFailures.identifier, identifier), lt(loginFailures.createdAt, hourAgo)));
  const [failure] = await db
    .insert(loginFailures)
    .values({ identifier, ip, createdAt: at })
    .returning({ id: loginFailures.id });
  if (!failure) throw new Error('login_failures insert returned nothing');
  if ((await countPasswordFailures(db, identifier, at)) > MAX_FAILURES_PER_HOUR) {
    await forget(db, { identifier, ip, failureId: failure.id });
    throw new AppError(ErrorCode.TOO_MANY_LOGIN_FAILURES);
  }
  return failure.id;
}

export async function beginLoginAttempt(
  db: Executor,
  input: { identifier: string; ip: string; at: Date; byPassword: boolean },
): Promise<LoginAttempt> {
  const { identifier, ip, at } = input;
  const failureId = input.byPassword ? await takePasswordBudget(db, identifier, ip, at) : null;
  const attempt = { identifier, ip, failureId };

  const lockOver = sql`${loginThrottles.lockedUntil} <= ${timestamp(at)}`;
  const [throttle] = await db
    .insert(loginThrottles)
    .values({ identifier, ip, failures: 1 })
    .onConflictDoUpdate({
      target: [loginThrottles.identifier, loginThrottles.ip],
      set: {
        failures: sql`case when ${lockOver} then 1 else ${loginThrottles.failures} + 1 end`,
        lockedUntil: sql`case when ${lockOver} then null else ${loginThrottles.lockedUntil} end`,
      },
    })
    .returning();
  const locked = throttle?.lockedUntil ? throttle.lockedUntil.getTime() > at.getTime() : false;
  if (locked || (throttle?.failures ?? 0) > MAX_FAILURES_IN_A_ROW) {
    await forget(db, attempt);
    throw new AppError(ErrorCode.ACCOUNT_LOCKED);
  }
  return attempt;
}

/** The attempt failed: it stays counted, and the 10th in a row locks. */
export async function recordLoginFailure(db: Executor, attempt: LoginAttempt, at: Date): Promise<void> {
  await db
    .update(loginThrottles)
    .set({ lockedUntil: new Date(at.getTime() + LOCK_MS) })
    .where(
      and(
        eq(loginThrottles.identifier, attempt.identifier),
        eq(loginThrottles.ip, attempt.ip),
        sql`${loginThrottles.failures} >= ${MAX_FAILURES_IN_A_ROW}`,
        sql`(${loginThrottles.lockedUntil} is null or ${loginThrottles.lockedUntil} <= ${timestamp(at)})`,
      ),
    );
}

/** The attempt succeeded: it was no failure, and the row of failures from this IP starts over. */
export async function recordLoginSuccess(db: Executor, attempt: LoginAttempt): Promise<void> {
  await forget(db, attempt);
  await db
    .delete(loginThrottles)
    .where(and(eq(loginThrottles.identifier, attempt.identifier), eq(loginThrottles.ip, attempt.ip)));
}

/** Neither success nor failure (the 601 step, a disabled account): as if it never happened. */
export async function releaseLoginAttempt(db: Executor, attempt: LoginAttempt): Promise<void> {
  await forget(db, attempt);
  await db
    .update(loginThrottles)
    .set({ failures: sql`greatest(${loginThrottles.failures} - 1, 0)` })
    .where(and(eq(loginThrottles.identifier, attempt.identifier), eq(loginThrottles.ip, attempt.ip)));
}

/** A password reset proves the owner: every lock and count of the account goes. */
export async function clearLoginFailures(db: Executor, identifier: string): Promise<void> {
  await db.delete(loginThrottles).where(eq(loginThrottles.identifier, identifier));
  await db.delete(loginFailures).where(eq(loginFailures.identifier, identifier));
}

async function forget(db: Executor, attempt: LoginAttempt): Promise<void> {
  if (attempt.failureId === null) return;
  await db.delete(loginFailures).where(eq(loginFailures.id, attempt.failureId));
}
