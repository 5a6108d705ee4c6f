import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OpsNoticePageBody, OpsNoticeSaveBody, OpsNoticeUpdateBody } from '@tollgate/contracts';
import { callEndpoint } from '../../../shared/lib/http';
import { opsKeys } from './ops-keys';

/** POST /front/ops/notices/page (JSON): every notice, published and scheduled, newest first. */
export function useOpsNotices(body: OpsNoticePageBody) {
  return useQuery({
    queryKey: opsKeys.noticePage(body),
    queryFn: ({ signal }) => callEndpoint('opsNoticePage', body, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** POST /front/ops/notices/detail: a notice with its text in each language, for editing. */
export function useOpsNotice(id: number | undefined) {
  return useQuery({
    queryKey: opsKeys.noticeDetail(id ?? 0),
    queryFn: ({ signal }) => callEndpoint('opsNoticeDetail', { id: id ?? 0 }, { signal }),
    enabled: id !== undefined,
    staleTime: 0,
  });
}

function useNoticeMutation<B, R>(call: (body: B) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: opsKeys.notices() }),
        queryClient.invalidateQueries({ queryKey: opsKeys.audit() }),
      ]),
  });
}

/** POST /front/ops/notices/create and /update: the body is sanitized by the server. */
export function useSaveNotice() {
  return useNoticeMutation((body: OpsNoticeSaveBody | OpsNoticeUpdateBody) =>
    'id' in body && body.id !== undefined
      ? callEndpoint('opsNoticeUpdate', body as OpsNoticeUpdateBody)
      : callEndpoint('opsNoticeCreate', body),
  );
}

/** POST /front/ops/notices/delete. */
export function useDeleteNotice() {
  return useNoticeMutation((id: number) => callEndpoint('opsNoticeDelete', { id }));
}
