/**
 * Callbacks and the job queue under failure and concurrency: a worker lost mid-delivery (its
 * claim leased, never finished) leaves the event to be delivered once after the lease; a
 * worker lost after its success was recorded does not send again (the record settled the
 * event); two workers racing over many events deliver each once (run on PostgreSQL too: the
 * `postgres` project); and the job queue itself: per-kind retry policies, pulling a waiting
 * job forward but never a leased one, several jobs at once.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { applications, callbackDeliveries, callbackEvents, jobs } from '../src/db/schema';
import {
  claimDueJob,
  enqueueJob,
  failJob,
  LEASE_MS,
  MAX_ATTEMPTS,
  retryDelayMs,
  runJobNow,
  scheduledRetryPolicy,
} from '../src/jobs/queue';
import { createJobWorker } from '../src/jobs/worker';
import { systemResolver } from '../src/modules/callbacks/address-guard';
import { attemptCallback, type CallbackDeliveryDeps } from '../src/modules/callbacks/callback-delivery';
import { recordCallbackEvent } from '../src/modules/callbacks/callback-events';
import {
  claimDueCallbacks,
  createCallbackWorker,
  releaseCallbacks,
} from '../src/modules/callbacks/callback-queue';
import { deliveryErrorCode } from '../src/modules/callbacks/delivery-error';
import { buildTestApp, createTestClock } from './helpers/build-test-app';
import {
  type CallbackReceiver,
  createApplication,
  createOrderRow,
  startCallbackReceiver,
} from './helpers/callback-receiver';
import { createMerchant } from './helpers/factories';

const clock = createTestClock();
let app: FastifyInstance;
let receiver: CallbackReceiver;
let merchantId: number;
let deps: CallbackDeliveryDeps;

beforeAll(async () => {
  app = await buildTestApp({ now: clock.now });
  await app.ready();
  await app.jobs.stop();
  merchantId = (await createMerchant(app)).id;
  deps = {
    db: app.db,
    now: clock.now,
    secrets: app.secrets,
    allowPrivate: true,
    resolve: systemResolver,
    timeoutMs: 5_000,
  };
});
afterAll(() => app.close());
afterEach(() => receiver?.close());

const newWorker = (concurrency = 1) =>
  createCallbackWorker({
    ...deps,
    log: app.log,
    retryDelaysMs: app.config.callbackRetryDelaysMs,
    concurrency,
  });

const eventRow = async (id: string) =>
  (await app.db.select().from(callbackEvents).where(eq(callbackEvents.id, id)))[0];

async function newEvent(url: string) {
  const application = await createApplication(app, merchantId, { callbackUrl: url });
  const order = await createOrderRow(app, application);
  return recordCallbackEvent(app.db, {
    merchantId,
    applicationId: application.id,
    orderId: order.id,
    type: 'collection.completed',
    data: { order: { orderNo: order.orderNo } },
    now: clock.now(),
  });
}

/** Nothing is due: a clean slate for the next test's claims. */
async function settleQueue() {
  await app.db.update(callbackEvents).set({ runAt: null, leased: false });
  await app.db.update(jobs).set({ doneAt: clock.now() });
}

describe('a worker lost mid-delivery', () => {
  it('leaves the event to the next worker after the lease, delivered exactly once', async () => {
    receiver = await startCallbackReceiver();
    const event = await newEvent(receiver.url());
    // A worker claims the event and dies before sending anything.
    const [claimed] = await claimDueCallbacks(app.db, clock.now(), 1);
    expect(claimed).toMatchObject({ id: event.id, tries: 1 });
    expect(await eventRow(event.id)).toMatchObject({
      leased: true,
      runAt: new Date(clock.now().getTime() + LEASE_MS),
    });
    const worker = newWorker();
    worker.start();
    await worker.drain();
    expect(receiver.received).toEqual([]);
    clock.advance(LEASE_MS - 1);
    await worker.drain();
    expect(receiver.received).toEqual([]);
    clock.advance(1);
    await worker.drain();
    const [hit] = await receiver.hits(1);
    expect(hit?.body).toBe(event.body);
    clock.advance(LEASE_MS * 10);
    await worker.drain();
    await worker.stop();
    expect(receiver.received).toHaveLength(1);
    // The lost try counts in the schedule; the log has the one attempt made.
    expect(await eventRow(event.id)).toMatchObject({
      attempts: 1,
      tries: 2,
      deliveredAt: expect.any(Date),
      runAt: null,
      leased: false,
    });
  });

  it('does not send again when it died after its success was recorded', async () => {
    await settleQueue();
    receiver = await startCallbackReceiver();
    const event = await newEvent(receiver.url());
    const [claimed] = await claimDueCallbacks(app.db, clock.now(), 1);
    if (!claimed) throw new Error('nothing claimed');
    // It delivered and recorded the attempt (which settles the event), then died.
    const attempt = await attemptCallback(deps, claimed, {
      lastAttempt: false,
      schedule: { retryDelayMs: 15_000, tries: claimed.tries },
    });
    expect(attempt?.outcome).toBe('acknowledged');
    clock.advance(LEASE_MS);
    const worker = newWorker();
    worker.start();
    await worker.drain();
    await worker.stop();
    expect(receiver.received).toHaveLength(1);
    expect(await eventRow(event.id)).toMatchObject({ attempts: 1, runAt: null, leased: false });
  });
});

describe('an attempt that fails before sending, or outlives its lease', () => {
  it('logs an attempt whose secret will not open as failed (nothing sent) and settles it on the schedule', async () => {
    await settleQueue();
    receiver = await startCallbackReceiver();
    const event = await newEvent(receiver.url());
    const [row] = await app.db.select().from(callbackEvents).where(eq(callbackEvents.id, event.id));
    // A secret sealed under another key: opening it throws before anything is sent.
    await app.db
      .update(applications)
      .set({ secretSealed: 'v1.not-a-sealed-value' })
      .where(eq(applications.id, row?.applicationId ?? 0));
    const worker = newWorker();
    worker.start();
    await worker.drain();
    await worker.stop();
    expect(receiver.received).toEqual([]);
    expect(await eventRow(event.id)).toMatchObject({
      tries: 1,
      attempts: 1,
      leased: false,
      runAt: new Date(clock.now().getTime() + (app.config.callbackRetryDelaysMs[0] ?? Number.NaN)),
      gaveUpAt: null,
    });
    const [attempt] = await app.db
      .select()
      .from(callbackDeliveries)
      .where(eq(callbackDeliveries.eventId, event.id));
    expect(attempt?.error).toMatch(/^not sent: /);
    expect(deliveryErrorCode(attempt?.error ?? null)).toBe('not_sent');
  });

  it('logs the attempt of a worker that outlived its lease, but leaves the new claim alone', async () => {
    await settleQueue();
    receiver = await startCallbackReceiver();
    const event = await newEvent(receiver.url());
    const [first] = await claimDueCallbacks(app.db, clock.now(), 1);
    if (!first) throw new Error('nothing claimed');
    clock.advance(LEASE_MS);
    // Its lease ran out: another worker claims the event again.
    const [second] = await claimDueCallbacks(app.db, clock.now(), 1);
    expect(second).toMatchObject({ id: event.id, tries: 2 });
    const heldUntil = new Date(clock.now().getTime() + LEASE_MS);
    // The first worker wakes up and sends, then records under its old claim.
    const attempt = await attemptCallback(deps, first, {
      lastAttempt: false,
      schedule: { retryDelayMs: 15_000, tries: first.tries },
    });
    expect(attempt?.outcome).toBe('acknowledged');
    expect(await eventRow(event.id)).toMatchObject({
      attempts: 1,
      tries: 2,
      leased: true,
      runAt: heldUntil,
      deliveredAt: clock.now(),
    });
  });
});

describe('two workers racing', () => {
  it('deliver each of many events exactly once', async () => {
    await settleQueue();
    receiver = await startCallbackReceiver();
    const events = [];
    for (let n = 0; n < 24; n++) events.push(await newEvent(receiver.url(`/n${n}`)));
    const workers = [newWorker(3), newWorker(3)];
    for (const worker of workers) worker.start();
    await receiver.hits(events.length);
    await Promise.all(workers.map((worker) => worker.drain()));
    await Promise.all(workers.map((worker) => worker.stop()));
    const ids = receiver.received.map((hit) => (JSON.parse(hit.body) as { id: string }).id);
    expect(ids.sort()).toEqual(events.map((event) => event.id).sort());
    const rows = await app.db.select().from(callbackEvents);
    for (const event of events) {
      expect(rows.find((row) => row.id === event.id)).toMatchObject({ attempts: 1 });
    }
  });
});

describe('a worker with more attempts than POSTs', () => {
  it('sends at most its POSTs at once, and gives back the events it never sent when stopped', async () => {
    await settleQueue();
    receiver = await startCallbackReceiver('hang');
    const events: { id: string }[] = [];
    for (let n = 0; n < 5; n++) events.push(await newEvent(receiver.url(`/ahead${n}`)));
    // One POST in flight; two attempts at once (the second waits for the POST's slot): two
    // claimed, three left in the queue.
    const worker = newWorker(1);
    const startedAt = clock.now().getTime();
    worker.start();
    await receiver.hits(1);
    const rowsOf = async () =>
      (await app.db.select().from(callbackEvents)).filter((row) => events.some((e) => e.id === row.id));
    expect((await rowsOf()).filter((row) => row.leased)).toHaveLength(2);

    // The POST hangs for 10 s.
    clock.advance(10_000);
    const stopped = worker.stop();
    // The hanging POST fails; the attempt that waited for its slot then finds the worker
    // stopping and sends nothing (a second POST would be a second attempt logged below).
    await receiver.close();
    await stopped;
    const rows = await rowsOf();
    const attempted = rows.filter((row) => row.attempts > 0);
    expect(attempted).toHaveLength(1);
    expect(attempted[0]).toMatchObject({ tries: 1, leased: false, deliveredAt: null });
    // Its retry counts from the attempt's end, not its start (the schedule's first delay: 15 s).
    expect(attempted[0]?.runAt?.getTime()).toBe(clock.now().getTime() + 15_000);
    expect(attempted[0]?.runAt?.getTime()).toBe(startedAt + 25_000);
    // The event waiting for the slot is due again at once, its try not counted, like the three
    // never claimed.
    const waiting = rows.filter((row) => row.attempts === 0);
    expect(waiting).toHaveLength(4);
    for (const row of waiting) {
      expect(row).toMatchObject({ tries: 0, leased: false });
      expect(row.runAt?.getTime()).toBeLessThanOrEqual(clock.now().getTime());
    }
  });

  it('gives back only what it still holds under the same claim', async () => {
    await settleQueue();
    receiver = await startCallbackReceiver();
    const event = await newEvent(receiver.url());
    const [claimed] = await claimDueCallbacks(app.db, clock.now(), 1);
    if (!claimed) throw new Error('nothing claimed');
    clock.advance(LEASE_MS);
    // Its lease ran out and another worker claimed it again: the old claim's release is a no-op.
    const [again] = await claimDueCallbacks(app.db, clock.now(), 1);
    expect(again).toMatchObject({ id: event.id, tries: 2 });
    await releaseCallbacks(app.db, clock.now(), [claimed]);
    expect(await eventRow(event.id)).toMatchObject({ tries: 2, leased: true });
    // The new claim's release gives it back.
    if (!again) throw new Error('nothing claimed');
    await releaseCallbacks(app.db, clock.now(), [again]);
    expect(await eventRow(event.id)).toMatchObject({ tries: 1, leased: false, runAt: clock.now() });
  });
});

describe('the queue extension', () => {
  it('keeps the default backoff for kinds without a policy, and follows a kind schedule', () => {
    expect([1, 2, 3].map(retryDelayMs)).toEqual([10_000, 20_000, 40_000]);
    expect(MAX_ATTEMPTS).toBe(8);
    const policy = scheduledRetryPolicy([15_000, 60_000, 300_000]);
    expect(policy.maxAttempts).toBe(4);
    expect([1, 2, 3].map(policy.delayMs)).toEqual([15_000, 60_000, 300_000]);
  });

  it('gives a job with its own policy up after that policy attempts', async () => {
    await settleQueue();
    await enqueueJob(app.db, 'short', {}, clock.now());
    const policy = scheduledRetryPolicy([1_000]);
    const first = await claimDueJob(app.db, clock.now());
    if (!first) throw new Error('no job');
    expect(await failJob(app.db, first, new Error('one'), clock.now(), undefined, policy)).toBe('retry');
    expect((await app.db.select().from(jobs).where(eq(jobs.id, first.id)))[0]?.runAt).toEqual(
      new Date(clock.now().getTime() + 1_000),
    );
    clock.advance(1_000);
    const second = await claimDueJob(app.db, clock.now());
    if (!second) throw new Error('no retry');
    expect(await failJob(app.db, second, new Error('two'), clock.now(), undefined, policy)).toBe('given-up');
  });

  it('pulls a waiting job forward, but never one a worker holds', async () => {
    await enqueueJob(app.db, 'pull', {}, clock.now());
    const claimed = await claimDueJob(app.db, clock.now());
    if (!claimed) throw new Error('no job');
    const runAt = async () => (await app.db.select().from(jobs).where(eq(jobs.id, claimed.id)))[0]?.runAt;
    // Leased: left alone, or a second worker could take it while the first still runs it.
    expect(await runJobNow(app.db, claimed.id, clock.now())).toBe(true);
    expect(await runAt()).toEqual(new Date(clock.now().getTime() + LEASE_MS));
    await failJob(app.db, claimed, new Error('later'), clock.now());
    expect(await runAt()).toEqual(new Date(clock.now().getTime() + retryDelayMs(1)));
    expect(await runJobNow(app.db, claimed.id, clock.now())).toBe(true);
    expect(await runAt()).toEqual(clock.now());
    // Claimed again after a failure: leased again, so left alone again.
    const again = await claimDueJob(app.db, clock.now());
    expect(again?.id).toBe(claimed.id);
    expect((await app.db.select().from(jobs).where(eq(jobs.id, claimed.id)))[0]?.lastError).toBeNull();
    expect(await runJobNow(app.db, claimed.id, clock.now())).toBe(true);
    expect(await runAt()).toEqual(new Date(clock.now().getTime() + LEASE_MS));
    await app.db.update(jobs).set({ doneAt: clock.now() }).where(eq(jobs.id, claimed.id));
    expect(await runJobNow(app.db, claimed.id, clock.now())).toBe(false);
  });

  it('runs other jobs while one is stuck, with several at once', async () => {
    await settleQueue();
    let release = () => {};
    const stuck = new Promise<void>((resolve) => {
      release = resolve;
    });
    let quickRan = () => {};
    const quickDone = new Promise<void>((resolve) => {
      quickRan = resolve;
    });
    const done: string[] = [];
    const worker = createJobWorker({
      db: app.db,
      now: clock.now,
      log: app.log,
      concurrency: 2,
      handlers: {
        slow: { run: async () => stuck.then(() => void done.push('slow')) },
        quick: {
          run: async () => {
            done.push('quick');
            quickRan();
          },
        },
      },
    });
    await enqueueJob(app.db, 'slow', {}, clock.now());
    await enqueueJob(app.db, 'quick', {}, clock.now());
    worker.start();
    const drained = worker.drain();
    await quickDone;
    expect(done).toEqual(['quick']);
    release();
    await drained;
    await worker.stop();
    expect(done).toEqual(['quick', 'slow']);
  });
});
