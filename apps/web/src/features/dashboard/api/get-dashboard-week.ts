import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { DashboardOrderType } from '@tollgate/contracts';
import { callEndpoint } from '../../../shared/lib/http';
import { dashboardKeys } from './get-dashboard-today';

/**
 * GET /front/dashboard/week?type=…: the past seven days of one kind of order. Read again with
 * today's card (a payment completed now is today's last bar). Switching kind keeps the other
 * kind's bars on screen until the new ones arrive, so the chart does not blink.
 */
const REFRESH_MS = 60_000;

export function dashboardWeekQueryOptions(type: DashboardOrderType) {
  return queryOptions({
    queryKey: dashboardKeys.week(type),
    queryFn: ({ signal }) => callEndpoint('dashboardWeek', { type }, { signal }),
    staleTime: 5_000,
    refetchOnWindowFocus: true,
    refetchInterval: REFRESH_MS,
  });
}

export function useDashboardWeek(type: DashboardOrderType) {
  return useQuery({ ...dashboardWeekQueryOptions(type), placeholderData: keepPreviousData });
}
