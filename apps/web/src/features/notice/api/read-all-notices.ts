import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/lib/http';
import { noticeKeys } from './notice-keys';

/** POST /front/notice/read-all: every published notice marked read for the merchant. */
export function useReadAllNotices() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callEndpoint('noticeReadAll', {}),
    onSettled: () => queryClient.invalidateQueries({ queryKey: noticeKeys.all }),
  });
}
