import { endpoints } from '@tollgate/contracts';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../lib/register-endpoint';
import { perIpLimit, serviceDeps } from '../../lib/route-deps';
import { requireSession } from '../auth/authenticate';
import { bindGoogle, getGoogleCheck, unbindGoogle } from './google.service';

/** GET /front/google/check, POST /google/send (bind) and /google/remove (unbind). */
export function registerGoogleRoutes(app: FastifyInstance): void {
  const deps = serviceDeps(app);
  registerEndpoint(app, endpoints.googleCheck, ({ request }) =>
    getGoogleCheck(deps, requireSession(request).merchantId),
  );
  registerEndpoint(
    app,
    endpoints.googleBind,
    ({ body, request }) => bindGoogle(deps, requireSession(request).merchantId, body),
    perIpLimit(app),
  );
  registerEndpoint(
    app,
    endpoints.googleUnbind,
    ({ body, request }) => unbindGoogle(deps, requireSession(request).merchantId, body),
    perIpLimit(app),
  );
}
