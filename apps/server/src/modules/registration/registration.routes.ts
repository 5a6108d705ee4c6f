import { endpoints } from '@tollgate/contracts';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../lib/register-endpoint';
import { perIpLimit, serviceDeps } from '../../lib/route-deps';
import { registerByEmail, sendRegisterCode, verifyRegisterCode } from './registration.service';

/** POST /front/reg/mail/code, /register/email/codeVerify and /register/email. */
export function registerRegistrationRoutes(app: FastifyInstance): void {
  const deps = serviceDeps(app);
  registerEndpoint(
    app,
    endpoints.sendRegisterCode,
    ({ body, request }) => sendRegisterCode(deps, { email: body.email, ip: request.ip, lang: request.lang }),
    perIpLimit(app),
  );
  registerEndpoint(
    app,
    endpoints.verifyRegisterCode,
    ({ body }) => verifyRegisterCode(deps, body),
    perIpLimit(app),
  );
  registerEndpoint(
    app,
    endpoints.registerByEmail,
    ({ body, request }) => registerByEmail(deps, { ...body, lang: request.lang }),
    perIpLimit(app),
  );
}
