import { endpoints } from '@tollgate/contracts';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../lib/register-endpoint';
import { requireSession } from '../auth/authenticate';
import { getAccountInfo, getMerchantInfo } from './merchant.service';

export function registerMerchantRoutes(app: FastifyInstance): void {
  registerEndpoint(app, endpoints.merchantInfo, ({ request }) =>
    getMerchantInfo(app.db, requireSession(request).merchantId),
  );
  registerEndpoint(app, endpoints.accountInfo, ({ request }) =>
    getAccountInfo(app.db, requireSession(request).merchantId),
  );
}
