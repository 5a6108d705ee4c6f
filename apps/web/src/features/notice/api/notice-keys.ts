import type { NoticePageBody } from '@tollgate/contracts';

/** Query keys of system notices: opening one or marking all read refreshes everything under `notice`. */
export const noticeKeys = {
  all: ['notice'] as const,
  page: (body: NoticePageBody) => [...noticeKeys.all, 'page', body] as const,
  detail: (id: number) => [...noticeKeys.all, 'detail', id] as const,
  unread: () => [...noticeKeys.all, 'unread'] as const,
};
