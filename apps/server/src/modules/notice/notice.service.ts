import {
  ErrorCode,
  type Language,
  type NoticeDetail,
  type NoticePage,
  type noticePageBody,
} from '@tollgate/contracts';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../types';
import {
  countUnreadNotices,
  findPublishedNotice,
  markAllNoticesRead,
  markNoticeRead,
  pagePublishedNotices,
} from './notice.repository';
import { sanitizeNoticeHtml } from './notice-html';

/**
 * The merchant's side of system notices (issue 9): the list (published only, pinned first, then
 * newest; searched in titles and bodies), one notice (marks it read; a scheduled or deleted one
 * is not found), mark all read, and the unread count for the header's badge.
 */
export interface NoticeDeps {
  db: Database;
  now: Clock;
}

export async function pageNotices(
  deps: NoticeDeps,
  merchantId: number,
  lang: Language,
  body: z.output<typeof noticePageBody>,
): Promise<NoticePage> {
  const { rows, total } = await pagePublishedNotices(deps.db, merchantId, {
    lang,
    now: deps.now(),
    keyword: body.keyword || undefined,
    pageNo: body.pageNo,
    pageSize: body.pageSize,
  });
  return { list: rows.map((row) => ({ ...row, publishedAt: row.publishedAt.toISOString() })), total };
}

export async function getNotice(
  deps: NoticeDeps,
  merchantId: number,
  lang: Language,
  id: number,
): Promise<NoticeDetail> {
  const now = deps.now();
  const row = await findPublishedNotice(deps.db, merchantId, id, { lang, now });
  if (!row) throw new AppError(ErrorCode.NOT_FOUND);
  if (!row.read) await markNoticeRead(deps.db, merchantId, id, now);
  return {
    ...row,
    publishedAt: row.publishedAt.toISOString(),
    read: true,
    // Stored clean; cleaned again so that a row written by any other path is shown clean too.
    body: sanitizeNoticeHtml(row.body),
  };
}

export async function readAllNotices(deps: NoticeDeps, merchantId: number) {
  const now = deps.now();
  await markAllNoticesRead(deps.db, merchantId, now);
  return { unread: await countUnreadNotices(deps.db, merchantId, now) };
}

export async function getUnreadCount(deps: NoticeDeps, merchantId: number) {
  return { unread: await countUnreadNotices(deps.db, merchantId, deps.now()) };
}
