import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ReportBody, ReportKind } from '@tollgate/contracts';
import { callEndpoint } from '../../../shared/lib/http';

/**
 * POST /front/report/{kind}: one report over a range of the merchant's days. A new range or
 * currency keeps the previous figures on screen until the new ones arrive.
 */
const ENDPOINTS = {
  bill: 'billReport',
  recharge: 'rechargeReport',
  withdrawal: 'withdrawalReport',
  collection: 'collectionReport',
  payment: 'paymentReport',
} as const satisfies Record<ReportKind, string>;

export const reportKeys = {
  all: ['report'] as const,
  report: (kind: ReportKind, body: ReportBody) => [...reportKeys.all, kind, body] as const,
};

export function reportQueryOptions(kind: ReportKind, body: ReportBody) {
  return queryOptions({
    queryKey: reportKeys.report(kind, body),
    queryFn: ({ signal }) => callEndpoint(ENDPOINTS[kind], body, { signal }),
    staleTime: 10_000,
  });
}

export function useReport(kind: ReportKind, body: ReportBody) {
  return useQuery({ ...reportQueryOptions(kind, body), placeholderData: keepPreviousData });
}
