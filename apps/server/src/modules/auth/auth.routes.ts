import { endpoints } from '@tollgate/contracts';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../lib/register-endpoint';
import { logIn, logOut } from './auth.service';
import { requireSession } from './authenticate';

export function registerAuthRoutes(app: FastifyInstance): void {
  const deps = { db: app.db, now: app.now };
  registerEndpoint(
    app,
    endpoints.login,
    ({ body, request }) => logIn(deps, { ...body, ip: request.ip, userAgent: request.headers['user-agent'] }),
    // Per IP, against password guessing; the limit is LOGIN_RATE_LIMIT (default 30/min).
    { config: { rateLimit: { max: app.config.loginRateLimit, timeWindow: 60_000 } } },
  );
  registerEndpoint(app, endpoints.logout, ({ request }) => logOut(deps, requireSession(request)));
}
