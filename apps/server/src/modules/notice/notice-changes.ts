import type { FastifyBaseLogger } from 'fastify';
import type { Executor } from '../../db/client';
import { publishNoticeEvent } from '../live/live-events';

/**
 * The one place told when a notice is created, changed or deleted in the console: called inside
 * the write's transaction, after the rows are written, so what it does commits with the change.
 * It publishes the live `notice` event to every merchant (live-events.ts: a merchant_events row
 * whose NOTIFY is delivered at commit only, never for a rolled-back write), so open notice
 * lists, dashboard cards and header badges read again. A scheduled notice (`publishedAt`
 * ahead) is announced when saved, while merchants cannot see it yet: their pages read again
 * and find nothing new; it then shows on their next read after its time.
 */
export interface NoticeChange {
  noticeId: number;
  action: 'created' | 'updated' | 'deleted';
  /** Null once deleted. */
  publishedAt: Date | null;
  pinned: boolean;
}

export interface NoticeChangeContext {
  tx: Executor;
  log: FastifyBaseLogger;
}

export async function announceNoticeChange(
  context: NoticeChangeContext,
  change: NoticeChange,
): Promise<void> {
  await publishNoticeEvent(context.tx, change.noticeId);
  context.log.info(
    {
      noticeId: change.noticeId,
      action: change.action,
      publishedAt: change.publishedAt?.toISOString() ?? null,
    },
    'notice changed',
  );
}
