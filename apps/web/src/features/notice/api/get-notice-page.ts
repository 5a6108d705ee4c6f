import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { NoticePageBody } from '@tollgate/contracts';
import { callEndpoint } from '../../../shared/lib/http';
import { noticeKeys } from './notice-keys';

/**
 * POST /front/notice/page (JSON): published notices, pinned first then newest, in the page's
 * language; `keyword` searches titles and bodies. Read again on focus: a notice is written by
 * operators at any time.
 */
export function useNoticePage(body: NoticePageBody) {
  return useQuery({
    queryKey: noticeKeys.page(body),
    queryFn: ({ signal }) => callEndpoint('noticePage', body, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
    refetchOnWindowFocus: true,
  });
}
