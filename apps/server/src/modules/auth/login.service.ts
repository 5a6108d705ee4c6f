import { ErrorCode, type Language, type LoginResult } from '@tollgate/contracts';
import { AppError, isAppErrorWith } from '../../lib/app-error';
import { generateToken, hashToken, SESSION_TTL_MS } from '../../lib/tokens';
import type { ServiceDeps } from '../../types';
import { consumeEmailCode } from '../codes/email-code.service';
import { acceptGoogleCode } from '../google/google.service';
import { type MerchantRow, setMerchantLang } from '../merchant/merchant.repository';
import { toMerchantInfo } from '../merchant/merchant.service';
import { findLoginTarget, type LoginFields, verifyCredential } from './login-credentials';
import { insertLoginRecord } from './login-record.repository';
import {
  beginLoginAttempt,
  type LoginAttempt,
  recordLoginFailure,
  recordLoginSuccess,
  releaseLoginAttempt,
} from './login-throttle';
import { insertSession } from './session.repository';

/**
 * POST /front/login, in order: the lockouts (1104, 1103), the credential (password or
 * emailed code, not used up yet), the account's state (1102), the Google step (601 without a
 * code, 1203 for a wrong or replayed one); then, all in one transaction, the emailed code is
 * used up, the session created and the login recorded.
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
  const attempt = await beginLoginAttempt(db, target.identifier, input.ip, now());
  try {
    const result = await completeLogin(deps, target.merchant, input);
    await recordLoginSuccess(db, attempt);
    return result;
  } catch (error) {
    await settleFailedAttempt(deps, attempt, error);
    throw error;
  }
}

async function settleFailedAttempt(deps: ServiceDeps, attempt: LoginAttempt, error: unknown) {
  if (isAppErrorWith(error, ...FAILURES)) await recordLoginFailure(deps.db, attempt, deps.now());
  else await releaseLoginAttempt(deps.db, attempt);
}

async function completeLogin(
  deps: ServiceDeps,
  merchant: MerchantRow | undefined,
  input: LoginInput,
): Promise<LoginResult> {
  const { db, now } = deps;
  const { codeId } = await verifyCredential(deps, merchant, input);
  if (!merchant) throw new AppError(ErrorCode.INVALID_CREDENTIALS);
  if (merchant.status !== 'active') throw new AppError(ErrorCode.ACCOUNT_DISABLED);
  if (merchant.googleState) {
    if (input.googleCode === undefined) throw new AppError(ErrorCode.GOOGLE_CODE_REQUIRED);
    await acceptGoogleCode(db, merchant, input.googleCode, now());
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
  return { token, expiresAt: expiresAt.toISOString(), userInfo: toMerchantInfo({ ...merchant, lang }) };
}
