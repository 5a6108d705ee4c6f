import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OrderPageBody } from '@tollgate/contracts';
import { callEndpoint } from '../../../shared/lib/http';

/**
 * The collection records (issue 7): POST /front/mchOrder/page with the filters, GET
 * /front/mchOrder/getById for one order with its transfers and delivery log, and the resend of
 * an order's latest notification (POST /front/mchOrder/callback/resend).
 */
export const orderKeys = {
  all: ['mchOrder'] as const,
  page: (body: OrderPageBody) => ['mchOrder', 'page', body] as const,
  detail: (orderNo: string) => ['mchOrder', 'detail', orderNo] as const,
};

export function orderPageQueryOptions(body: OrderPageBody) {
  return queryOptions({
    queryKey: orderKeys.page(body),
    queryFn: ({ signal }) => callEndpoint('mchOrderPage', body, { signal }),
    // Statuses move while the page is open: fresh on each visit and focus.
    staleTime: 0,
    // The table keeps the last page while the next one loads, instead of flashing empty.
    placeholderData: keepPreviousData,
  });
}

export function useOrderPage(body: OrderPageBody) {
  return useQuery(orderPageQueryOptions(body));
}

export function useOrderDetail(orderNo: string | null) {
  return useQuery({
    queryKey: orderKeys.detail(orderNo ?? ''),
    queryFn: ({ signal }) => callEndpoint('mchOrderGetById', { id: orderNo ?? '' }, { signal }),
    enabled: orderNo !== null,
    staleTime: 0,
  });
}

export function useResendCallback() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (orderNo: string) => callEndpoint('callbackResend', { orderNo }),
    onSuccess: (_result, orderNo) => queryClient.invalidateQueries({ queryKey: orderKeys.detail(orderNo) }),
  });
}
