import { endpoints } from '@tollgate/contracts';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../lib/register-endpoint';
import { requireSession } from '../auth/authenticate';
import { getOrderDetail, listOrderRecords, type RecordsDeps } from './records.service';

/** POST /front/mchOrder/page and GET /front/mchOrder/getById: the merchant's order records. */
export function registerOrderRecordRoutes(app: FastifyInstance): void {
  const deps: RecordsDeps = {
    db: app.db,
    chains: app.chains,
    publicUrl: app.config.publicUrl,
    recordsWindow: app.config.recordsWindow,
  };
  registerEndpoint(app, endpoints.mchOrderPage, ({ body, request }) =>
    listOrderRecords(deps, requireSession(request).merchantId, body),
  );
  registerEndpoint(app, endpoints.mchOrderGetById, ({ query, request }) =>
    getOrderDetail(deps, requireSession(request).merchantId, query.id),
  );
}
