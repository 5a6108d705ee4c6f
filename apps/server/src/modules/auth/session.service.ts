import { type checkLoginResult, ErrorCode } from '@tollgate/contracts';
import type { z } from 'zod';
import type { Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { hashToken, TOKEN_MAX_LENGTH } from '../../lib/tokens';
import type { AuthSession, Clock } from '../../types';
import { notifySessionEnded } from '../live/live-events';
import { findSessionByTokenHash, revokeSession } from './session.repository';

/** Turning an `x-auth-token` back into its session, telling whether it is valid, logging out. */
interface Deps {
  db: Executor;
  now: Clock;
}

type SessionState =
  | { state: 'valid'; session: AuthSession; expiresAt: Date }
  | { state: 'unknown' }
  | { state: 'ended' };

async function lookUpSession({ db, now }: Deps, token: string | undefined): Promise<SessionState> {
  if (!token || token.length > TOKEN_MAX_LENGTH) return { state: 'unknown' };
  const session = await findSessionByTokenHash(db, hashToken(token));
  if (!session) return { state: 'unknown' };
  // Revoked, expired, or its account disabled since: the session is over.
  const isOver =
    session.revokedAt !== null ||
    session.expiresAt.getTime() <= now().getTime() ||
    session.merchant.status !== 'active';
  if (isOver) return { state: 'ended' };
  return {
    state: 'valid',
    session: { sessionId: session.sessionId, merchantId: session.merchantId, merchant: session.merchant },
    expiresAt: session.expiresAt,
  };
}

/**
 * 401: no token or one we never issued. 4000: ours, but expired, revoked, or its account was
 * disabled since (the client goes to /login, where logging in answers 1102; a 1102 here
 * would leave the web app stuck inside its shell).
 */
export async function resolveSession(deps: Deps, token: string | undefined): Promise<AuthSession> {
  const found = await lookUpSession(deps, token);
  if (found.state === 'unknown') throw new AppError(ErrorCode.UNAUTHORIZED);
  if (found.state === 'ended') throw new AppError(ErrorCode.TOKEN_EXPIRED);
  return found.session;
}

/** POST /otc/merchant-sys/check/login: never 401, just whether the token would be accepted. */
export async function checkLogin(
  deps: Deps,
  token: string | undefined,
): Promise<z.infer<typeof checkLoginResult>> {
  const found = await lookUpSession(deps, token);
  return found.state === 'valid'
    ? { valid: true, expiresAt: found.expiresAt.toISOString() }
    : { valid: false, expiresAt: null };
}

export async function logOut({ db, now }: Deps, session: AuthSession): Promise<null> {
  await revokeSession(db, session.sessionId, now());
  // Its live streams end at once, on every node (not only at their next heartbeat).
  await notifySessionEnded(db, session.sessionId);
  return null;
}
