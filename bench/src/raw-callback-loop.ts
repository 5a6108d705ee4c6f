import { performance } from 'node:perf_hooks';
import { Pool } from 'undici';
import { SIGNATURE_HEADER, signCallback } from '../../apps/server/src/modules/callbacks/callback-signature';

/**
 * The floor of the callback worker in bench:gateway: a raw durable loop doing the same writes as
 * the worker, with none of its machinery (no group batching, no prefetch, no named statements,
 * no drizzle): `concurrency` loops, each claiming one due event with FOR UPDATE SKIP LOCKED
 * (counting the try and leasing the row, joined with its application's URL as the worker's claim
 * is), POSTing its signed body to the same receiver, then settling the row and logging the
 * attempt in one statement. It stops when no due event is left.
 */
export interface RawClient {
  query(text: string, params?: unknown[]): Promise<unknown>;
}

const CLAIM = `
  with claimed as (
    update callback_events
    set tries = tries + 1, run_at = $1::timestamptz, leased = true
    where id = (
      select id from callback_events
      where run_at <= $2::timestamptz
      order by run_at, seq
      limit 1
      for update skip locked
    )
    returning id, body, application_id, order_id, tries
  )
  select c.id, c.body, c.tries, coalesce(nullif(o.callback_url, ''), a.callback_url) as url
  from claimed c
  join applications a on a.id = c.application_id
  left join orders o on o.id = c.order_id`;

const SETTLE_AND_LOG = `
  with settled as (
    update callback_events
    set attempts = attempts + 1, delivered_at = $2::timestamptz, run_at = null, leased = false
    where id = $1 and tries = $3
    returning attempts
  )
  insert into callback_deliveries (event_id, attempt, url, request_body, response_status,
    response_body, duration_ms, error, acknowledged, created_at)
  select $1, attempts, $4, null, $5, $6, $7, null, true, $2::timestamptz from settled`;

const LEASE_MS = 5 * 60_000;

/** Delivers every due event; the number delivered. */
export async function runRawCallbackLoop(options: {
  client: RawClient;
  secret: string;
  concurrency: number;
}): Promise<number> {
  const { client, secret, concurrency } = options;
  const origins = new Map<string, Pool>();
  let delivered = 0;
  const loop = async () => {
    for (;;) {
      const now = new Date();
      const { rows } = (await client.query(CLAIM, [
        new Date(now.getTime() + LEASE_MS).toISOString(),
        now.toISOString(),
      ])) as { rows: { id: string; body: string; tries: number; url: string }[] };
      const event = rows[0];
      if (!event) return;
      const url = new URL(event.url);
      let http = origins.get(url.origin);
      if (!http) {
        http = new Pool(url.origin, { connections: concurrency });
        origins.set(url.origin, http);
      }
      const started = performance.now();
      const response = await http.request({
        method: 'POST',
        path: url.pathname + url.search,
        body: event.body,
        headers: {
          'content-type': 'application/json',
          [SIGNATURE_HEADER]: signCallback(secret, event.body, Math.floor(Date.now() / 1000)),
        },
      });
      const text = (await response.body.text()).slice(0, 2048);
      await client.query(SETTLE_AND_LOG, [
        event.id,
        new Date().toISOString(),
        event.tries,
        event.url,
        response.statusCode,
        text,
        Math.round(performance.now() - started),
      ]);
      delivered++;
    }
  };
  try {
    await Promise.all(Array.from({ length: concurrency }, loop));
  } finally {
    await Promise.all([...origins.values()].map((pool) => pool.close()));
  }
  return delivered;
}
