/** The PostgreSQL job queue: claims, leases, backoff, giving up; no job taken twice. */
import { eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailCodes, jobs, loginFailures } from '../src/db/schema';
import { purgeExpiredRows } from '../src/jobs/purge-expired';
import {
  CLAIM_DUE_JOBS,
  claimDueJob,
  enqueueJob,
  failJob,
  MAX_ATTEMPTS,
  retryDelayMs,
} from '../src/jobs/queue';
import { createJobWorker } from '../src/jobs/worker';
import { buildTestApp, createTestClock } from './helpers/build-test-app';

const clock = createTestClock();
let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp({ now: clock.now });
  await app.ready();
  // The app's own worker would race these tests for the jobs they enqueue.
  await app.jobs.stop();
});
afterAll(() => app.close());

const rowOf = async (id: number) => (await app.db.select().from(jobs).where(eq(jobs.id, id)))[0];

describe('job queue', () => {
  it('backs off 10 s, 20 s, 40 s … up to an hour', () => {
    expect([1, 2, 3, 4].map(retryDelayMs)).toEqual([10_000, 20_000, 40_000, 80_000]);
    expect(retryDelayMs(20)).toBe(3_600_000);
  });

  it('leases a claimed job: nobody else gets it until the lease ends', async () => {
    await enqueueJob(app.db, 'test', { n: 1 }, clock.now());
    const job = await claimDueJob(app.db, clock.now());
    expect(job).toMatchObject({ kind: 'test', attempts: 1, payload: { n: 1 } });
    expect(await claimDueJob(app.db, clock.now())).toBeUndefined();
    clock.advance(5 * 60_000);
    expect((await claimDueJob(app.db, clock.now()))?.id).toBe(job?.id);
    await app.db
      .update(jobs)
      .set({ doneAt: clock.now() })
      .where(eq(jobs.id, job?.id ?? 0));
  });

  it('gives a job up after its last attempt, keeping the error', async () => {
    await enqueueJob(app.db, 'test', { n: 2 }, clock.now());
    let job = await claimDueJob(app.db, clock.now());
    for (let attempt = 1; job && attempt < MAX_ATTEMPTS; attempt++) {
      expect(await failJob(app.db, job, new Error(`boom ${attempt}`), clock.now())).toBe('retry');
      clock.advance(retryDelayMs(attempt));
      job = await claimDueJob(app.db, clock.now());
    }
    expect(job?.attempts).toBe(MAX_ATTEMPTS);
    if (!job) throw new Error('no job');
    expect(await failJob(app.db, job, new Error('boom last'), clock.now(), { n: 'redacted' })).toBe(
      'given-up',
    );
    expect(await rowOf(job.id)).toMatchObject({
      lastError: 'boom last',
      failedAt: clock.now(),
      payload: { n: 'redacted' },
    });
    clock.advance(24 * 3_600_000);
    expect(await claimDueJob(app.db, clock.now())).toBeUndefined();
  });

  it('claims from a burst of jobs due at one time without sorting every due job', async () => {
    // Events committed together queue their jobs with one run_at: a claim must read the due
    // index in its own order (run_at, id), not fetch the whole burst to sort it by id.
    const burst = await app.db
      .insert(jobs)
      .values(Array.from({ length: 400 }, (_, n) => ({ kind: 'test', payload: { n }, runAt: clock.now() })))
      .returning({ id: jobs.id });
    await app.db.execute(sql`analyze ${jobs}`);
    // The claim's own statement, with its parameters (EXPLAIN alone runs nothing).
    const client = (
      app.db as unknown as {
        $client: { query(text: string, values: unknown[]): Promise<{ rows: unknown[] }> };
      }
    ).$client;
    const explained = await client.query(`explain (format json) ${CLAIM_DUE_JOBS.text}`, [
      clock.now().toISOString(),
      clock.now().toISOString(),
      64,
    ]);
    const plan = JSON.stringify(explained.rows);
    expect(plan).toContain('jobs_due_idx');
    expect(plan).not.toMatch(/"Node Type": ?"(Incremental )?Sort"/);
    await app.db
      .update(jobs)
      .set({ doneAt: clock.now() })
      .where(
        inArray(
          jobs.id,
          burst.map((row) => row.id),
        ),
      );
  });

  it('runs each of many jobs exactly once with two workers draining at the same time', async () => {
    const ran: number[] = [];
    const handlers = {
      count: {
        async run(payload: unknown) {
          ran.push((payload as { n: number }).n);
        },
      },
    };
    for (let n = 0; n < 20; n++) await enqueueJob(app.db, 'count', { n }, clock.now());
    const workers = [1, 2].map(() => createJobWorker({ db: app.db, now: clock.now, log: app.log, handlers }));
    for (const worker of workers) worker.start();
    await Promise.all(workers.map((worker) => worker.drain()));
    await Promise.all(workers.map((worker) => worker.stop()));
    expect([...ran].sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, n) => n));
  });

  it('records a job of an unknown kind as failed, to retry once a handler exists', async () => {
    await enqueueJob(app.db, 'nobody-handles-this', {}, clock.now());
    const worker = createJobWorker({ db: app.db, now: clock.now, log: app.log, handlers: {} });
    worker.start();
    await worker.drain();
    await worker.stop();
    const [row] = await app.db.select().from(jobs).where(eq(jobs.kind, 'nobody-handles-this'));
    expect(row).toMatchObject({
      attempts: 1,
      doneAt: null,
      lastError: 'no handler for job kind "nobody-handles-this"',
    });
  });
});

describe('housekeeping', () => {
  it('purges spent codes, old failures, finished jobs and outbox mails, and nothing still in use', async () => {
    const at = clock.now();
    const ago = (ms: number) => new Date(at.getTime() - ms);
    const HOUR = 3_600_000;
    await app.db.insert(emailCodes).values([
      {
        email: 'old@x.co',
        purpose: 'login',
        codeHash: 'h',
        salt: 's',
        ip: '1.2.3.4',
        createdAt: ago(26 * HOUR),
        expiresAt: ago(25 * HOUR),
      },
      {
        email: 'new@x.co',
        purpose: 'login',
        codeHash: 'h',
        salt: 's',
        ip: '1.2.3.4',
        createdAt: ago(HOUR),
        expiresAt: ago(HOUR - 600_000),
      },
    ]);
    await app.db.insert(loginFailures).values([
      { identifier: 'email:old@x.co', ip: '1.2.3.4', createdAt: ago(2 * HOUR) },
      { identifier: 'email:new@x.co', ip: '1.2.3.4', createdAt: ago(HOUR / 2) },
    ]);
    await app.db.insert(jobs).values([
      { kind: 'done-long-ago', payload: {}, runAt: ago(200 * HOUR), doneAt: ago(8 * 24 * HOUR) },
      { kind: 'done-lately', payload: {}, runAt: ago(HOUR), doneAt: ago(HOUR) },
      { kind: 'given-up-long-ago', payload: {}, runAt: ago(200 * HOUR), failedAt: ago(8 * 24 * HOUR) },
    ]);
    await purgeExpiredRows(app.db, at);
    expect((await app.db.select().from(emailCodes)).map((r) => r.email)).not.toContain('old@x.co');
    expect((await app.db.select().from(emailCodes)).map((r) => r.email)).toContain('new@x.co');
    expect((await app.db.select().from(loginFailures)).map((r) => r.identifier)).toEqual(['email:new@x.co']);
    const kinds = (await app.db.select().from(jobs)).map((r) => r.kind);
    expect(kinds).not.toContain('done-long-ago');
    // Given-up jobs stay until someone has looked at them.
    expect(kinds).toEqual(expect.arrayContaining(['done-lately', 'given-up-long-ago']));
  });

  it('runs as the worker starts, then at most once an hour', async () => {
    let runs = 0;
    const worker = createJobWorker({
      db: app.db,
      now: clock.now,
      log: app.log,
      handlers: {},
      maintenance: { everyMs: 3_600_000, run: async () => void runs++ },
    });
    worker.start();
    await worker.drain();
    await worker.drain();
    expect(runs).toBe(1);
    clock.advance(3_600_000);
    await worker.drain();
    expect(runs).toBe(2);
    await worker.stop();
  });
});
