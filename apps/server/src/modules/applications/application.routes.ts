import { endpoints } from '@tollgate/contracts';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../lib/register-endpoint';
import { perIpLimit, serviceDeps } from '../../lib/route-deps';
import { requireSession } from '../auth/authenticate';
import {
  createApp,
  deleteApp,
  listApps,
  resetAppSecret,
  revealAppSecret,
  updateApp,
} from './application.service';

/** POST /front/app/list, create, update, delete, secret and secret/reset (issue 7). */
export function registerApplicationRoutes(app: FastifyInstance): void {
  const deps = { ...serviceDeps(app), allowPrivateCallbacks: app.config.allowPrivateCallbacks };
  const merchantOf = (request: Parameters<typeof requireSession>[0]) => requireSession(request).merchantId;
  registerEndpoint(app, endpoints.appList, ({ request }) => listApps(deps, merchantOf(request)));
  registerEndpoint(app, endpoints.appCreate, ({ body, request }) =>
    createApp(deps, merchantOf(request), body),
  );
  registerEndpoint(app, endpoints.appUpdate, ({ body, request }) =>
    updateApp(deps, merchantOf(request), body),
  );
  registerEndpoint(app, endpoints.appDelete, ({ body, request }) =>
    deleteApp(deps, merchantOf(request), body.appId),
  );
  // The password (and Google code) guard the secret: limited per IP like the other such calls.
  registerEndpoint(
    app,
    endpoints.appSecret,
    ({ body, request }) => revealAppSecret(deps, merchantOf(request), body),
    perIpLimit(app),
  );
  registerEndpoint(
    app,
    endpoints.appSecretReset,
    ({ body, request }) => resetAppSecret(deps, merchantOf(request), body),
    perIpLimit(app),
  );
}
