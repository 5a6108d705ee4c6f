/**
 * Benchmark of the gateway's two hot paths, each beside its floor in the same process:
 *
 * 1. Collection orders created per second through the signed merchant API (real HTTP, every
 *    request signed with a fresh nonce), beside raw INSERTs of the same rows (the order and its
 *    nonce) through the same database client (PGlite, or the same pg pool).
 * 2. Callbacks delivered per second by the callback worker (claim with read, sign, POST, log), beside
 *    a raw durable loop doing the same writes (raw-callback-loop.ts: SKIP LOCKED claim, POST,
 *    settle and log) to the same local receiver, as many loops as the worker has POSTs in flight.
 *    In BENCH_CALLBACK_ROUNDS rounds (5) of BENCH_CALLBACKS (2000): each round commits its events
 *    in one transaction and times the worker delivering them, then stops the worker, commits as
 *    many again and times the raw loop; each round's ratio is printed, and the median's.
 * 3. The first delivery's delay after the event's transaction commits, p50 and p99, one event
 *    at a time.
 *
 * The app runs in this process from the server's sources (tsx), on a fresh embedded database,
 * or with DATABASE_URL on a fresh database it creates on that PostgreSQL server and drops after.
 *
 *   npm run bench:gateway
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:gateway
 *   BENCH_ORDERS=1000 BENCH_ROUNDS=3 BENCH_CALLBACKS=1000 BENCH_DELAYS=200 BENCH_CONNECTIONS=10 npm run bench:gateway
 *   BENCH_PARTS=callbacks,delays npm run bench:gateway
 *   BENCH_CLIENT=inline npm run bench:gateway
 *
 * The signed creates come from a load generator in a process of its own (gateway-client.ts), as
 * they come from shops' servers in production; BENCH_CLIENT=inline sends them from this process
 * instead (the server then pays for both ends of every request).
 * Orders run in BENCH_ROUNDS rounds (5) of BENCH_ORDERS (600), the signed creates then their raw
 * INSERTs, alternating, so a load that comes and goes weighs on both alike; each round's ratio is
 * printed, and the median round's.
 * BENCH_PARTS (default `orders,callbacks,delays`) picks the parts to run; without `orders` the
 * callbacks still go to the warm-up's orders (BENCH_WARMUP of them, made through the API).
 * BENCH_CPU_PROFILE=<file.cpuprofile> writes a CPU profile of the worker's delivery of one
 * round's callbacks alone (from the commit to the last arrival), for Chrome's DevTools, and one
 * of the same round's raw POSTs beside it (<file>.raw.cpuprofile). The round is the first
 * (index 0), or BENCH_PROFILE_ROUND's: the first carries the JIT's warm-up (its rates are about
 * half the others'). The profiles are sampled by the wall clock: on a machine whose cores are
 * busy, a native call (a socket write) also holds the time the process waited for a core, and
 * the inspector's own `post` shows as `dispatch`.
 */
import { fork } from 'node:child_process';
import { createHmac, randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { Pool } from 'undici';
import { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config';
import { createDatabase } from '../../apps/server/src/db/client';
import { CONCURRENT_CALLBACKS } from '../../apps/server/src/jobs/start-jobs';
import { recordCallbackEvent } from '../../apps/server/src/modules/callbacks/callback-events';
import { freshPostgresDatabase, machineBusyMs, timed } from './bench-kit';
import type { OrderJob, OrderJobAnswer } from './gateway-client';
import { startReceiver, startReceiverProcess, wallNow } from './gateway-receiver';
import { freePort, startProcess, stopProcess, waitForHealth } from './processes';
import { runRawCallbackLoop } from './raw-callback-loop';

const serverDir = resolve(dirname(fileURLToPath(import.meta.url)), '../../apps/server');
const ORDERS = Number(process.env.BENCH_ORDERS ?? 600);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const CALLBACKS = Number(process.env.BENCH_CALLBACKS ?? 2000);
const CALLBACK_ROUNDS = Number(process.env.BENCH_CALLBACK_ROUNDS ?? 5);
const DELAYS = Number(process.env.BENCH_DELAYS ?? 200);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 100);
// Where the signed creates come from: `process` (the default), a load generator of its own
// (gateway-client.ts), as a shop's server is; `inline`, this process, which then pays for the
// client's half of every request too.
const CLIENT = process.env.BENCH_CLIENT === 'inline' ? 'inline' : 'process';
const PARTS = new Set((process.env.BENCH_PARTS ?? 'orders,callbacks,delays').split(',').map((p) => p.trim()));
const RATIO_TARGET = 0.7;
const PROFILE_ROUND = Number(process.env.BENCH_PROFILE_ROUND ?? 0);
const P50_TARGET_MS = 50;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

/** Runs one job in the load-generator process (gateway-client.ts); the seconds it took. */
function runClientProcess(job: OrderJob): Promise<number> {
  const child = fork(join(dirname(fileURLToPath(import.meta.url)), 'gateway-client.ts'), [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise<number>((res, rej) => {
    child.once('error', rej);
    child.once('exit', (code) => rej(new Error(`the load generator exited with ${code}`)));
    child.once('message', (answer: OrderJobAnswer) => {
      child.removeAllListeners('exit');
      child.disconnect();
      if ('error' in answer) rej(new Error(answer.error));
      else res(answer.seconds);
    });
    child.send(job);
  });
}

interface Envelope<T> {
  code: number;
  message: string;
  data: T;
}

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'tollgate-bench-gateway-'));
  const postgres = process.env.DATABASE_URL
    ? await freshPostgresDatabase(process.env.DATABASE_URL)
    : undefined;
  const config = loadConfig(
    {
      DATA_DIR: dataDir,
      ...(postgres ? { DATABASE_URL: postgres.url } : {}),
      SECRET_KEY: randomBytes(32).toString('base64'),
      NODE_ENV: 'production',
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
      SEED_DEMO: '1',
      // The bench signs thousands of requests a minute from one application.
      API_RATE_LIMIT: '1000000',
      // The receiver is on loopback.
      ALLOW_PRIVATE_CALLBACKS: '1',
      WEB_DIST_DIR: join(dataDir, 'no-web-build'),
      CASHIER_DIST_DIR: join(dataDir, 'no-cashier-build'),
    },
    { cwd: serverDir, repoRoot: null, serverDir },
  );
  const database = await createDatabase(config);
  const app = await buildApp({ config, database });
  const receiver = CLIENT === 'inline' ? startReceiver() : startReceiverProcess();
  const notifyUrl = await receiver.listen();
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const http = new Pool(base, { connections: CONNECTIONS });
  const client = (
    database.db as unknown as { $client: { query(text: string, params?: unknown[]): Promise<unknown> } }
  ).$client;

  let rawOrdersChild: ReturnType<typeof startProcess> | undefined;
  try {
    // The demo merchant makes an application; its APPSECRET is answered once.
    const login = (await (
      await fetch(`${base}/front/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ email: 'demo@tollgate.dev', password: 'Tollgate2026' }),
      })
    ).json()) as Envelope<{ token: string }>;
    if (login.code !== 0) throw new Error(`demo login failed: ${login.code} ${login.message}`);
    const created = (await (
      await fetch(`${base}/front/app/create`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-auth-token': login.data.token },
        body: JSON.stringify({ name: 'Bench shop', callbackUrl: notifyUrl }),
      })
    ).json()) as Envelope<{ app: { appId: string }; appSecret: string }>;
    if (created.code !== 0) throw new Error(`app create failed: ${created.code} ${created.message}`);
    const { appId } = created.data.app;
    const secret = created.data.appSecret;

    const run = randomBytes(3).toString('hex');
    const path = '/api/v1/collections';
    const createOrder = async (i: number) => {
      const body = JSON.stringify({
        merchantOrderNo: `bench-${run}-${i}`,
        currency: 'USDT',
        network: 'TRON',
        amount: '10.5',
      });
      const timestamp = String(Date.now());
      const nonce = randomBytes(16).toString('hex');
      const signature = createHmac('sha256', secret)
        .update(`${timestamp}\n${nonce}\nPOST\n${path}\n${body}`, 'utf8')
        .digest('hex');
      const response = await http.request({
        method: 'POST',
        path,
        body,
        headers: {
          'content-type': 'application/json',
          'x-app-id': appId,
          'x-timestamp': timestamp,
          'x-nonce': nonce,
          'x-signature': signature,
        },
      });
      const answer = (await response.body.json()) as Envelope<unknown>;
      if (answer.code !== 0) throw new Error(`order ${i}: ${answer.code} ${answer.message}`);
    };

    // 1. Orders through the signed API, then the same rows as raw INSERTs, in ROUNDS rounds that
    // alternate the two (a load that comes and goes weighs on both alike); each round's ratio.
    for (let i = 0; i < WARMUP; i++) await createOrder(ROUNDS * ORDERS + i);
    const [application] = (
      (await client.query('select id, merchant_id from applications where app_id = $1', [appId])) as {
        rows: { id: string | number; merchant_id: string | number }[];
      }
    ).rows;
    if (!application) throw new Error('the bench application is missing');
    /** Up to `count` of the application's orders after id `afterId`, oldest first. */
    const ordersAfter = async (afterId: number, count: number) =>
      (
        (await client.query(
          'select * from orders where application_id = $1 and id > $2 order by id limit $3',
          [application.id, afterId, count],
        )) as { rows: Record<string, unknown>[] }
      ).rows;
    const lastOrderId = async () =>
      Number(
        (
          (await client.query('select coalesce(max(id), 0) as id from orders where application_id = $1', [
            application.id,
          ])) as { rows: { id: string | number }[] }
        ).rows[0]?.id ?? 0,
      );
    /** PGlite (one connection, in this process): raw INSERTs of the round's rows (the order and its nonce). */
    const rawInserts = async (before: number, round: number) => {
      const orderRows = await ordersAfter(before, ORDERS);
      const nonceRows = (
        (await client.query('select * from api_nonces where application_id = $1 limit $2', [
          application.id,
          ORDERS,
        ])) as { rows: Record<string, unknown>[] }
      ).rows;
      const orderColumns = Object.keys(orderRows[0] ?? {}).filter((column) => column !== 'id');
      const insertOrder = `insert into orders (${orderColumns.join(', ')}) values (${orderColumns
        .map((_, k) => `$${k + 1}`)
        .join(', ')})`;
      return await timed(ORDERS, CONNECTIONS, async (i) => {
        const row = orderRows[i % orderRows.length] as Record<string, unknown>;
        const nonce = nonceRows[i % nonceRows.length] as Record<string, unknown>;
        await client.query('insert into api_nonces (application_id, nonce, seen_at) values ($1, $2, $3)', [
          nonce.application_id,
          `raw-${round}-${i}-${nonce.nonce}`,
          nonce.seen_at,
        ]);
        const copy: Record<string, unknown> = {
          ...row,
          order_no: `R${row.order_no}`,
          merchant_order_no: `raw-${row.merchant_order_no}`,
          pay_address: row.pay_address === null ? null : `raw-${row.pay_address}`,
        };
        await client.query(
          insertOrder,
          orderColumns.map((column) => copy[column]),
        );
      });
    };
    // PostgreSQL: a raw node:http + pg server doing the same statements (raw-order-server.ts),
    // driven by the same load generator.
    let rawOrders: { base: string; child: ReturnType<typeof startProcess> } | undefined;
    if (postgres && PARTS.has('orders')) {
      const port = await freePort();
      const child = startProcess(
        ['--import', 'tsx', join(dirname(fileURLToPath(import.meta.url)), 'raw-order-server.ts')],
        {
          PORT: String(port),
          DATABASE_URL: postgres.url,
          APP_SECRET: secret,
          TEMPLATE_ORDER_ID: String((await ordersAfter(0, 1))[0]?.id ?? 0),
        },
      );
      rawOrders = { base: `http://127.0.0.1:${port}`, child };
      rawOrdersChild = child;
      await waitForHealth(rawOrders.base, child);
      // Unmeasured, as the product's warm-up: the raw server's path compiled and its pool full.
      await runClientProcess({
        base: rawOrders.base,
        appId,
        secret,
        run: `${run}-raw-warm`,
        from: 0,
        count: WARMUP,
        connections: CONNECTIONS,
      });
    }
    const rounds: { api: number; raw: number }[] = [];
    for (let round = 0; PARTS.has('orders') && round < ROUNDS; round++) {
      const before = await lastOrderId();
      const apiSeconds =
        CLIENT === 'inline'
          ? await timed(ORDERS, CONNECTIONS, (k) => createOrder(round * ORDERS + k))
          : await runClientProcess({
              base,
              appId,
              secret,
              run,
              from: round * ORDERS,
              count: ORDERS,
              connections: CONNECTIONS,
            });
      const rawSeconds = rawOrders
        ? await runClientProcess({
            base: rawOrders.base,
            appId,
            secret,
            run: `${run}-raw`,
            from: round * ORDERS,
            count: ORDERS,
            connections: CONNECTIONS,
          })
        : await rawInserts(before, round);
      rounds.push({ api: ORDERS / apiSeconds, raw: ORDERS / rawSeconds });
    }
    // The callbacks below go to the first orders made (the warm-up's, then the rounds').
    const orderRows = await ordersAfter(0, ORDERS);

    // 2. Callbacks: events committed in one transaction, delivered by the worker.
    const orderIds = orderRows.map((row) => Number(row.id));
    const merchantId = Number(application.merchant_id);
    const applicationId = Number(application.id);
    // The i-th bench event: one of the orders above, completed.
    const recordEvent = (tx: Parameters<Parameters<typeof app.db.transaction>[0]>[0], i: number) =>
      recordCallbackEvent(tx, {
        merchantId,
        applicationId,
        orderId: orderIds[i % orderIds.length] ?? null,
        type: 'collection.completed',
        data: {
          order: { orderNo: String(orderRows[i % orderRows.length]?.order_no), status: 'completed' },
        },
        now: app.now(),
      });
    const enqueue = (i: number) => app.db.transaction((tx) => recordEvent(tx, i));
    // Each round: CALLBACKS events committed in one transaction and delivered by the worker,
    // then as many delivered by the raw durable loop; the rounds alternate the two.
    const callbackRounds: {
      worker: number;
      raw: number;
      workerCpuMs: number;
      rawCpuMs: number;
      workerMachineMs: number;
      rawMachineMs: number;
      workerDatabaseMs: number;
      workerReceiverMs: number;
      rawReceiverMs: number;
      enqueueSeconds: number;
    }[] = [];
    // The process's CPU time in each (user + system; the sender's, and the receiver's too when
    // BENCH_CLIENT=inline): steadier than the rates on a machine busy with other work.
    // The whole machine's busy CPU time (machineBusyMs: every process, this one, the receiver,
    // the database server's backends): on a machine whose cores are all busy, the ratio is about
    // the raw side's machine CPU per callback over the worker's.
    // The CPU time of the PostgreSQL server's processes, when it runs on this machine (every
    // `postgres` process in /proc: the backends, the WAL writer, autovacuum); 0 on PGlite or a
    // remote server.
    const databaseServerMs = () => {
      let ticks = 0;
      if (!postgres) return 0;
      for (const pid of readdirSync('/proc')) {
        if (!/^\d+$/.test(pid)) continue;
        try {
          const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
          if (!stat.includes(' (postgres) ')) continue;
          const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
          ticks += Number(fields[11]) + Number(fields[12]); // utime, stime
        } catch {
          // The process ended meanwhile.
        }
      }
      return ticks * 10;
    };
    // The receiver's CPU time, when it runs in a process of its own (0 inline).
    const receiverMs = () => {
      if (receiver.pid === undefined) return 0;
      const stat = readFileSync(`/proc/${receiver.pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      return (Number(fields[11]) + Number(fields[12])) * 10;
    };
    const cpuMsSince = (start: NodeJS.CpuUsage) => {
      const used = process.cpuUsage(start);
      return (used.user + used.system) / 1000;
    };
    if (PARTS.has('callbacks')) {
      // Warm the worker's path once.
      const warm = await enqueue(0);
      app.jobs.wake();
      await receiver.arrivalOf(warm.id);
    }
    const profiler = process.env.BENCH_CPU_PROFILE ? new Session() : undefined;
    if (profiler && PARTS.has('callbacks')) {
      profiler.connect();
      await profiler.post('Profiler.enable');
    }
    for (let round = 0; PARTS.has('callbacks') && round < CALLBACK_ROUNDS; round++) {
      const allDelivered = receiver.expect(CALLBACKS);
      const callbackStarted = performance.now();
      await app.db.transaction(async (tx) => {
        for (let i = 0; i < CALLBACKS; i++) {
          await recordEvent(tx, round * CALLBACKS + i);
        }
      });
      // The profile covers one round's delivery alone.
      if (profiler && round === PROFILE_ROUND) await profiler.post('Profiler.start');
      const committedAt = performance.now();
      const workerCpu = process.cpuUsage();
      const workerMachine = machineBusyMs();
      const workerDatabase = databaseServerMs();
      const workerReceiver = receiverMs();
      app.jobs.wake();
      await allDelivered;
      const workerSeconds = (performance.now() - committedAt) / 1000;
      const workerCpuMs = cpuMsSince(workerCpu);
      const workerMachineMs = machineBusyMs() - workerMachine;
      const workerDatabaseMs = databaseServerMs() - workerDatabase;
      const workerReceiverMs = receiverMs() - workerReceiver;
      if (profiler && round === PROFILE_ROUND) {
        const { profile } = await profiler.post('Profiler.stop');
        writeFileSync(process.env.BENCH_CPU_PROFILE as string, JSON.stringify(profile));
      }

      // The raw loop's round: the worker stopped, the same number of events committed the same
      // way, then the raw durable loop (raw-callback-loop.ts) delivers them to the same receiver.
      await app.jobs.stop();
      await app.db.transaction(async (tx) => {
        for (let i = 0; i < CALLBACKS; i++) await recordEvent(tx, round * CALLBACKS + i);
      });
      if (profiler && round === PROFILE_ROUND) await profiler.post('Profiler.start');
      const rawArrived = receiver.expect(CALLBACKS);
      const rawCpu = process.cpuUsage();
      const rawMachine = machineBusyMs();
      const rawReceiver = receiverMs();
      const rawStarted = performance.now();
      const rawDelivered = await runRawCallbackLoop({ client, secret, concurrency: CONCURRENT_CALLBACKS });
      const rawSeconds = (performance.now() - rawStarted) / 1000;
      if (rawDelivered !== CALLBACKS)
        throw new Error(`the raw loop delivered ${rawDelivered} of ${CALLBACKS}`);
      await rawArrived;
      app.jobs.start();
      if (profiler && round === PROFILE_ROUND) {
        const { profile } = await profiler.post('Profiler.stop');
        writeFileSync(
          `${(process.env.BENCH_CPU_PROFILE as string).replace(/\.cpuprofile$/, '')}.raw.cpuprofile`,
          JSON.stringify(profile),
        );
      }
      const rawMachineMs = machineBusyMs() - rawMachine;
      const rawReceiverMs = receiverMs() - rawReceiver;
      callbackRounds.push({
        workerReceiverMs,
        rawReceiverMs,
        workerMachineMs,
        workerDatabaseMs,
        rawMachineMs,
        worker: CALLBACKS / workerSeconds,
        raw: CALLBACKS / rawSeconds,
        workerCpuMs,
        rawCpuMs: cpuMsSince(rawCpu),
        enqueueSeconds: (committedAt - callbackStarted) / 1000,
      });
    }
    profiler?.disconnect();

    // 3. The first delivery's delay after commit, one event at a time.
    const delays: number[] = [];
    if (PARTS.has('delays')) {
      for (let i = 0; i < DELAYS; i++) {
        const event = await enqueue(i);
        const committed = wallNow();
        app.jobs.wake();
        delays.push((await receiver.arrivalOf(event.id)) - committed);
      }
    }
    delays.sort((a, b) => a - b);

    const engine = postgres ? 'PostgreSQL server' : 'embedded PGlite';
    const median = (values: number[]) =>
      [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;
    const orderRatios = rounds.map(({ api, raw }) => api / raw);
    console.log(
      `\n${engine}, ${CONNECTIONS} connections for orders (sent from ${CLIENT === 'inline' ? 'this process' : 'a load-generator process'}), the callback worker's ${CONCURRENT_CALLBACKS} POSTs in flight, Node ${process.version}`,
    );
    console.table(
      [
        {
          path: `orders: signed POST /api/v1/collections (median of ${rounds.length} rounds)`,
          'per second': Math.round(median(rounds.map((r) => r.api))),
          count: ORDERS,
        },
        {
          path: `orders: ${postgres ? 'raw node:http + pg server, same statements (app lookup, nonce, insert)' : 'raw INSERTs of the same rows (order + nonce)'} (median of ${rounds.length} rounds)`,
          'per second': Math.round(median(rounds.map((r) => r.raw))),
          count: ORDERS,
        },
        {
          path: `callbacks: callback worker, after one commit (median of ${callbackRounds.length} rounds)`,
          'per second': Math.round(median(callbackRounds.map((r) => r.worker))),
          count: CALLBACKS,
        },
        {
          path: `callbacks: raw durable loop (claim, POST, settle and log), ${CONCURRENT_CALLBACKS} at once (median of ${callbackRounds.length} rounds)`,
          'per second': Math.round(median(callbackRounds.map((r) => r.raw))),
          count: CALLBACKS,
        },
      ].filter((row) => !Number.isNaN(row['per second'])),
    );
    if (callbackRounds.length > 0) {
      console.log(
        `(committing the ${CALLBACKS} events of a round took ${median(callbackRounds.map((r) => r.enqueueSeconds)).toFixed(2)} s, not counted)`,
      );
    }
    const callbackRatios = callbackRounds.map((r) => r.worker / r.raw);
    const p50 = percentile(delays, 50);
    const p99 = percentile(delays, 99);
    if (rounds.length > 0) {
      console.log(`orders: each round's ratio: ${orderRatios.map((r) => `${r.toFixed(2)}x`).join(', ')}`);
      console.log(
        `orders: signed API / ${postgres ? 'raw node:http + pg server' : 'raw INSERTs'}: ${median(orderRatios).toFixed(2)}x, the median round (target >= ${RATIO_TARGET}x)`,
      );
    }
    if (callbackRounds.length > 0) {
      console.log(
        `callbacks: each round's ratio: ${callbackRatios.map((r) => `${r.toFixed(2)}x`).join(', ')}`,
      );
      console.log(
        `callbacks: each round's rates, worker / raw per s: ${callbackRounds.map((r) => `${r.worker.toFixed(0)} / ${r.raw.toFixed(0)}`).join(', ')}`,
      );
      console.log(
        `callbacks: worker / raw durable loop: ${median(callbackRatios).toFixed(2)}x, the median round (target >= ${RATIO_TARGET}x)`,
      );
      console.log(
        `callbacks: CPU of this process per callback (median round), worker ${(median(callbackRounds.map((r) => r.workerCpuMs)) / CALLBACKS).toFixed(3)} ms, raw ${(median(callbackRounds.map((r) => r.rawCpuMs)) / CALLBACKS).toFixed(3)} ms`,
      );
      console.log(
        `callbacks: CPU of the whole machine per callback (median round; this process, the receiver, the database), worker ${(median(callbackRounds.map((r) => r.workerMachineMs)) / CALLBACKS).toFixed(3)} ms, raw ${(median(callbackRounds.map((r) => r.rawMachineMs)) / CALLBACKS).toFixed(3)} ms`,
      );
    }
    if (postgres && callbackRounds.length > 0) {
      console.log(
        `callbacks: CPU of the PostgreSQL server's processes per callback (median round; on this machine), worker ${(median(callbackRounds.map((r) => r.workerDatabaseMs)) / CALLBACKS).toFixed(3)} ms`,
      );
    }
    if (receiver.pid !== undefined && callbackRounds.length > 0) {
      console.log(
        `callbacks: CPU of the receiver's process per callback (median round), worker ${(median(callbackRounds.map((r) => r.workerReceiverMs)) / CALLBACKS).toFixed(3)} ms, raw ${(median(callbackRounds.map((r) => r.rawReceiverMs)) / CALLBACKS).toFixed(3)} ms`,
      );
    }
    if (delays.length > 0) {
      console.log(
        `first delivery after commit, ${DELAYS} events one at a time: p50 ${p50.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms (target p50 <= ${P50_TARGET_MS} ms)`,
      );
    }
  } finally {
    if (rawOrdersChild) await stopProcess(rawOrdersChild);
    await http.close();
    await app.close(); // closes the database too
    await receiver.close();
    await postgres?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? (err.stack ?? err.message) : err);
  process.exit(1);
});
