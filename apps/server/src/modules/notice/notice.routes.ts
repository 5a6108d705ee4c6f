import { endpoints } from '@tollgate/contracts';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../lib/register-endpoint';
import { requireSession } from '../auth/authenticate';
import { getNotice, getUnreadCount, type NoticeDeps, pageNotices, readAllNotices } from './notice.service';

/** POST /front/notice/page, /notice/detail, /notice/read-all and GET /notice/unread-count. */
export function registerNoticeRoutes(app: FastifyInstance): void {
  const deps: NoticeDeps = { db: app.db, now: app.now };
  registerEndpoint(app, endpoints.noticePage, ({ body, request }) =>
    pageNotices(deps, requireSession(request).merchantId, request.lang, body),
  );
  registerEndpoint(app, endpoints.noticeDetail, ({ body, request }) =>
    getNotice(deps, requireSession(request).merchantId, request.lang, body.id),
  );
  registerEndpoint(app, endpoints.noticeReadAll, ({ request }) =>
    readAllNotices(deps, requireSession(request).merchantId),
  );
  registerEndpoint(app, endpoints.noticeUnreadCount, ({ request }) =>
    getUnreadCount(deps, requireSession(request).merchantId),
  );
}
