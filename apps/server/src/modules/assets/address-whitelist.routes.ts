import { endpoints } from '@tollgate/contracts';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../lib/register-endpoint';
import { perIpLimit, serviceDeps } from '../../lib/route-deps';
import { requireSession } from '../auth/authenticate';
import {
  addWhitelistAddress,
  getWhitelist,
  removeWhitelistAddress,
  sendWhitelistCode,
  switchWhitelist,
} from './address-whitelist.service';

/** The withdrawal address whitelist's calls (merchant info); the changes are rate-limited per IP. */
export function registerAddressWhitelistRoutes(app: FastifyInstance): void {
  const deps = serviceDeps(app);
  const merchantOf = (request: Parameters<typeof requireSession>[0]) => requireSession(request).merchantId;
  registerEndpoint(app, endpoints.whitelistList, ({ request }) => getWhitelist(deps.db, merchantOf(request)));
  registerEndpoint(
    app,
    endpoints.whitelistCode,
    ({ request }) => sendWhitelistCode(deps, merchantOf(request), request.ip),
    perIpLimit(app),
  );
  registerEndpoint(
    app,
    endpoints.whitelistAdd,
    ({ body, request }) => addWhitelistAddress(deps, merchantOf(request), body),
    perIpLimit(app),
  );
  registerEndpoint(
    app,
    endpoints.whitelistRemove,
    ({ body, request }) => removeWhitelistAddress(deps, merchantOf(request), body),
    perIpLimit(app),
  );
  registerEndpoint(
    app,
    endpoints.whitelistSwitch,
    ({ body, request }) => switchWhitelist(deps, merchantOf(request), body),
    perIpLimit(app),
  );
}
