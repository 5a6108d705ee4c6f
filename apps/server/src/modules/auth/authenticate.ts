import { ErrorCode } from '@tollgate/contracts';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error';
import type { AuthSession } from '../../types';
import { resolveSession } from './session.service';

/**
 * onRequest hook of every endpoint with `auth: true`: the `x-auth-token` header must name a
 * live session. Runs before the body is read, so an anonymous caller costs no parsing.
 */
export async function authenticate(request: FastifyRequest): Promise<void> {
  request.session = await resolveSession(
    { db: request.server.db, now: request.server.now },
    readToken(request),
  );
}

export function readToken(request: FastifyRequest): string | undefined {
  const header = request.headers['x-auth-token'];
  return typeof header === 'string' ? header.trim() : undefined;
}

/** The session of an authenticated route; throws if the route forgot `auth: true`. */
export function requireSession(request: FastifyRequest): AuthSession {
  if (!request.session) throw new AppError(ErrorCode.UNAUTHORIZED);
  return request.session;
}
