import {
  LIVE_EVENT_TIMING,
  LIVE_EVENT_TYPES,
  type LiveEventPayloads,
  type LiveEventType,
} from '@tollgate/contracts/live-events';
import { and, asc, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { merchantEvents } from '../../db/schema';

/**
 * The merchant's live events, as stored (merchant_events) and as notified (the
 * `tollgate_events` channel). Orders, fund records and withdrawals write theirs by triggers
 * (migration 0010), in the transaction of the change; anything else (a notice) publishes with
 * publishMerchantEvent in its own transaction. Either way the row's insert NOTIFYs its id, and
 * PostgreSQL delivers the NOTIFY at commit only: a rolled-back change tells nobody.
 */
export const LIVE_CHANNEL = 'tollgate_events';

export interface LiveEvent {
  id: number;
  /** null: every merchant. */
  merchantId: number | null;
  type: LiveEventType;
  payload: unknown;
}

/** What a NOTIFY on the channel says: an event (payload left out when large), or a logout. */
export type LiveNotification =
  | { kind: 'event'; id: number; merchantId: number | null; type: LiveEventType; payload?: unknown }
  | { kind: 'sessionEnded'; sessionId: number };

export async function publishMerchantEvent<T extends LiveEventType>(
  db: Executor,
  event: { merchantId: number | null; type: T; payload: LiveEventPayloads[T] },
): Promise<number> {
  const [row] = await db
    .insert(merchantEvents)
    .values({ merchantId: event.merchantId, type: event.type, payload: event.payload })
    .returning({ id: merchantEvents.id });
  if (!row) throw new Error('publishMerchantEvent: no row written');
  return row.id;
}

/** A new notice for every merchant (or one): the web app refreshes the notice list and badge. */
export function publishNoticeEvent(db: Executor, noticeId: number, merchantId: number | null = null) {
  return publishMerchantEvent(db, { merchantId, type: 'notice', payload: { noticeId } });
}

/** A logout: every node closes that session's streams at once (no row: nothing to replay). */
export async function notifySessionEnded(db: Executor, sessionId: number): Promise<void> {
  await db.execute(sql`select pg_notify(${LIVE_CHANNEL}, ${JSON.stringify({ s: sessionId })})`);
}

/**
 * The merchant's events after `afterId` (and every merchant's), oldest first: at most
 * LIVE_EVENT_TIMING.replayMax, none older than replayMs. Older misses are not replayed; the
 * web app reads its pages again when a stream reconnects, so nothing stays stale.
 */
export async function readEventsAfter(
  db: Executor,
  merchantId: number,
  afterId: number,
): Promise<LiveEvent[]> {
  const rows = await db
    .select()
    .from(merchantEvents)
    .where(
      and(
        or(eq(merchantEvents.merchantId, merchantId), isNull(merchantEvents.merchantId)),
        gt(merchantEvents.id, afterId),
        sql`${merchantEvents.createdAt} > now() - make_interval(secs => ${LIVE_EVENT_TIMING.replayMs / 1000})`,
      ),
    )
    .orderBy(asc(merchantEvents.id))
    .limit(LIVE_EVENT_TIMING.replayMax);
  return rows.map(toLiveEvent);
}

export async function readEventsByIds(db: Executor, ids: number[]): Promise<LiveEvent[]> {
  if (ids.length === 0) return [];
  const rows = await db.select().from(merchantEvents).where(inArray(merchantEvents.id, ids));
  return rows.map(toLiveEvent);
}

/** Every merchant's events after `afterId` (a node catching up after its LISTEN was lost). */
export async function readAllEventsAfter(db: Executor, afterId: number): Promise<LiveEvent[]> {
  const rows = await db
    .select()
    .from(merchantEvents)
    .where(
      and(
        gt(merchantEvents.id, afterId),
        sql`${merchantEvents.createdAt} > now() - make_interval(secs => ${LIVE_EVENT_TIMING.replayMs / 1000})`,
      ),
    )
    .orderBy(asc(merchantEvents.id))
    .limit(LIVE_EVENT_TIMING.replayMax);
  return rows.map(toLiveEvent);
}

export async function readLastEventId(db: Executor): Promise<number> {
  const [row] = await db.select({ id: sql<string | null>`max(${merchantEvents.id})` }).from(merchantEvents);
  return row?.id ? Number(row.id) : 0;
}

/** Rows no stream can ask for any more (purge-expired.ts, hourly). */
export async function deleteEventsBefore(db: Executor, before: Date): Promise<void> {
  await db.delete(merchantEvents).where(lt(merchantEvents.createdAt, before));
}

function toLiveEvent(row: typeof merchantEvents.$inferSelect): LiveEvent {
  return { id: row.id, merchantId: row.merchantId, type: row.type as LiveEventType, payload: row.payload };
}

const TYPES: ReadonlySet<string> = new Set(LIVE_EVENT_TYPES);

/** The channel's text, checked: anything else on it (a stray NOTIFY) is ignored. */
export function parseNotification(text: string): LiveNotification | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null) return undefined;
  const note = value as Record<string, unknown>;
  if (Number.isSafeInteger(note.s)) return { kind: 'sessionEnded', sessionId: note.s as number };
  const merchantId = note.m === null ? null : Number.isSafeInteger(note.m) ? (note.m as number) : undefined;
  if (!Number.isSafeInteger(note.id) || merchantId === undefined || !TYPES.has(String(note.t)))
    return undefined;
  return {
    kind: 'event',
    id: note.id as number,
    merchantId,
    type: note.t as LiveEventType,
    ...('p' in note ? { payload: note.p } : {}),
  };
}
