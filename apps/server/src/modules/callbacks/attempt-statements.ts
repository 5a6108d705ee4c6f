import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { fixedStatement } from '../../db/fixed-statement';
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
 * The statements of a delivery attempt that touch the database, each group-batched per
 * database (lib/group-batch.ts): attempts running side by side share one round trip for each.
 * A worker's attempts read their events in their claim (callback-queue.ts); the read here is
 * for an attempt outside the queue (the test event). Both take their rows as typed arrays
 * (`unnest`, one parameter per column), so the statement's text never changes with the batch's
 * size: it is built once (db/fixed-statement.ts); the rows are found by their keys (index
 * lookups, not scans).
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

export interface EventRow {
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

/**
 * What an attempt reads, from events aliased `e` (the table, or the rows a claim took): the
 * columns of an EventRow, then the joins they come from.
 */
export const EVENT_FOR_ATTEMPT = {
  columns: sql`e.id, e.body, e.format, a.id as app_id, a.secret_version, a.secret_sealed,
      a.deleted_at is not null as app_deleted, a.callback_url as app_callback_url,
      o.callback_url as order_callback_url`,
  joins: sql`join ${applications} a on a.id = e.application_id
    left join ${orders} o on o.id = e.order_id`,
};

export function toEventForAttempt(row: EventRow): EventForAttempt {
  return {
    id: row.id,
    body: row.body,
    format: row.format,
    appId: Number(row.app_id),
    appSecretVersion: Number(row.secret_version),
    appSecretSealed: row.secret_sealed,
    appDeleted: row.app_deleted,
    appCallbackUrl: row.app_callback_url,
    orderCallbackUrl: row.order_callback_url,
  };
}

const readEvents = fixedStatement<EventRow>(
  sql`
    select ${EVENT_FOR_ATTEMPT.columns}
    from ${callbackEvents} e
    ${EVENT_FOR_ATTEMPT.joins}
    where e.id = any(${sql.placeholder('ids')}::text[])`,
);

/** The event, its application and its order's callback URL, read together with others asked now. */
export const readEventForAttempt = perDatabase((db: Database) =>
  createGroupBatch<string, EventForAttempt | undefined>(async (ids) => {
    const rows = await readEvents.run(db, { ids: [...new Set(ids)] });
    const byId = new Map(rows.map((row): [string, EventForAttempt] => [row.id, toEventForAttempt(row)]));
    return ids.map((id) => byId.get(id));
  }),
);

export interface AttemptRow {
  eventId: string;
  url: string;
  /** null: the event's own body, not copied (the log reads it from the event's row). */
  requestBody: string | null;
  status: number | null;
  responseBody: string | null;
  durationMs: number;
  error: string | null;
  acknowledged: boolean;
  /** The event is over with this attempt (skipped, or failed on its last attempt). */
  over: boolean;
  createdAt: Date;
  /**
   * A worker's attempt settles the event's place in the queue (callback-queue.ts): its lease
   * ends, and it is due again at `retryAt` (a failure before the last) or never. null: an
   * attempt outside the queue (the test event), which leaves it as it is.
   */
  schedule: { retryAt: Date | null; tries: number } | null;
}

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
  ['settle', 'boolean'],
  ['nextRunAt', 'timestamptz'],
  ['claimedTries', 'int'],
] as const;

const recordAttempts = fixedStatement<{ event_id: string; attempt: number }>(
  sql`
    with input as (
      select * from unnest(${sql.join(
        ATTEMPT_COLUMNS.map(([name, type]) => sql`${sql.placeholder(name)}::${sql.raw(type)}[]`),
        sql`, `,
      )})
        as i(event_id, url, request_body, response_status, response_body, duration_ms, error,
          acknowledged, over, created_at, settle, next_run_at, claimed_tries)
    ),
    counted as (
      update ${callbackEvents} e
      set attempts = e.attempts + 1,
        delivered_at = case when i.acknowledged then i.created_at else e.delivered_at end,
        gave_up_at = case when i.acknowledged then null when i.over then i.created_at
          else e.gave_up_at end,
        -- Settled by the claim the attempt was made under only: a worker that outlived its
        -- lease (the event claimed again since) logs its attempt but leaves the row alone.
        run_at = case when i.settle and e.tries = i.claimed_tries then i.next_run_at else e.run_at end,
        leased = case when i.settle and e.tries = i.claimed_tries then false else e.leased end
      from input i
      where e.id = i.event_id
      returning e.id, e.attempts, e.application_id, e.order_id
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
    )
    insert into ${callbackDeliveries} (event_id, attempt, url, request_body, response_status,
      response_body, duration_ms, error, acknowledged, created_at)
    select i.event_id, c.attempts, i.url, i.request_body, i.response_status,
      i.response_body, i.duration_ms, i.error, i.acknowledged, i.created_at
    from input i
    join counted c on c.id = i.event_id
    returning event_id, attempt`,
);

/**
 * Records attempts, many in one statement (atomic, one round trip): each counts on its event,
 * is logged with its number, and a worker's attempt settles the event's place in the queue
 * (its lease ends; due again at its retry's time, or never). An event appears once per
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
        settle: column((r) => r.schedule !== null),
        claimedTries: column((r) => r.schedule?.tries ?? null),
        nextRunAt: column((r) =>
          r.acknowledged || r.over ? null : (r.schedule?.retryAt?.toISOString() ?? null),
        ),
      });
      const attempts = new Map(result.map((r) => [r.event_id, Number(r.attempt)]));
      for (const { row, index } of round) numbers[index] = attempts.get(row.eventId) ?? 0;
    }
    return numbers;
  }),
);
