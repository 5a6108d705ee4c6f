import { ErrorCode, type Language, type LoginResult } from '@tollgate/contracts';
import { AppError, isAppErrorWith } from '../../lib/app-error';
import { generateToken, hashToken, SESSION_TTL_MS } from '../../lib/tokens';
import type { ServiceDeps } from '../../types';
import { consumeEmailCode, returnCodeTry } from '../codes/email-code.service';
import { acceptGoogleCode } from '../google/google.service';
import { type MerchantRow, setMerchantLang } from '../merchant/merchant.repository';
import { toMerchantInfo } from '../merchant/merchant.service';
import { findLoginTarget, type LoginFields, type LoginTarget, verifyCredential } from './login-credentials';
import { insertLoginRecord } from './login-record.repository';
import {
  beginLoginAttempt,
  type LoginAttempt,
  recordLoginFailure,
  recordLoginSuccess,
  releaseLoginAttempt,
} from './login-throttle';
import { isPasswordLoginPaused, pausePasswordLoginIfSpent } from './password-pause';
import { insertSession } from './session.repository';

/**
 * POST /front/login, in order: the lockouts (1104: password login paused for the account, or
 * its hourly budget of password guesses spent; 1103: this IP locked out of the account), the
 * credential (password or emailed code, not used up yet), the account's state (1102), the
 * Google step (601 without a code, 1203 for a wrong or reused one); then, all in one
 * transaction, the emailed code is used up, the session created and the login recorded.
 * A login by emailed code is never paused (it proves the mailbox): a stranger guessing
 * passwords cannot keep the owner out. Its wrong Google codes spend the emailed code's tries.
 */
export interface LoginInput extends LoginFields {
  ip: string;
  userAgent: string | undefined;
  /** The request's language; it becomes the merchant's mail language. */
  lang?: Language;
}

/** Outcomes that count as a failed login towards the lockouts. */
const FAILURES = [
  ErrorCode.INVALID_CREDENTIALS,
  ErrorCode.CODE_INVALID,
  ErrorCode.CODE_EXPIRED,
  ErrorCode.CODE_ATTEMPTS_EXCEEDED,
  ErrorCode.GOOGLE_CODE_INVALID,
] as const;

export async function logIn(deps: ServiceDeps, input: LoginInput): Promise<LoginResult> {
  const { db, now } = deps;
  const target = await findLoginTarget(db, input);
  const at = now();
  const byPassword = input.password !== undefined;
  if (byPassword && (await isPasswordLoginPaused(db, target.identifier, at))) {
    throw new AppError(ErrorCode.TOO_MANY_LOGIN_FAILURES);
  }
  const attempt = await beginLoginAttempt(db, {
    identifier: target.identifier,
    ip: input.ip,
    at,
    byPassword,
  });
  try {
    const result = await completeLogin(deps, target.merchant, input);
    await recordLoginSuccess(db, attempt);
    return result;
  } catch (error) {
    await settleFailedAttempt(deps, target, attempt, error);
    throw error;
  }
}

async function settleFailedAttempt(
  deps: ServiceDeps,
  target: LoginTarget,
  attempt: LoginAttempt,
  error: unknown,
) {
  if (!isAppErrorWith(error, ...FAILURES)) return releaseLoginAttempt(deps.db, attempt);
  await recordLoginFailure(deps.db, attempt, deps.now());
  // A failed password guess may have spent the account's hourly budget.
  if (attempt.failureId !== null) await pausePasswordLoginIfSpent(deps, target);
}

async function completeLogin(
  deps: ServiceDeps,
  merchant: MerchantRow | undefined,
  input: LoginInput,
): Promise<LoginResult> {
  const { codeId } = await verifyCredential(deps, merchant, input);
  try {
    return await finishLogin(deps, merchant, input, codeId);
  } catch (error) {
    // The emailed code was right: its try is given back unless the Google code was wrong.
    const spendsTry = isAppErrorWith(error, ErrorCode.GOOGLE_CODE_INVALID);
    if (codeId !== null && !spendsTry) await returnCodeTry(deps.db, codeId);
    throw error;
  }
}

async function finishLogin(
  deps: ServiceDeps,
  merchant: MerchantRow | undefined,
  input: LoginInput,
  codeId: number | null,
): Promise<LoginResult> {
  const { db, now } = deps;
  if (!merchant) throw new AppError(ErrorCode.INVALID_CREDENTIALS);
  if (merchant.status !== 'active') throw new AppError(ErrorCode.ACCOUNT_DISABLED);
  if (merchant.googleState) {
    if (input.googleCode === undefined) throw new AppError(ErrorCode.GOOGLE_CODE_REQUIRED);
    await acceptGoogleCode(deps, merchant, input.googleCode, now());
  }

  const token = generateToken();
  const createdAt = now();
  const expiresAt = new Date(createdAt.getTime() + SESSION_TTL_MS);
  const userAgent = input.userAgent?.slice(0, 512) ?? null;
  await db.transaction(async (tx) => {
    if (codeId !== null) await consumeEmailCode(tx, codeId, createdAt);
    await insertSession(tx, {
      merchantId: merchant.id,
      tokenHash: hashToken(token),
      createdAt,
      expiresAt,
      ip: input.ip,
      userAgent,
    });
    await insertLoginRecord(tx, { merchantId: merchant.id, ip: input.ip, userAgent, createdAt });
    if (input.lang && input.lang !== merchant.lang) await setMerchantLang(tx, merchant.id, input.lang);
  });
  const lang = input.lang ?? merchant.lang;
  return {
    token,
    expiresAt: expiresAt.toISOString(),
    userInfo: toMerchantInfo({ ...merchant, lang }, createdAt),
  };
}
