import { ErrorCode, type Language } from '@tollgate/contracts';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import type { CodePurpose } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { Clock, ServiceDeps } from '../../types';
import { enqueueMail } from '../mail/mail.job';
import type { CodeTemplate } from '../mail/mail-templates';
import { codeMatches, generateCode, generateSalt, hashCode } from './code-hash';
import * as codes from './email-code.repository';

/**
 * Emailed codes, bound to (email, purpose): sending with its rate limits (one a minute per
 * address and purpose, 10 an hour per address and purpose, 30 an hour per IP; a refusal says
 * how many seconds are left), checking without using up (a wrong try still counts), and using
 * up exactly once.
 */
export const CODE_TTL_MS = 10 * 60_000;
export const RESEND_AFTER_MS = 60_000;
export const MAX_WRONG_TRIES = 5;
export const PER_EMAIL_HOURLY = 10;
export const PER_IP_HOURLY = 30;
const HOUR_MS = 60 * 60_000;

const TEMPLATE: Record<CodePurpose, CodeTemplate> = {
  register: 'registerCode',
  login: 'loginCode',
  reset: 'resetCode',
  change_password: 'passwordChangeCode',
  whitelist: 'whitelistCode',
};

export interface IssueCodeInput {
  email: string;
  purpose: CodePurpose;
  ip: string;
  /**
   * The language to mail it in, or null for an address with no account (login, reset): the
   * code is stored and rate-limited exactly like a real one, so no answer, no timing of the
   * limits and no later check tells that the account does not exist, but nothing is sent.
   */
  mailIn: Language | null;
}

export async function issueEmailCode({ db, now, jobs }: ServiceDeps, input: IssueCodeInput): Promise<void> {
  const { email, purpose, ip } = input;
  await db.transaction(async (tx) => {
    // Serialize the senders of one address and of one IP, so the limits hold under concurrency.
    await lockKey(tx, `code-ip:${ip}`);
    await lockKey(tx, `code-email:${purpose}:${email}`);
    const at = now();
    const hourAgo = new Date(at.getTime() - HOUR_MS);
    const latest = await codes.findLatestCode(tx, email, purpose);
    // Each limit says when it lets a code go again; the caller is told the latest of them.
    const freeAt = [
      latest ? latest.createdAt.getTime() + RESEND_AFTER_MS : 0,
      hourLimitEnd(await codes.findLimitingCodeTime(tx, { email, purpose }, hourAgo, PER_EMAIL_HOURLY)),
      hourLimitEnd(await codes.findLimitingCodeTime(tx, { ip }, hourAgo, PER_IP_HOURLY)),
    ];
    const waitMs = Math.max(...freeAt) - at.getTime();
    if (waitMs > 0) throw tooOften(waitMs);

    const code = generateCode();
    const salt = generateSalt();
    await codes.insertCode(tx, {
      email,
      purpose,
      ip,
      salt,
      codeHash: hashCode(salt, code),
      createdAt: at,
      expiresAt: new Date(at.getTime() + CODE_TTL_MS),
    });
    if (input.mailIn) {
      const content = { template: TEMPLATE[purpose], code, minutes: CODE_TTL_MS / 60_000 };
      await enqueueMail(tx, { to: email, lang: input.mailIn, content }, at);
    }
  });
  if (input.mailIn) jobs.wake();
}

function hourLimitEnd(limitingCodeTime: Date | undefined): number {
  return limitingCodeTime ? limitingCodeTime.getTime() + HOUR_MS : 0;
}

/** 1110, with the whole seconds to wait (rounded up) in the message and in `data.retryAfterSeconds`. */
function tooOften(waitMs: number): AppError {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  return new AppError(ErrorCode.CODE_SEND_TOO_OFTEN, {
    details: { retryAfterSeconds: seconds },
    messageParams: { seconds },
  });
}

async function lockKey(tx: Executor, key: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
}

/**
 * Checks a code without using it up. Wrong: 1107 (the 5th wrong try: 1109, the code is dead).
 * Returns the row id for `consumeEmailCode`. No code sent for this email and purpose is 1107 too.
 * `holdTry`: a right code keeps its try taken until the caller settles it (`returnCodeTry`),
 * for a step that can still fail after the code (login's Google step: each wrong Google code
 * then spends one of the emailed code's five tries, even among parallel requests).
 */
export async function checkEmailCode(
  { db, now }: { db: Executor; now: Clock },
  input: { email: string; purpose: CodePurpose; code: string },
  options: { holdTry?: boolean } = {},
): Promise<number> {
  const row = await codes.findLatestCode(db, input.email, input.purpose);
  if (!row || row.consumedAt) throw new AppError(ErrorCode.CODE_INVALID);
  if (row.attempts >= MAX_WRONG_TRIES) throw new AppError(ErrorCode.CODE_ATTEMPTS_EXCEEDED);
  if (row.expiresAt.getTime() <= now().getTime()) throw new AppError(ErrorCode.CODE_EXPIRED);
  // The try is taken before comparing, so parallel guesses share the same five.
  const tries = await codes.takeTry(db, row.id, MAX_WRONG_TRIES);
  if (tries === undefined) throw new AppError(ErrorCode.CODE_ATTEMPTS_EXCEEDED);
  if (!codeMatches(row, input.code)) {
    throw new AppError(tries >= MAX_WRONG_TRIES ? ErrorCode.CODE_ATTEMPTS_EXCEEDED : ErrorCode.CODE_INVALID);
  }
  if (!options.holdTry) await codes.giveTryBack(db, row.id);
  return row.id;
}

/** Gives back a try held by `checkEmailCode(…, { holdTry: true })`: the step did not fail. */
export async function returnCodeTry(db: Executor, codeId: number): Promise<void> {
  await codes.giveTryBack(db, codeId);
}

/** Uses a checked code up, inside the transaction that completes the step; 1107 if it lost a race. */
export async function consumeEmailCode(tx: Executor, codeId: number, now: Date): Promise<void> {
  if (!(await codes.consumeCode(tx, codeId, now))) throw new AppError(ErrorCode.CODE_INVALID);
}
