import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { namedStatement } from '../../db/named-statement';
import { perDatabase } from '../../db/prepared';
import {
  applications,
  callbackDeliveries,
  callbackEvents,
  jobs,
  orders,
  telegramChats,
} from '../../db/schema';
import { createGroupBatch } from '../../lib/group-batch';
import { TELEGRAM_JOB } from '../telegram/telegram-alert.job';

/**
 * The two statements of a delivery attempt that touch the database, each group-batched per
 * database (lib/group-batch.ts): the worker's attempts running side by side share one round
 * trip for each. Both take their rows as typed arrays (`unnest`, one parameter per column), so
 * the statement's text never changes with the batch's size: it is built once and, on a
 * PostgreSQL server, prepared once per connection (db/named-statement.ts); the driver binds 15
 * parameters instead of 14 per row, and the rows are found by their keys (index lookups, not
 * scans).
 */

/** What an attempt reads of its event: the event, its application, and its order's callback URL. */
export interface EventForAttempt {
  id: string;
  body: string;
  format: 'tollgate' | 'epusdt';
  appId: number;
  appSecretVersion: number;
  appSecretSealed: string;
  appDeleted: boolean;
  appCallbackUrl: string;
  orderCallbackUrl: string | null;
}

interface EventRow {
  id: string;
  body: string;
  format: 'tollgate' | 'epusdt';
  app_id: number | string;
  secret_version: number;
  secret_sealed: string;
  app_deleted: boolean;
  app_callback_url: string;
  order_callback_url: string | null;
}

const readEvents = namedStatement<EventRow>(
  'callback_read_events',
  sql`
    select e.id, e.body, e.format, a.id as app_id, a.secret_version, a.secret_sealed,
      a.deleted_at is not null as app_deleted, a.callback_url as app_callback_url,
      o.callback_url as order_callback_url
    from ${callbackEvents} e
    join ${applications} a on a.id = e.application_id
    left join ${orders} o on o.id = e.order_id
    where e.id = any(${sql.placeholder('ids')}::text[])`,
);

/** The event, its application and its order's callback URL, read together with others due now. */
export const readEventForAttempt = perDatabase((db: Database) =>
  createGroupBatch<string, EventForAttempt | undefined>(async (ids) => {
    const rows = await readEvents.run(db, { ids: [...new Set(ids)] });
    const byId = new Map(
      rows.map((row): [string, EventForAttempt] => [
        row.id,
        {
          id: row.id,
          body: row.body,
          format: row.format,
          appId: Number(row.app_id),
          appSecretVersion: Number(row.secret_version),
          appSecretSealed: row.secret_sealed,
          appDeleted: row.app_deleted,
          appCallbackUrl: row.app_callback_url,
          orderCallbackUrl: row.order_callback_url,
        },
      ]),
    );
    return ids.map((id) => byId.get(id));
  }),
);

export interface AttemptRow {
  eventId: string;
  url: string;
  /** null: the event's own body, which the statement takes from the event's row (not sent again). */
  requestBody: string | null;
  status: number | null;
  responseBody: string | null;
  durationMs: number;
  error: string | null;
  acknowledged: boolean;
  /** The event is over with this attempt (skipped, or failed on its last attempt). */
  over: boolean;
  createdAt: Date;
  job: { id: number; state: 'done' | 'retry' | 'given-up'; runAt: Date | null } | null;
}

/**
 * Records attempts, many in one statement (atomic, one round trip): each counts on its event,
 * is logged with its number, and settles its job if it has one. An event appears once per
 * statement (its attempt number comes from its own update), so a second attempt of the same
 * event in a batch goes into the next statement. Answers each attempt's number (0 when its
 * event no longer exists).
 */
const ATTEMPT_COLUMNS = [
  ['eventId', 'text'],
  ['url', 'text'],
  ['requestBody', 'text'],
  ['status', 'int'],
  ['responseBody', 'text'],
  ['durationMs', 'int'],
  ['error', 'text'],
  ['acknowledged', 'boolean'],
  ['over', 'boolean'],
  ['createdAt', 'timestamptz'],
  ['jobId', 'bigint'],
  ['jobState', 'text'],
  ['jobRunAt', 'timestamptz'],
] as const;

const recordAttempts = namedStatement<{ event_id: string; attempt: number }>(
  'callback_record_attempts',
  sql`
    with input as (
      select * from unnest(${sql.join(
        ATTEMPT_COLUMNS.map(([name, type]) => sql`${sql.placeholder(name)}::${sql.raw(type)}[]`),
        sql`, `,
      )})
        as i(event_id, url, request_body, response_status, response_body, duration_ms, error,
          acknowledged, over, created_at, job_id, job_state, job_run_at)
    ),
    counted as (
      update ${callbackEvents} e
      set attempts = e.attempts + 1,
        delivered_at = case when i.acknowledged then i.created_at else e.delivered_at end,
        gave_up_at = case when i.acknowledged then null when i.over then i.created_at
          else e.gave_up_at end
      from input i
      where e.id = i.event_id
      returning e.id, e.attempts, e.body, e.application_id, e.order_id
    ),
    alerted as (
      -- An order's notification whose retries are spent: a Telegram alert, when the
      -- application has a chat bound (modules/telegram). Not for a missing URL (skipped).
      insert into ${jobs} (kind, payload, run_at)
      select ${TELEGRAM_JOB}, jsonb_build_object('eventId', c.id, 'gaveUp', true), i.created_at
      from counted c
      join input i on i.event_id = c.id
      join ${telegramChats} t on t.application_id = c.application_id
      where i.over and not i.acknowledged and c.order_id is not null
        and coalesce(i.error, '') not like 'skipped:%'
    ),
    settled as (
      -- The jobs by their key (= any of the ids): joined to the input alone, the planner may
      -- hash the whole jobs table.
      update ${jobs} j
      set done_at = case when i.job_state = 'done' then i.created_at else j.done_at end,
        failed_at = case when i.job_state = 'given-up' then i.created_at else j.failed_at end,
        run_at = case when i.job_state = 'retry' then i.job_run_at else j.run_at end,
        last_error = case when i.job_state = 'done' then null
          else left(coalesce(nullif(i.error, ''), 'failed'), 1000) end
      from input i
      where j.id = any(${sql.placeholder('jobIds')}::bigint[]) and j.id = i.job_id
    )
    insert into ${callbackDeliveries} (event_id, attempt, url, request_body, response_status,
      response_body, duration_ms, error, acknowledged, created_at)
    select i.event_id, c.attempts, i.url, coalesce(i.request_body, c.body), i.response_status,
      i.response_body, i.duration_ms, i.error, i.acknowledged, i.created_at
    from input i
    join counted c on c.id = i.event_id
    returning event_id, attempt`,
);

/**
 * Records attempts, many in one statement (atomic, one round trip): each counts on its event,
 * is logged with its number, and settles its job if it has one. An event appears once per
 * statement (its attempt number comes from its own update), so a second attempt of the same
 * event in a batch goes into the next statement. Answers each attempt's number (0 when its
 * event no longer exists).
 */
export const recordAttempt = perDatabase((db: Database) =>
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
      const column = <T>(pick: (row: AttemptRow) => T) => round.map(({ row }) => pick(row));
      const jobIds = column((r) => r.job?.id ?? null);
      const result = await recordAttempts.run(db, {
        eventId: column((r) => r.eventId),
        url: column((r) => r.url),
        requestBody: column((r) => r.requestBody),
        status: column((r) => r.status),
        responseBody: column((r) => r.responseBody),
        durationMs: column((r) => r.durationMs),
        error: column((r) => r.error),
        acknowledged: column((r) => r.acknowledged),
        over: column((r) => r.over),
        createdAt: column((r) => r.createdAt.toISOString()),
        jobId: jobIds,
        jobState: column((r) => r.job?.state ?? null),
        jobRunAt: column((r) => r.job?.runAt?.toISOString() ?? null),
        jobIds: jobIds.filter((id) => id !== null),
      });
      const attempts = new Map(result.map((r) => [r.event_id, Number(r.attempt)]));
      for (const { row, index } of round) numbers[index] = attempts.get(row.eventId) ?? 0;
    }
    return numbers;
  }),
);
