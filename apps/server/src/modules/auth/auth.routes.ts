import { endpoints } from '@tollgate/contracts';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../lib/register-endpoint';
import { perIpLimit, serviceDeps } from '../../lib/route-deps';
import { issueEmailCode } from '../codes/email-code.service';
import { listCountries } from '../merchant/countries';
import { findMerchantByEmail } from '../merchant/merchant.repository';
import { languageOf } from '../merchant/merchant.service';
import { readToken, requireSession } from './authenticate';
import { logIn } from './login.service';
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
    async ({ body, request }) => {
      const merchant = await findMerchantByEmail(app.db, body.email);
      // No account: the same answer and the same limits, but no mail (no enumeration).
      const mailIn = merchant ? languageOf(merchant) : null;
      await issueEmailCode(deps, { email: body.email, purpose: 'login', ip: request.ip, mailIn });
      return null;
    },
    perIpLimit(app),
  );
  registerEndpoint(app, endpoints.countryList, async ({ request }) => listCountries(request.lang));
  registerEndpoint(app, endpoints.checkLogin, ({ request }) => checkLogin(deps, readToken(request)));
  registerEndpoint(app, endpoints.logout, ({ request }) => logOut(deps, requireSession(request)));
}
