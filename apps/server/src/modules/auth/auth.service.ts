import { ErrorCode, type LoginResult } from '@tollgate/contracts';
import type { Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { verifyDummyPassword, verifyPassword } from '../../lib/passwords';
import { generateToken, hashToken, SESSION_TTL_MS, TOKEN_MAX_LENGTH } from '../../lib/tokens';
import type { AuthSession, Clock } from '../../types';
import { findMerchantByEmail } from '../merchant/merchant.repository';
import { toMerchantInfo } from '../merchant/merchant.service';
import { findSessionByTokenHash, insertSession, revokeSession } from './session.repository';

/** Logging in and out, and turning an `x-auth-token` back into its session. */
interface Deps {
  db: Executor;
  now: Clock;
}

export interface LoginInput {
  email: string;
  password: string;
  ip: string;
  userAgent: string | undefined;
}

export async function logIn({ db, now }: Deps, input: LoginInput): Promise<LoginResult> {
  const merchant = await findMerchantByEmail(db, input.email);
  // Same answer, and about the same time, whether or not the account exists.
  const passwordMatches = merchant
    ? await verifyPassword(merchant.passwordHash, input.password)
    : await verifyDummyPassword(input.password);
  if (!merchant || !passwordMatches) throw new AppError(ErrorCode.INVALID_CREDENTIALS);
  if (merchant.status !== 'active') throw new AppError(ErrorCode.ACCOUNT_DISABLED);
  // The Google step is not built yet; a bound account must not get a token without it.
  if (merchant.googleState) throw new AppError(ErrorCode.GOOGLE_CODE_REQUIRED);

  const token = generateToken();
  const createdAt = now();
  const expiresAt = new Date(createdAt.getTime() + SESSION_TTL_MS);
  await insertSession(db, {
    merchantId: merchant.id,
    tokenHash: hashToken(token),
    createdAt,
    expiresAt,
    ip: input.ip,
    userAgent: input.userAgent?.slice(0, 512) ?? null,
  });
  return { token, expiresAt: expiresAt.toISOString(), userInfo: toMerchantInfo(merchant) };
}

/** 401: no token or one we never issued. 4000: ours, but expired or revoked (logout). */
export async function resolveSession({ db, now }: Deps, token: string | undefined): Promise<AuthSession> {
  if (!token || token.length > TOKEN_MAX_LENGTH) throw new AppError(ErrorCode.UNAUTHORIZED);
  const session = await findSessionByTokenHash(db, hashToken(token));
  if (!session) throw new AppError(ErrorCode.UNAUTHORIZED);
  if (session.revokedAt !== null || session.expiresAt.getTime() <= now().getTime()) {
    throw new AppError(ErrorCode.TOKEN_EXPIRED);
  }
  // Disabled since this token was issued: the session ends (the client goes to /login, where
  // logging in answers 1102). A 1102 here would leave the web app stuck inside its shell.
  if (session.merchantStatus !== 'active') throw new AppError(ErrorCode.TOKEN_EXPIRED);
  return { sessionId: session.sessionId, merchantId: session.merchantId };
}

export async function logOut({ db, now }: Deps, session: AuthSession): Promise<null> {
  await revokeSession(db, session.sessionId, now());
  return null;
}
