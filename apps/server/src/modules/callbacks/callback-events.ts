import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { type CALLBACK_EVENT_TYPES, callbackEvents, jobs, telegramChats } from '../../db/schema';
import { ALERTED_EVENT_TYPES, TELEGRAM_JOB } from '../telegram/telegram-alert.job';

/**
 * The callback outbox. An event is written in the transaction of the change it reports, due at
 * once (its row is its own place in the queue: callback-queue.ts), so it exists exactly when
 * the change was committed and is retried until acknowledged or its schedule is spent. Its id
 * (`evt_…`) and its body are fixed here: every attempt sends the same bytes, and the receiver
 * can deduplicate by id. The caller wakes the workers once its transaction has committed
 * (deps.jobs.wake()).
 */

export type CallbackEventType = (typeof CALLBACK_EVENT_TYPES)[number];
export type CallbackFormat = 'tollgate' | 'epusdt';

export interface CallbackEventInput {
  merchantId: number;
  applicationId: number;
  /** null for an application's test event. */
  orderId: number | null;
  type: CallbackEventType;
  /** Tollgate format: the body's `data` (`{ order }`); epusdt: kept for the record. */
  data: unknown;
  format?: CallbackFormat;
  /** Format epusdt only: the body its protocol builds and signs (MD5), sent as is. */
  body?: string;
  now: Date;
}

export function newCallbackEventId(): string {
  return `evt_${randomBytes(16).toString('hex')}`;
}

/** The exact JSON text of a Tollgate event: `{ id, type, createdAt, data }`, in this order. */
export function tollgateEventBody(id: string, type: string, createdAt: Date, data: unknown): string {
  return JSON.stringify({ id, type, createdAt: createdAt.toISOString(), data });
}

/** An event due for delivery now. */
export async function recordCallbackEvent(
  db: Executor,
  input: CallbackEventInput,
): Promise<{ id: string; body: string }> {
  return insertCallbackEvent(db, input, { queued: true });
}

/**
 * The event row; `queued: false` leaves it out of the queue (the test event is sent while its
 * call waits, once).
 */
export async function insertCallbackEvent(
  db: Executor,
  input: CallbackEventInput,
  { queued }: { queued: boolean },
): Promise<{ id: string; body: string }> {
  const format = input.format ?? 'tollgate';
  const id = newCallbackEventId();
  let body: string;
  if (format === 'epusdt') {
    if (input.body === undefined) throw new Error('an epusdt callback event needs its prebuilt body');
    body = input.body;
  } else {
    if (input.body !== undefined) throw new Error('a tollgate callback event builds its own body');
    body = tollgateEventBody(id, input.type, input.now, input.data);
  }
  // The event, and in the same statement the Telegram alert of an event its merchant is
  // alerted of, when the application has a chat bound (modules/telegram).
  const payload = input.data === undefined || input.data === null ? null : JSON.stringify(input.data);
  const at = input.now.toISOString();
  const due = queued ? at : null;
  await db.execute(sql`
    with e as (
      insert into ${callbackEvents} (id, merchant_id, application_id, order_id, type, format, body,
        payload, created_at, run_at, queued_at)
      values (${id}, ${input.merchantId}, ${input.applicationId}, ${input.orderId}, ${input.type},
        ${format}, ${body}, ${payload}::jsonb, ${at}::timestamptz, ${due}::timestamptz,
        ${due}::timestamptz)
      returning id, application_id, type
    )
    insert into ${jobs} (kind, payload, run_at)
    select ${TELEGRAM_JOB}, jsonb_build_object('eventId', e.id), ${at}::timestamptz
    from e join ${telegramChats} t on t.application_id = e.application_id
    where e.type in (${sql.join(
      ALERTED_EVENT_TYPES.map((type) => sql`${type}`),
      sql`, `,
    )})`);
  return { id, body };
}
