import { endpoints } from '@tollgate/contracts';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../lib/register-endpoint';
import { perIpLimit, serviceDeps } from '../../lib/route-deps';
import { requireSession } from '../auth/authenticate';
import { sendPasswordChangeCode, updatePassword } from './change-password.service';
import { resetPassword, sendResetCode, verifyResetCode } from './reset-password.service';

/** Forgot password (three calls, no session) and change password (two calls, logged in). */
export function registerPasswordRoutes(app: FastifyInstance): void {
  const deps = serviceDeps(app);
  registerEndpoint(
    app,
    endpoints.sendResetCode,
    ({ body, request }) => sendResetCode(deps, { email: body.email, ip: request.ip, lang: request.lang }),
    perIpLimit(app),
  );
  registerEndpoint(
    app,
    endpoints.verifyResetCode,
    ({ body }) => verifyResetCode(deps, body),
    perIpLimit(app),
  );
  registerEndpoint(
    app,
    endpoints.resetPassword,
    ({ body, request }) => resetPassword(deps, { ...body, lang: request.lang }),
    perIpLimit(app),
  );
  registerEndpoint(
    app,
    endpoints.sendPasswordChangeCode,
    ({ request }) => sendPasswordChangeCode(deps, requireSession(request), request.ip),
    perIpLimit(app),
  );
  registerEndpoint(
    app,
    endpoints.updatePassword,
    ({ body, request }) => updatePassword(deps, requireSession(request), body),
    perIpLimit(app),
  );
}
