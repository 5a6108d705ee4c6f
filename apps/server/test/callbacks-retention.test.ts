/**
 * The callback log's retention (jobs/purge-callback-log.ts): events delivered or given up more
 * than CALLBACK_LOG_RETENTION_DAYS ago go with their delivery logs; an event still due, waiting
 * for a retry or queued again by a resend stays, however old.
 */
import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callbackDeliveries, callbackEvents } from '../src/db/schema';
import { PURGE_BATCH, purgeCallbackLog } from '../src/jobs/purge-callback-log';
import type { JobWorker } from '../src/jobs/worker';
import { systemResolver } from '../src/modules/callbacks/address-guard';
import { recordCallbackEvent } from '../src/modules/callbacks/callback-events';
import { createCallbackWorker } from '../src/modules/callbacks/callback-queue';
import { resendOrderCallback } from '../src/modules/callbacks/callbacks.service';
import { buildTestApp, createTestClock } from './helpers/build-test-app';
import {
  type CallbackReceiver,
  createApplication,
  createOrderRow,
  startCallbackReceiver,
} from './helpers/callback-receiver';
import { createMerchant } from './helpers/factories';

const DAY_MS = 24 * 60 * 60_000;
const clock = createTestClock();
let app: FastifyInstance;
let worker: JobWorker;
let accepting: CallbackReceiver;
let failing: CallbackReceiver;
let merchantId: number;

beforeAll(async () => {
  app = await buildTestApp({ now: clock.now });
  await app.ready();
  await app.jobs.stop();
  // Drained by hand (it polls once an hour of real time): an event is sent only when a step says so.
  worker = createCallbackWorker({
    db: app.db,
    now: clock.now,
    log: app.log,
    secrets: app.secrets,
    allowPrivate: true,
    resolve: systemResolver,
    timeoutMs: 5_000,
    // One retry a second after the first attempt, then the event is given up.
    retryDelaysMs: [1_000],
    concurrency: 1,
    pollMs: 3_600_000,
  });
  worker.start();
  merchantId = (await createMerchant(app)).id;
  accepting = await startCallbackReceiver({ status: 200, body: 'success' });
  failing = await startCallbackReceiver({ status: 500, body: 'down' });
});
afterAll(async () => {
  await worker?.stop();
  await accepting?.close();
  await failing?.close();
  await app.close();
});

async function eventTo(receiver: CallbackReceiver) {
  const application = await createApplication(app, merchantId, {
    callbackUrl: `http://127.0.0.1:${receiver.port}/notify`,
  });
  const order = await createOrderRow(app, application);
  const { id } = await recordCallbackEvent(app.db, {
    merchantId,
    applicationId: application.id,
    orderId: order.id,
    type: 'collection.completed',
    data: { order: { orderNo: order.orderNo } },
    now: clock.now(),
  });
  return { id, orderNo: order.orderNo };
}

const eventIds = async (ids: string[]) =>
  (await app.db.select({ id: callbackEvents.id }).from(callbackEvents).where(inArray(callbackEvents.id, ids)))
    .map((row) => row.id)
    .sort();
const deliveryCount = async (ids: string[]) =>
  (await app.db.select().from(callbackDeliveries).where(inArray(callbackDeliveries.eventId, ids))).length;
const eventRow = async (id: string) =>
  (await app.db.select().from(callbackEvents).where(eq(callbackEvents.id, id)))[0];

describe('purgeCallbackLog', () => {
  it('purges what ended past the retention with its log, never an event still due', async () => {
    const delivered = await eventTo(accepting);
    const resent = await eventTo(accepting);
    const givenUp = await eventTo(failing);
    await worker.drain();
    clock.advance(1_000);
    await worker.drain();
    expect(await eventRow(delivered.id)).toMatchObject({ runAt: null, deliveredAt: expect.any(Date) });
    expect(await eventRow(givenUp.id)).toMatchObject({ runAt: null, gaveUpAt: expect.any(Date) });
    // Failed once, its retry due in a second: never sent again in this test, due from then on.
    const retrying = await eventTo(failing);
    await worker.drain();
    expect(await eventRow(retrying.id)).toMatchObject({ runAt: expect.any(Date), gaveUpAt: null });
    // Recorded, never claimed.
    const neverTried = await eventTo(accepting);
    const ended = [delivered.id, givenUp.id];
    const due = [retrying.id, neverTried.id, resent.id];
    const all = [...ended, ...due];
    expect(await deliveryCount(all)).toBe(5);

    clock.advance(89 * DAY_MS);
    // A resend 89 days on queues the delivered event again: due, not ended.
    const wake = { wake: () => {} };
    expect(
      await resendOrderCallback({ db: app.db, now: clock.now, jobs: wake }, merchantId, resent.orderNo),
    ).toMatchObject({ alreadyQueued: false });
    expect(await purgeCallbackLog(app.db, clock.now(), 90)).toBe(0);
    expect(await eventIds(all)).toEqual([...all].sort());

    clock.advance(2 * DAY_MS);
    expect(await purgeCallbackLog(app.db, clock.now(), 90)).toBe(2);
    expect(await eventIds(all)).toEqual([...due].sort());
    expect(await deliveryCount(ended)).toBe(0);
    expect(await deliveryCount(due)).toBe(2);
    // However short the retention, nothing due is reached.
    expect(await purgeCallbackLog(app.db, clock.now(), 1)).toBe(0);
    expect(await eventIds(all)).toEqual([...due].sort());
  });

  it('purges in batches until none is left', async () => {
    const { id } = await eventTo(accepting);
    await worker.drain();
    const [row] = await app.db.select().from(callbackEvents).where(eq(callbackEvents.id, id));
    if (!row?.deliveredAt) throw new Error('not delivered');
    const { seq: _seq, ...copy } = row;
    const copies = Array.from({ length: PURGE_BATCH + 5 }, (_, i) => ({ ...copy, id: `${id}-${i}` }));
    await app.db.insert(callbackEvents).values(copies);
    clock.advance(91 * DAY_MS);
    // The first test's due events were sent by this drain and end now too: counted with these.
    expect(await purgeCallbackLog(app.db, clock.now(), 90)).toBeGreaterThan(PURGE_BATCH + 5);
    expect(await eventIds([id, ...copies.map((c) => c.id)])).toEqual([]);
  });
});
