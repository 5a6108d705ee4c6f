import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Executor } from '../../db/client';
import { notices } from '../../db/schema';
import { enqueueJob } from '../../jobs/queue';
import type { JobHandler } from '../../jobs/worker';
import { publishNoticeEvent } from '../live/live-events';

/**
 * The one place told when a notice is created, changed or deleted in the console: called inside
 * the write's transaction, after the rows are written, so what it does commits with the change.
 * It publishes the live `notice` event to every merchant (live-events.ts: a merchant_events row
 * whose NOTIFY is delivered at commit only, never for a rolled-back write), so open notice
 * lists, dashboard cards and header badges read again. A scheduled notice (`publishedAt`
 * ahead) is announced when saved, while merchants cannot see it yet (their pages read again and
 * find nothing new), and again at its time by a job (NOTICE_PUBLISH_JOB) queued in the same
 * transaction: the badge and the lists of open pages then show it without a reload.
 */
export const NOTICE_PUBLISH_JOB = 'notice.publish';
export interface NoticeChange {
  noticeId: number;
  action: 'created' | 'updated' | 'deleted';
  /** Null once deleted. */
  publishedAt: Date | null;
  /** On an update, the time before it: a scheduled time kept as it was has its job already. */
  previousPublishedAt?: Date;
  pinned: boolean;
}

export interface NoticeChangeContext {
  tx: Executor;
  log: FastifyBaseLogger;
  now: Date;
}

export async function announceNoticeChange(
  context: NoticeChangeContext,
  change: NoticeChange,
): Promise<void> {
  await publishNoticeEvent(context.tx, change.noticeId);
  const at = change.publishedAt;
  if (at && at > context.now && at.getTime() !== change.previousPublishedAt?.getTime()) {
    const payload: NoticePublishPayload = { noticeId: change.noticeId, publishedAt: at.toISOString() };
    await enqueueJob(context.tx, NOTICE_PUBLISH_JOB, payload, at);
  }
  context.log.info(
    {
      noticeId: change.noticeId,
      action: change.action,
      publishedAt: change.publishedAt?.toISOString() ?? null,
    },
    'notice changed',
  );
}

interface NoticePublishPayload {
  noticeId: number;
  /** The time it was scheduled for: a notice moved to another time since has its own job. */
  publishedAt: string;
}

/**
 * The scheduled notice's time has come: announce it, unless it was deleted or moved to another
 * time since (that save queued its own job; one moved to now or earlier was announced then).
 */
export function createNoticePublishHandler(deps: { db: Database }): JobHandler {
  return {
    async run(payload) {
      const { noticeId, publishedAt } = payload as NoticePublishPayload;
      const [row] = await deps.db
        .select({ publishedAt: notices.publishedAt })
        .from(notices)
        .where(eq(notices.id, noticeId));
      if (!row || row.publishedAt.toISOString() !== publishedAt) return;
      await publishNoticeEvent(deps.db, noticeId);
    },
  };
}
