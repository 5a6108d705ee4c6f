import { endpoints, REPORT_KINDS, type ReportKind } from '@tollgate/contracts';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../lib/register-endpoint';
import { requireSession } from '../auth/authenticate';
import { readReport } from './report.service';

const ENDPOINT_OF = {
  bill: endpoints.billReport,
  recharge: endpoints.rechargeReport,
  withdrawal: endpoints.withdrawalReport,
  collection: endpoints.collectionReport,
  payment: endpoints.paymentReport,
} as const satisfies Record<ReportKind, unknown>;

/** POST /front/report/{bill|recharge|withdrawal|collection|payment}: the five reports. */
export function registerReportRoutes(app: FastifyInstance): void {
  for (const kind of REPORT_KINDS) {
    registerEndpoint(app, ENDPOINT_OF[kind], ({ body, request }) =>
      readReport(app.db, requireSession(request).merchantId, kind, body),
    );
  }
}
