import { ENDPOINT_ROUTES, type EndpointRoute, ErrorCode, OPS_TOKEN_HEADER } from '@tollgate/contracts';
import type { FastifyRequest, onRequestHookHandler } from 'fastify';
import { AppError } from '../../lib/app-error';
import { type OperatorSession, resolveOperatorSession } from './operator-session.service';

/**
 * onRequest hook of every endpoint with `auth: 'operator'`: `x-ops-token` must name a live
 * operator session (a merchant's `x-auth-token` is never looked at). In live mode an operator
 * without Google bound may only see who they are, log out, and bind Google: anything else 1201.
 */
const OPEN_WITHOUT_GOOGLE: ReadonlySet<string> = new Set(
  [
    ENDPOINT_ROUTES.opsMe,
    ENDPOINT_ROUTES.opsLogout,
    ENDPOINT_ROUTES.opsGoogleCheck,
    ENDPOINT_ROUTES.opsGoogleBind,
  ].map((route) => route.path),
);

export function createOperatorAuthenticate(endpoint: EndpointRoute): onRequestHookHandler {
  const needsGoogle = !OPEN_WITHOUT_GOOGLE.has(endpoint.path);
  return async function authenticateOperator(request: FastifyRequest): Promise<void> {
    const { db, now, chains } = request.server;
    const session = await resolveOperatorSession({ db, now, chains }, readOpsToken(request));
    request.operatorSession = session;
    if (needsGoogle && session.googleRequired) throw new AppError(ErrorCode.GOOGLE_NOT_BOUND);
  };
}

export function readOpsToken(request: FastifyRequest): string | undefined {
  const header = request.headers[OPS_TOKEN_HEADER];
  return typeof header === 'string' ? header.trim() : undefined;
}

/** The operator of a console route; throws if the route is not `auth: 'operator'`. */
export function requireOperator(request: FastifyRequest): OperatorSession {
  if (!request.operatorSession) throw new AppError(ErrorCode.UNAUTHORIZED);
  return request.operatorSession;
}
