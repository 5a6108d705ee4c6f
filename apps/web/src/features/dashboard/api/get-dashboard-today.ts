import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/lib/http';

/**
 * GET /front/dashboard/today: today's collection and payout orders (the merchant's day in
 * Asia/Shanghai). Payments complete at any time: read again every 30 s while the page is open
 * and when the window regains focus.
 */
export const dashboardKeys = {
  all: ['dashboard'] as const,
  today: () => [...dashboardKeys.all, 'today'] as const,
  week: (type: 'collection' | 'payout') => [...dashboardKeys.all, 'week', type] as const,
};

const REFRESH_MS = 30_000;

export function dashboardTodayQueryOptions() {
  return queryOptions({
    queryKey: dashboardKeys.today(),
    queryFn: ({ signal }) => callEndpoint('dashboardToday', undefined, { signal }),
    staleTime: 5_000,
    refetchOnWindowFocus: true,
    refetchInterval: REFRESH_MS,
  });
}

export function useDashboardToday() {
  return useQuery(dashboardTodayQueryOptions());
}
