import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/lib/http';
import { noticeKeys } from './notice-keys';

/** GET /front/notice/unread-count: the header's badge, read every minute and on focus. */
export function useUnreadNoticeCount() {
  return useQuery({
    queryKey: noticeKeys.unread(),
    queryFn: ({ signal }) => callEndpoint('noticeUnreadCount', undefined, { signal }),
    staleTime: 10_000,
    refetchInterval: 60_000,
    refetchOnWindowFocus: true,
  });
}
