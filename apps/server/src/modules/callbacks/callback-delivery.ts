import { and, eq, gt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { applications, callbackDeliveries, callbackEvents, orders } from '../../db/schema';
import type { SecretBox } from '../../lib/secret-box';
import type { Clock } from '../../types';
import { openAppSecret } from '../applications/app-secret';
import { signEpusdtNotifyBody } from '../epusdt/epusdt-notify';
import { type HostResolver, resolveCallbackTarget } from './address-guard';
import { type CallbackHttpResult, postCallback } from './callback-http';
import { SIGNATURE_HEADER, signCallback } from './callback-signature';
import { DELIVERY_ERROR_TEXT } from './delivery-error';

/**
 * One delivery attempt of a callback event, in this order:
 * 1. The event, its application and its order are read now: the URL is the order's
 *    callbackUrl, else the application's, as they are at send time.
 * 2. Nothing to send to (no URL, or the application was deleted): the attempt is logged as
 *    skipped and the event is over (gave_up_at), not retried.
 * 3. A URL that is not http(s), or whose host the SSRF guard refuses (address-guard.ts), is a
 *    failed attempt: logged with its reason and retried on the schedule, since the merchant
 *    may fix the URL or the DNS record meanwhile.
 * 4. Otherwise the body is POSTed, signed for this attempt's time, to the vetted address (an
 *    epusdt body also gets its own MD5 signature field now: modules/epusdt/epusdt-notify.ts).
 *    Acknowledged only by a 2xx whose trimmed body is `success` or `ok` (any case).
 * 5. The attempt is appended to callback_deliveries and the event's attempts, delivered_at or
 *    gave_up_at updated, in one transaction.
 */
export interface CallbackDeliveryDeps {
  db: Database;
  now: Clock;
  secrets: SecretBox;
  allowPrivate: boolean;
  resolve: HostResolver;
  timeoutMs: number;
}

export type AttemptOutcome = 'acknowledged' | 'failed' | 'skipped';

export interface AttemptRecord {
  eventId: string;
  attempt: number;
  outcome: AttemptOutcome;
  url: string;
  responseStatus: number | null;
  responseBody: string | null;
  durationMs: number;
  error: string | null;
  acknowledged: boolean;
  createdAt: Date;
}

export const USER_AGENT = 'Tollgate-Callback/1.0';

export function isAcknowledgement(status: number | null, body: string | null): boolean {
  return status !== null && status >= 200 && status < 300 && /^(success|ok)$/i.test((body ?? '').trim());
}

/**
 * Whether the event was acknowledged by an attempt after `afterAttempt` (a job that died
 * after recording its success must not send again when its lease ends).
 */
export async function acknowledgedAfter(db: Database, eventId: string, afterAttempt: number) {
  const [row] = await db
    .select({ id: callbackDeliveries.id })
    .from(callbackDeliveries)
    .where(
      and(
        eq(callbackDeliveries.eventId, eventId),
        eq(callbackDeliveries.acknowledged, true),
        gt(callbackDeliveries.attempt, afterAttempt),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** Returns null when the event does not exist (purged with its merchant). */
export async function attemptCallback(
  deps: CallbackDeliveryDeps,
  eventId: string,
  options: { lastAttempt: boolean },
): Promise<AttemptRecord | null> {
  const [row] = await deps.db
    .select({ event: callbackEvents, app: applications, orderCallbackUrl: orders.callbackUrl })
    .from(callbackEvents)
    .innerJoin(applications, eq(applications.id, callbackEvents.applicationId))
    .leftJoin(orders, eq(orders.id, callbackEvents.orderId))
    .where(eq(callbackEvents.id, eventId));
  if (!row) return null;
  const { event, app } = row;
  const target = row.orderCallbackUrl || app.callbackUrl;

  if (app.deletedAt) return record(deps, event, skipped(DELIVERY_ERROR_TEXT.appDeleted), options);
  if (!target) return record(deps, event, skipped(DELIVERY_ERROR_TEXT.noUrl), options);

  let url: URL;
  try {
    url = new URL(target);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('not http(s)');
  } catch {
    return record(deps, event, failed(target, DELIVERY_ERROR_TEXT.invalidUrl), options);
  }
  const checked = await resolveCallbackTarget(url, {
    allowPrivate: deps.allowPrivate,
    resolve: deps.resolve,
  });
  if (!checked.ok) return record(deps, event, failed(target, checked.error), options);

  const secret = openAppSecret(deps.secrets, app.id, app.secretVersion, app.secretSealed);
  // An epusdt body carries its own MD5 signature: made now, with the secret as it is now.
  const body = event.format === 'epusdt' ? signEpusdtNotifyBody(event.body, secret) : event.body;
  const t = Math.floor(deps.now().getTime() / 1000);
  const response = await postCallback({
    url,
    address: checked.address,
    body,
    headers: {
      'content-type': 'application/json',
      'user-agent': USER_AGENT,
      [SIGNATURE_HEADER]: signCallback(secret, body, t),
    },
    timeoutMs: deps.timeoutMs,
  });
  return record(deps, { id: event.id, body }, { url: target, ...response }, options);
}

interface Attempted extends CallbackHttpResult {
  url: string;
  skipped?: true;
}

const skipped = (reason: string): Attempted => ({
  url: '',
  status: null,
  body: null,
  error: reason,
  durationMs: 0,
  skipped: true,
});
const failed = (url: string, error: string): Attempted => ({
  url,
  status: null,
  body: null,
  error,
  durationMs: 0,
});

async function record(
  deps: CallbackDeliveryDeps,
  event: { id: string; body: string },
  attempted: Attempted,
  options: { lastAttempt: boolean },
): Promise<AttemptRecord> {
  const eventId = event.id;
  const acknowledged = isAcknowledgement(attempted.status, attempted.body);
  const outcome: AttemptOutcome = acknowledged ? 'acknowledged' : attempted.skipped ? 'skipped' : 'failed';
  const error =
    attempted.error ??
    (acknowledged
      ? null
      : `${DELIVERY_ERROR_TEXT.notAcknowledged}HTTP ${attempted.status} without "success" or "ok"`);
  const now = deps.now();
  const over = outcome === 'skipped' || (outcome === 'failed' && options.lastAttempt);
  // One statement (atomic, one round trip): count the attempt on the event, log it with its number.
  const result = (await deps.db.execute(sql`
    with counted as (
      update ${callbackEvents}
      set attempts = attempts + 1,
        delivered_at = case when ${acknowledged} then ${now} else delivered_at end,
        gave_up_at = case when ${acknowledged} then null when ${over} then ${now} else gave_up_at end
      where id = ${eventId}
      returning attempts
    )
    insert into ${callbackDeliveries} (event_id, attempt, url, request_body, response_status,
      response_body, duration_ms, error, acknowledged, created_at)
    select ${eventId}, attempts, ${attempted.url}, ${event.body}, ${attempted.status},
      ${attempted.body}, ${attempted.durationMs}, ${error}, ${acknowledged}, ${now}
    from counted
    returning attempt`)) as unknown as { rows: { attempt: number }[] };
  const attempt = result.rows[0]?.attempt ?? 0;
  return {
    eventId,
    attempt,
    outcome,
    url: attempted.url,
    responseStatus: attempted.status,
    responseBody: attempted.body,
    durationMs: attempted.durationMs,
    error,
    acknowledged,
    createdAt: now,
  };
}
