import type { Database } from '../../db/client';
import type { SecretBox } from '../../lib/secret-box';
import type { Slots } from '../../lib/slots';
import type { Clock } from '../../types';
import { signEpusdtNotifyBody } from '../epusdt/epusdt-notify';
import { type HostResolver, resolveCallbackTarget } from './address-guard';
import { type EventForAttempt, readEventForAttempt, recordAttempt } from './attempt-statements';
import { type CallbackHttpResult, postCallback } from './callback-http';
import { SIGNATURE_HEADER, signCallback } from './callback-signature';
import { DELIVERY_ERROR_TEXT } from './delivery-error';
import { openAppSecretKept } from './opened-app-secrets';

/**
 * One delivery attempt of a callback event, in this order:
 * 1. The event, its application and its order are read now (by the worker's claim, or here):
 *    the URL is the order's callbackUrl, else the application's, as they are at send time.
 * 2. Nothing to send to (no URL, or the application was deleted): the attempt is logged as
 *    skipped and the event is over (gave_up_at), not retried.
 * 3. A URL that is not http(s), whose host the SSRF guard refuses (address-guard.ts), or whose
 *    application's secret will not open (`not sent: …`), is a
 *    failed attempt: logged with its reason and retried on the schedule, since the merchant
 *    may fix the URL or the DNS record meanwhile.
 * 4. Otherwise the body is POSTed, signed for this attempt's time, to the vetted address (an
 *    epusdt body also gets its own MD5 signature field now: modules/epusdt/epusdt-notify.ts).
 *    Acknowledged only by a 2xx whose trimmed body is `success` or `ok` (any case).
 * 5. The attempt is appended to callback_deliveries and the event's attempts, delivered_at or
 *    gave_up_at updated, in one statement; a worker's attempt also settles the event's place in
 *    the queue there (callback-queue.ts: delivered or over, or due again at its retry's time).
 *
 * Records (5) are group-batched per database (attempt-statements.ts): the worker's attempts
 * running side by side share one round trip, instead of one apiece.
 */
export interface CallbackDeliveryDeps {
  db: Database;
  now: Clock;
  secrets: SecretBox;
  allowPrivate: boolean;
  resolve: HostResolver;
  timeoutMs: number;
  /**
   * Bounds the POSTs in flight (the callback worker's: more attempts run at once than POSTs, so
   * that an attempt reading or recording in the database does not hold a connection's turn).
   * Waiting for a slot does not count in the POST's timeout. None: unbounded.
   */
  sending?: Slots;
}

export interface AttemptOptions {
  lastAttempt: boolean;
  /** A worker's attempt (callback-queue.ts); none for the test event, sent outside the queue. */
  schedule?: AttemptSchedule;
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

/** A worker's attempt: its place in the queue is settled with its record. */
export interface AttemptSchedule {
  /**
   * How long after this attempt ends (its record) a failure is tried again; null: this was the
   * last attempt. Counted from the end, not the start: an attempt may wait for a POST slot, then
   * for its own timeout, longer than the delay.
   */
  retryDelayMs: number | null;
  /** The event's tries as its claim counted them: a record settles only the claim it was made under. */
  tries: number;
}

/**
 * One attempt of an event, claimed by a worker (read with its claim) or given by id (read now).
 * Returns null when the event does not exist (purged with its merchant).
 */
export async function attemptCallback(
  deps: CallbackDeliveryDeps,
  eventOrId: EventForAttempt | string,
  options: AttemptOptions,
): Promise<AttemptRecord | null> {
  const event = typeof eventOrId === 'string' ? await readEventForAttempt(deps.db)(eventOrId) : eventOrId;
  if (!event) return null;
  const target = event.orderCallbackUrl || event.appCallbackUrl;

  if (event.appDeleted) return record(deps, event, skipped(DELIVERY_ERROR_TEXT.appDeleted), options);
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

  let secret: string;
  let body: string;
  try {
    secret = openAppSecretKept(deps.secrets, event.appId, event.appSecretVersion, event.appSecretSealed);
    // An epusdt body carries its own MD5 signature: made now, with the secret as it is now.
    body = event.format === 'epusdt' ? signEpusdtNotifyBody(event.body, secret) : event.body;
  } catch (error) {
    // A secret that will not open (sealed under another key): a failed attempt, nothing sent,
    // retried on the schedule like any other.
    const message = error instanceof Error ? error.message : String(error);
    return record(
      deps,
      event,
      failed(target, `${DELIVERY_ERROR_TEXT.notSent}${message}`.slice(0, 1000)),
      options,
    );
  }
  const send = () =>
    postCallback({
      url,
      address: checked.address,
      body,
      headers: {
        'content-type': 'application/json',
        'user-agent': USER_AGENT,
        // Signed for the time it is sent.
        [SIGNATURE_HEADER]: signCallback(secret, body, Math.floor(deps.now().getTime() / 1000)),
      },
      timeoutMs: deps.timeoutMs,
    });
  const response = await (deps.sending ? deps.sending.run(send) : send());
  return record(deps, event, { url: target, ...response }, options, body);
}

/** The record's schedule: due again `retryDelayMs` after `endedAt`, or never. */
export function settledSchedule(schedule: AttemptSchedule, endedAt: Date) {
  const { retryDelayMs, tries } = schedule;
  return { retryAt: retryDelayMs === null ? null : new Date(endedAt.getTime() + retryDelayMs), tries };
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
  options: AttemptOptions,
  /** The body as sent, when it is not the event's own (an epusdt body, signed at send time). */
  sentBody: string = event.body,
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
  const attempt = await recordAttempt(deps.db)({
    eventId,
    url: attempted.url,
    requestBody: sentBody === event.body ? null : sentBody,
    status: attempted.status,
    responseBody: attempted.body,
    durationMs: attempted.durationMs,
    error,
    acknowledged,
    over,
    createdAt: now,
    schedule: options.schedule ? settledSchedule(options.schedule, now) : null,
  });
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
