import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { callEndpoint } from '../../../shared/lib/http';
import { noticeKeys } from './notice-keys';

/**
 * POST /front/notice/detail (JSON): one notice with its sanitized body. The server marks it read
 * for the merchant, so once it has answered the lists and the header's count are read again.
 */
export function useNoticeDetail(id: number | undefined) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: noticeKeys.detail(id ?? 0),
    queryFn: ({ signal }) => callEndpoint('noticeDetail', { id: id ?? 0 }, { signal }),
    enabled: id !== undefined,
    staleTime: 60_000,
  });
  const openedId = query.data?.id;
  useEffect(() => {
    if (openedId === undefined) return;
    void queryClient.invalidateQueries({
      queryKey: noticeKeys.all,
      predicate: (entry) => entry.queryKey[1] !== 'detail',
    });
  }, [openedId, queryClient]);
  return query;
}
