import { endpoints } from '@tollgate/contracts';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../lib/register-endpoint';
import { perIpLimit, serviceDeps } from '../../lib/route-deps';
import { listCountries } from '../merchant/countries';
import { readToken, requireSession } from './authenticate';
import { logIn } from './login.service';
import { sendLoginCode } from './login-code.service';
import { checkLogin, logOut } from './session.service';

/** Login, its helpers (login code, country list, token check) and logout. */
export function registerAuthRoutes(app: FastifyInstance): void {
  const deps = serviceDeps(app);
  registerEndpoint(
    app,
    endpoints.login,
    ({ body, request }) =>
      logIn(deps, {
        ...body,
        ip: request.ip,
        userAgent: request.headers['user-agent'],
        // Only a language the client names (the web app always sends `lang`) becomes the mail language.
        ...(request.headers.lang ? { lang: request.lang } : {}),
      }),
    perIpLimit(app),
  );
  registerEndpoint(
    app,
    endpoints.sendLoginCode,
    ({ body, request }) => sendLoginCode(deps, { email: body.email, ip: request.ip }),
    perIpLimit(app),
  );
  registerEndpoint(app, endpoints.countryList, async ({ request }) => listCountries(request.lang));
  registerEndpoint(app, endpoints.checkLogin, ({ request }) => checkLogin(deps, readToken(request)));
  registerEndpoint(app, endpoints.logout, ({ request }) => logOut(deps, requireSession(request)));
}
