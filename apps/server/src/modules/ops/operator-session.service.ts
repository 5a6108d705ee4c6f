import { ErrorCode } from '@tollgate/contracts';
import type { Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { hashToken, TOKEN_MAX_LENGTH } from '../../lib/tokens';
import type { Clock } from '../../types';
import { findOperatorSessionByTokenHash, revokeOperatorSession } from './operator-session.repository';

/**
 * Turning an `x-ops-token` back into its operator session. Operator sessions last 12 hours (a
 * working day, not the merchants' 30 days): the console moves money. A merchant token is not
 * in this table, so it is unknown here (401), as an operator token is to the merchant calls.
 */
export const OPERATOR_SESSION_TTL_MS = 12 * 60 * 60_000;

export interface OperatorSession {
  sessionId: number;
  operatorId: number;
  email: string;
  googleState: boolean;
  /** Live mode without Google bound: only me, logout and the Google calls answer (1201). */
  googleRequired: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by ops-authenticate.ts on the console's calls; null elsewhere. */
    operatorSession: OperatorSession | null;
  }
}

interface Deps {
  db: Executor;
  now: Clock;
  chains: { mode: 'devnet' | 'live' };
}

/** 401: no token or not one of ours; 4000: expired, revoked, or its operator disabled since. */
export async function resolveOperatorSession(
  deps: Deps,
  token: string | undefined,
): Promise<OperatorSession> {
  if (!token || token.length > TOKEN_MAX_LENGTH) throw new AppError(ErrorCode.UNAUTHORIZED);
  const found = await findOperatorSessionByTokenHash(deps.db, hashToken(token));
  if (!found) throw new AppError(ErrorCode.UNAUTHORIZED);
  const isOver =
    found.revokedAt !== null ||
    found.expiresAt.getTime() <= deps.now().getTime() ||
    found.operator.status !== 'active';
  if (isOver) throw new AppError(ErrorCode.TOKEN_EXPIRED);
  return {
    sessionId: found.sessionId,
    operatorId: found.operatorId,
    email: found.operator.email,
    googleState: found.operator.googleState,
    googleRequired: isGoogleRequired(deps.chains.mode, found.operator.googleState),
  };
}

export function isGoogleRequired(mode: 'devnet' | 'live', googleState: boolean): boolean {
  return mode === 'live' && !googleState;
}

export async function logOutOperator(
  deps: Pick<Deps, 'db' | 'now'>,
  session: OperatorSession,
): Promise<null> {
  await revokeOperatorSession(deps.db, session.sessionId, deps.now());
  return null;
}
