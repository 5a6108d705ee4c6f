import { endpoints } from '@tollgate/contracts';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../lib/register-endpoint';
import { perIpLimit, serviceDeps } from '../../lib/route-deps';
import { requireSession } from '../auth/authenticate';
import { callbackDeliveryDeps, resendOrderCallback, sendTestEvent } from './callbacks.service';

export function registerCallbackRoutes(app: FastifyInstance): void {
  registerEndpoint(app, endpoints.callbackResend, ({ body, request }) =>
    resendOrderCallback(serviceDeps(app), requireSession(request).merchantId, body.orderNo),
  );
  // Each test event may hold a request for up to the 10 s timeout: limited per IP.
  registerEndpoint(
    app,
    endpoints.callbackTest,
    ({ body, request }) =>
      sendTestEvent(callbackDeliveryDeps(app), requireSession(request).merchantId, body.appId),
    perIpLimit(app),
  );
}
