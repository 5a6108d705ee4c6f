import { performance } from 'node:perf_hooks';
import pg from 'pg';

/**
 * The seed of the benches at scale (issue 9: exports.ts, records.ts): one merchant's orders and
 * fund records over two years and three applications, written by PostgreSQL itself (INSERT …
 * SELECT generate_series), on a PostgreSQL server (node-postgres) or an embedded PGlite alike.
 */

/** What node-postgres' Client and PGlite both offer. */
export interface Queryable {
  query(text: string, params?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
}

/** Creates the database of a postgres:// URL when missing. */
export async function ensureDatabase(url: string) {
  const target = new URL(url);
  const name = target.pathname.slice(1);
  if (!/^\w+$/.test(name)) throw new Error(`bad database name ${name}`);
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [name]);
  if (!rowCount) await client.query(`CREATE DATABASE ${name}`);
  await client.end();
}

const TWO_YEARS_S = 730 * 86_400;

/**
 * `orders` collection orders (four currencies, three networks, four statuses; every fourth paid,
 * with a transaction hash) and `fundRecords` fund records (five types, three currencies) for one
 * merchant, spread evenly over the last two years and 3 applications (1M orders: one every 63 s;
 * 3M fund records: one every 21 s). Idempotent: each part is skipped when the merchant already has
 * that many rows, so a seeded database serves run after run. Answers whether it wrote rows: a
 * bench then restarts the server it measures, which was running through the bulk load (right after
 * a fresh seed, a server that had lived through it exported XLSX at 1.9x–2.1x the COPY, with ten
 * times the garbage collection; a fresh process on the same database, 1.3x–1.5x).
 */
export async function seedAtScale(
  db: Queryable,
  merchantId: number,
  counts: { orders: number; fundRecords: number },
): Promise<boolean> {
  await db.query(
    `insert into applications (merchant_id, app_id, name, secret_sealed, created_at, updated_at)
     select $1, 'benchapp' || g, 'Bench shop ' || g, 'unused-by-the-bench', now(), now()
       from generate_series(1, 3) g
     on conflict (app_id) do nothing`,
    [merchantId],
  );
  const ids = (
    await db.query(`select id from applications where app_id like 'benchapp%' order by app_id`)
  ).rows.map((row) => Number(row.id));
  const [a1, a2, a3] = ids;
  const orders = Number(
    (await db.query('select count(*) as n from orders where merchant_id = $1', [merchantId])).rows[0]?.n,
  );
  // Seeded before the rule above: the pending orders past their expiry are expired now, once
  // (the server's watcher would otherwise expire them, thousands a tick, during the measures).
  // And the confirming ones older than an hour are completed (the watcher would scan their
  // addresses on every tick for confirmations that never come).
  const stale = await db.query(
    `update orders set status = case when status = 'pending' then 'expired' else 'completed' end,
       updated_at = now()
     where merchant_id = $1 and order_no like 'BENCH%' and expires_at <= now()
       and (status = 'pending' or (status = 'confirming' and created_at + interval '1 hour' <= now()))`,
    [merchantId],
  );
  const staleCount = (stale as { rowCount?: number | null }).rowCount ?? 0;
  if (staleCount > 0)
    console.log(`seed: ${staleCount} stale pending or confirming orders brought to their end`);
  if (orders < counts.orders) {
    const started = performance.now();
    await db.query(
      `insert into orders (order_no, type, merchant_id, application_id, merchant_order_no, currency, network,
         amount, paid_amount, fee, status, pay_address, tx_hash, test, request_hash, created_at, expires_at,
         arrived_at, completed_at, updated_at)
       select 'BENCH' || lpad(g::text, 10, '0'), 'collection', $1,
         (array[$2::bigint, $3::bigint, $4::bigint])[1 + g % 3], 'shop-' || g,
         (array['USDT', 'USDT', 'TRX', 'ETH'])[1 + g % 4], (array['TRON', 'ETH', 'BSC'])[1 + g % 3],
         ((g % 100000) + 1)::numeric / 100 + 0.000001 * (g % 7),
         case when g % 4 = 0 then ((g % 100000) + 1)::numeric / 100 else 0 end,
         ((g % 100000) + 1)::numeric / 10000,
         -- A pending order past its expiry is expired, as the server's watcher would have left
         -- it: otherwise the server under test spends the bench expiring them.
         -- Likewise a confirming order older than an hour has been confirmed (completed).
         case when g % 4 = 1 and t + interval '1 hour' <= now() then 'expired'
           when g % 4 = 3 and t + interval '1 hour' <= now() then 'completed'
           else (array['completed', 'pending', 'expired', 'confirming'])[1 + g % 4] end,
         'TBench' || g, case when g % 4 = 0 then md5(g::text) end, true, md5('bench' || g),
         t, t + interval '1 hour',
         case when g % 4 = 0 then t + interval '2 minutes' end,
         case when g % 4 = 0 then t + interval '3 minutes' end, t
       from (select g, now() - interval '1 millisecond' * (g * $7::float8) as t
               from generate_series($5::int + 1, $6::int) g) s`,
      [merchantId, a1, a2, a3, orders, counts.orders, Math.round((TWO_YEARS_S * 1000) / counts.orders)],
    );
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(`seed: ${counts.orders - orders} orders in ${seconds} s`);
  }
  const funds = Number(
    (await db.query('select count(*) as n from fund_records where merchant_id = $1', [merchantId])).rows[0]
      ?.n,
  );
  if (funds < counts.fundRecords) {
    const started = performance.now();
    // Balances that add up row by row (before + change = after, the table's check); the hash chain
    // is a placeholder: ledger:verify is not meant for this database.
    await db.query(
      `insert into fund_records (merchant_id, currency, type, bucket, order_no, tx_hash, address, network, amount,
         fee, status, balance_before, change_amount, balance_after, prev_hash, hash, created_at)
       select $1, 'BUSDT' || (g % 3), (array['deposit', 'withdraw', 'collection', 'payout', 'exchange'])[1 + g % 5],
         'available', 'BENCH' || lpad((g % 1000000)::text, 10, '0'), md5(g::text), 'TBench' || g, 'TRON',
         ((g % 1000) + 1)::numeric / 100, 0, 'completed',
         g::numeric, 1, g::numeric + 1, md5('prev' || g), md5('bench-fund' || g),
         now() - interval '1 millisecond' * (g * $4::float8)
       from generate_series($2::int + 1, $3::int) g`,
      [merchantId, funds, counts.fundRecords, Math.round((TWO_YEARS_S * 1000) / counts.fundRecords)],
    );
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(`seed: ${counts.fundRecords - funds} fund records in ${seconds} s`);
  }
  await db.query('analyze orders');
  await db.query('analyze fund_records');
  await db.query('analyze applications');
  return orders < counts.orders || funds < counts.fundRecords;
}
