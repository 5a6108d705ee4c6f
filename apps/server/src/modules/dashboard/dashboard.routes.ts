import { endpoints } from '@tollgate/contracts';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../lib/register-endpoint';
import { requireSession } from '../auth/authenticate';
import { type DashboardDeps, getDashboardToday, getDashboardWeek } from './dashboard.service';

/** GET /front/dashboard/today and /front/dashboard/week: the dashboard's order cards. */
export function registerDashboardRoutes(app: FastifyInstance): void {
  const deps: DashboardDeps = { db: app.db, now: app.now };
  registerEndpoint(app, endpoints.dashboardToday, ({ request }) =>
    getDashboardToday(deps, requireSession(request).merchantId),
  );
  registerEndpoint(app, endpoints.dashboardWeek, ({ query, request }) =>
    getDashboardWeek(deps, requireSession(request).merchantId, query.type),
  );
}
