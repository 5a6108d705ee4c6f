import { endpoints } from '@tollgate/contracts';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../lib/register-endpoint';
import { perIpLimit } from '../../lib/route-deps';
import { requireSession } from '../auth/authenticate';
import { getFeeInfo } from '../reference/reference.service';
import { getAccountInfo, getAccountOverview, getMerchantInfo } from './merchant.service';
import { getMerchantProfile, setPhone } from './profile.service';

export function registerMerchantRoutes(app: FastifyInstance): void {
  registerEndpoint(app, endpoints.merchantInfo, async ({ request }) =>
    getMerchantInfo(requireSession(request), app.now()),
  );
  registerEndpoint(app, endpoints.accountInfo, ({ request }) =>
    getAccountInfo(app.db, requireSession(request).merchantId),
  );
  registerEndpoint(app, endpoints.accountOverview, ({ request }) =>
    getAccountOverview(app.db, requireSession(request).merchantId),
  );
  // The rate table is the same for every merchant; the call still needs a session (SPEC 7).
  registerEndpoint(app, endpoints.feeInfo, async ({ request }) => {
    requireSession(request);
    return getFeeInfo(app.db);
  });
  // Two paths of SPEC section 7 for the same profile: the info page and its login-history panel.
  for (const endpoint of [endpoints.pageUserInfo, endpoints.loginInfo]) {
    registerEndpoint(app, endpoint, ({ request }) =>
      getMerchantProfile(app, requireSession(request).merchantId, request.lang),
    );
  }
  registerEndpoint(
    app,
    endpoints.setPhone,
    ({ body, request }) => setPhone(app, requireSession(request).merchantId, body),
    perIpLimit(app),
  );
}
