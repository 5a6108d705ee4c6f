import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { perDatabase } from '../../db/prepared';
import { applications, callbackDeliveries, callbackEvents, jobs, orders } from '../../db/schema';
import { createGroupBatch } from '../../lib/group-batch';
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
 *    gave_up_at updated, in one statement; a job's attempt settles its job in that statement too
 *    (done, to retry at its time, or given up).
 *
 * Reads (1) and records (5) are group-batched per database (lib/group-batch.ts): the worker's
 * attempts running side by side share one round trip for each, instead of one apiece.
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

type EventRow = {
  event: typeof callbackEvents.$inferSelect;
  app: typeof applications.$inferSelect;
  orderCallbackUrl: string | null;
};

/** The event, its application and its order's callback URL, read together with others due now. */
const readEvent = perDatabase((db: Executor) =>
  createGroupBatch<string, EventRow | undefined>(async (ids) => {
    const rows = await db
      .select({ event: callbackEvents, app: applications, orderCallbackUrl: orders.callbackUrl })
      .from(callbackEvents)
      .innerJoin(applications, eq(applications.id, callbackEvents.applicationId))
      .leftJoin(orders, eq(orders.id, callbackEvents.orderId))
      .where(inArray(callbackEvents.id, [...new Set(ids)]));
    const byId = new Map(rows.map((row) => [row.event.id, row]));
    return ids.map((id) => byId.get(id));
  }),
);

/** The job an attempt belongs to, settled in the statement that records the attempt. */
export interface AttemptJob {
  id: number;
  /** When a failed attempt is tried again; null: this was the last attempt. */
  retryAt: Date | null;
}

/** Returns null when the event does not exist (purged with its merchant). */
export async function attemptCallback(
  deps: CallbackDeliveryDeps,
  eventId: string,
  options: { lastAttempt: boolean; job?: AttemptJob },
): Promise<AttemptRecord | null> {
  const row = await readEvent(deps.db)(eventId);
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

interface AttemptRow {
  eventId: string;
  url: string;
  requestBody: string;
  status: number | null;
  responseBody: string | null;
  durationMs: number;
  error: string | null;
  acknowledged: boolean;
  over: boolean;
  createdAt: Date;
  job: { id: number; state: 'done' | 'retry' | 'given-up'; runAt: Date | null } | null;
}

async function record(
  deps: CallbackDeliveryDeps,
  event: { id: string; body: string },
  attempted: Attempted,
  options: { lastAttempt: boolean; job?: AttemptJob },
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
  const { job } = options;
  const jobState = outcome !== 'failed' ? 'done' : job?.retryAt ? 'retry' : 'given-up';
  const attempt = await recordAttempt(deps.db)({
    eventId,
    url: attempted.url,
    requestBody: event.body,
    status: attempted.status,
    responseBody: attempted.body,
    durationMs: attempted.durationMs,
    error,
    acknowledged,
    over,
    createdAt: now,
    job: job ? { id: job.id, state: jobState, runAt: job.retryAt } : null,
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

/**
 * Records attempts, many in one statement (atomic, one round trip): each counts on its event,
 * is logged with its number, and settles its job if it has one. An event appears once per
 * statement (its attempt number comes from its own update), so a second attempt of the same
 * event in a batch goes into the next statement.
 */
const recordAttempt = perDatabase((db: Executor) =>
  createGroupBatch<AttemptRow, number>(async (rows) => {
    const numbers = new Array<number>(rows.length).fill(0);
    let pending = rows.map((row, index) => ({ row, index }));
    while (pending.length > 0) {
      const seen = new Set<string>();
      const round: typeof pending = [];
      const later: typeof pending = [];
      for (const entry of pending) {
        (seen.has(entry.row.eventId) ? later : round).push(entry);
        seen.add(entry.row.eventId);
      }
      pending = later;
      // A VALUES list, typed: the planner knows how few rows it joins (index lookups, not scans).
      const input = sql.join(
        round.map(
          ({ row, index }) => sql`(${index}::int, ${row.eventId}::text, ${row.url}::text,
            ${row.requestBody}::text, ${row.status}::int, ${row.responseBody}::text,
            ${row.durationMs}::int, ${row.error}::text, ${row.acknowledged}::boolean,
            ${row.over}::boolean, ${row.createdAt.toISOString()}::timestamptz,
            ${row.job?.id ?? null}::bigint, ${row.job?.state ?? null}::text,
            ${row.job?.runAt?.toISOString() ?? null}::timestamptz)`,
        ),
        sql`, `,
      );
      const result = (await db.execute(sql`
        with input (n, event_id, url, request_body, response_status, response_body, duration_ms,
          error, acknowledged, over, created_at, job_id, job_state, job_run_at) as (
          values ${input}
        ),
        counted as (
          update ${callbackEvents} e
          set attempts = e.attempts + 1,
            delivered_at = case when i.acknowledged then i.created_at else e.delivered_at end,
            gave_up_at = case when i.acknowledged then null when i.over then i.created_at
              else e.gave_up_at end
          from input i
          where e.id = i.event_id
          returning e.id, e.attempts
        ),
        settled as (
          update ${jobs} j
          set done_at = case when i.job_state = 'done' then i.created_at else j.done_at end,
            failed_at = case when i.job_state = 'given-up' then i.created_at else j.failed_at end,
            run_at = case when i.job_state = 'retry' then i.job_run_at else j.run_at end,
            last_error = case when i.job_state = 'done' then null
              else left(coalesce(nullif(i.error, ''), 'failed'), 1000) end
          from input i
          where i.job_id is not null and j.id = i.job_id
        )
        insert into ${callbackDeliveries} (event_id, attempt, url, request_body, response_status,
          response_body, duration_ms, error, acknowledged, created_at)
        select i.event_id, c.attempts, i.url, i.request_body, i.response_status,
          i.response_body, i.duration_ms, i.error, i.acknowledged, i.created_at
        from input i
        join counted c on c.id = i.event_id
        returning event_id, attempt`)) as unknown as { rows: { event_id: string; attempt: number }[] };
      const attempts = new Map(result.rows.map((r) => [r.event_id, Number(r.attempt)]));
      for (const { row, index } of round) numbers[index] = attempts.get(row.eventId) ?? 0;
    }
    return numbers;
  }),
);
