/**
 * Callback delivery end to end on a local receiver: the outbox row (its own place in the queue), the signature
 * (verified here with node:crypto, as a merchant would), the acknowledgement rule, retries on
 * the schedule through a cut connection, a timeout and a 500 until the receiver recovers,
 * redirects not followed, giving up, the URL chosen at send time, the delivery log.
 */
import { createHash } from 'node:crypto';
import { deliveryLog } from '@tollgate/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Executor } from '../src/db/client';
import { applications, callbackDeliveries, callbackEvents } from '../src/db/schema';
import type { JobWorker } from '../src/jobs/worker';
import { systemResolver } from '../src/modules/callbacks/address-guard';
import { type CallbackEventType, recordCallbackEvent } from '../src/modules/callbacks/callback-events';
import { createCallbackWorker } from '../src/modules/callbacks/callback-queue';
import { getDeliveryLog, toDeliveryLogResponse } from '../src/modules/callbacks/delivery-log';
import { buildTestApp, createTestClock } from './helpers/build-test-app';
import {
  type CallbackReceiver,
  createApplication,
  createOrderRow,
  signatureVerifies,
  startCallbackReceiver,
} from './helpers/callback-receiver';
import { createMerchant } from './helpers/factories';

const clock = createTestClock();
// Short for the test (the product waits 10 s), long enough for a loaded 2-core machine to connect.
const TIMEOUT_MS = 3_000;
let app: FastifyInstance;
let worker: JobWorker;
let receiver: CallbackReceiver;
let merchantId: number;

beforeAll(async () => {
  app = await buildTestApp({
    now: clock.now,
    env: { ALLOW_PRIVATE_CALLBACKS: '1', CALLBACK_RETRY_DELAYS: '15,60,300' },
  });
  await app.ready();
  // This file's worker has a short timeout; the app's own would race it for the jobs.
  await app.jobs.stop();
  worker = createCallbackWorker({
    db: app.db,
    now: clock.now,
    log: app.log,
    secrets: app.secrets,
    allowPrivate: app.config.allowPrivateCallbacks,
    resolve: systemResolver,
    timeoutMs: TIMEOUT_MS,
    retryDelaysMs: app.config.callbackRetryDelaysMs,
    concurrency: 1,
  });
  worker.start();
  merchantId = (await createMerchant(app)).id;
});
afterAll(async () => {
  await worker.stop();
  await app.close();
});
afterEach(async () => {
  await receiver?.close();
});

async function newOrder(appUrl: string, orderUrl = '') {
  const application = await createApplication(app, merchantId, { callbackUrl: appUrl });
  const order = await createOrderRow(app, application, { callbackUrl: orderUrl });
  return { application, order };
}

function record(
  db: Executor,
  order: { id: number; applicationId: number; orderNo: string },
  type: CallbackEventType = 'collection.completed',
) {
  return recordCallbackEvent(db, {
    merchantId,
    applicationId: order.applicationId,
    orderId: order.id,
    type,
    data: { order: { orderNo: order.orderNo, amount: '10.5', status: 'completed' } },
    now: clock.now(),
  });
}

const eventRow = async (id: string) =>
  (await app.db.select().from(callbackEvents).where(eq(callbackEvents.id, id)))[0];
const attemptsOf = (eventId: string) =>
  app.db
    .select()
    .from(callbackDeliveries)
    .where(eq(callbackDeliveries.eventId, eventId))
    .orderBy(callbackDeliveries.attempt);

describe('the outbox', () => {
  it('writes the event with its exact body, due now, in the caller transaction', async () => {
    receiver = await startCallbackReceiver();
    const { order } = await newOrder(receiver.url());
    const event = await app.db.transaction((tx) => record(tx, order, 'collection.payment_received'));
    expect(event.id).toMatch(/^evt_[0-9a-f]{32}$/);
    expect(event.body).toBe(
      `{"id":"${event.id}","type":"collection.payment_received","createdAt":"${clock.now().toISOString()}",` +
        `"data":{"order":{"orderNo":"${order.orderNo}","amount":"10.5","status":"completed"}}}`,
    );
    expect(await eventRow(event.id)).toMatchObject({
      body: event.body,
      format: 'tollgate',
      orderId: order.id,
      runAt: clock.now(),
      queuedAt: clock.now(),
      tries: 0,
      leased: false,
    });
    worker.wake();
    const [hit] = await receiver.hits(1);
    expect(hit?.body).toBe(event.body);
  });

  it('writes no event when the caller transaction rolls back', async () => {
    receiver = await startCallbackReceiver();
    const { order } = await newOrder(receiver.url());
    let id = '';
    await expect(
      app.db.transaction(async (tx) => {
        id = (await record(tx, order)).id;
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(id).not.toBe('');
    expect(await eventRow(id)).toBeUndefined();
  });
});

describe('delivery', () => {
  it('retries through a cut connection, a timeout and a 500 until acknowledged, signed each time', async () => {
    receiver = await startCallbackReceiver();
    receiver.plan.push('drop', 'hang', { status: 500, body: 'ok' }, { status: 200, body: ' OK\n' });
    const { application, order } = await newOrder(receiver.url('/app'), receiver.url('/order?x=1'));
    const event = await record(app.db, order);
    const delays = [15_000, 60_000, 300_000];
    await worker.drain();
    for (const [index, delay] of delays.entries()) {
      const waiting = await eventRow(event.id);
      expect(waiting).toMatchObject({ tries: index + 1, leased: false, deliveredAt: null, gaveUpAt: null });
      expect(waiting?.runAt).toEqual(new Date(clock.now().getTime() + delay));
      // Not a moment before its time.
      clock.advance(delay - 1);
      await worker.drain();
      expect(await attemptsOf(event.id)).toHaveLength(index + 1);
      clock.advance(1);
      await worker.drain();
      expect(await attemptsOf(event.id)).toHaveLength(index + 2);
    }
    const hits = await receiver.hits(4);
    expect(hits).toHaveLength(4);
    for (const hit of hits) {
      // The order's URL wins over the application's; the same bytes every time; a fresh signature.
      expect(hit.path).toBe('/order?x=1');
      expect(hit.body).toBe(event.body);
      expect(hit.headers['content-type']).toBe('application/json');
      expect(signatureVerifies(hit.headers['tollgate-signature'], hit.body, application.secret)).toBe(true);
      expect(signatureVerifies(hit.headers['tollgate-signature'], hit.body, 'f'.repeat(64))).toBe(false);
    }
    const stamps = hits.map((hit) => Number(/t=(\d+)/.exec(String(hit.headers['tollgate-signature']))?.[1]));
    expect(stamps.at(-1)).toBe(Math.floor(clock.now().getTime() / 1000));
    expect(new Set(stamps).size).toBe(4);

    const attempts = await attemptsOf(event.id);
    expect(attempts.map((a) => [a.attempt, a.responseStatus, a.acknowledged])).toEqual([
      [1, null, false],
      [2, null, false],
      [3, 500, false],
      [4, 200, true],
    ]);
    expect(attempts[1]?.error).toBe(`timed out after ${TIMEOUT_MS} ms`);
    expect(attempts[2]).toMatchObject({ responseBody: 'ok', error: expect.stringContaining('HTTP 500') });
    expect(attempts[3]).toMatchObject({
      responseBody: ' OK\n',
      error: null,
      url: receiver.url('/order?x=1'),
    });
    // The event's own body is not copied per attempt; the log reads it from the event.
    for (const attempt of attempts) expect(attempt.requestBody).toBeNull();
    expect(await eventRow(event.id)).toMatchObject({
      attempts: 4,
      tries: 4,
      deliveredAt: clock.now(),
      gaveUpAt: null,
      runAt: null,
      leased: false,
    });

    const log = await getDeliveryLog(app.db, order.id);
    expect(log.attempts.map((a) => a.attempt)).toEqual([4, 3, 2, 1]);
    for (const attempt of log.attempts) expect(attempt.requestBody).toBe(event.body);
    expect(log).toMatchObject({ pushStatus: 'delivered', notificationSuccess: true, nextAttemptAt: null });
    const response = toDeliveryLogResponse(log, null);
    expect(deliveryLog.parse(response)).toEqual(response);
    expect(response.attempts[0]).toMatchObject({
      eventId: event.id,
      eventType: 'collection.completed',
      createdAt: clock.now().toISOString(),
    });
  });

  it.each([
    [{ status: 200, body: 'success' }, true],
    [{ status: 201, body: '  Success \r\n' }, true],
    [{ status: 204 }, false],
    [{ status: 200, body: 'okay' }, false],
    [{ status: 200, body: '{"ok":true}' }, false],
    [{ status: 500, body: 'success' }, false],
    [{ status: 302, body: 'ok', headers: { location: '/elsewhere' } }, false],
  ])('acknowledged by %o: %s', async (reply, acknowledged) => {
    receiver = await startCallbackReceiver();
    receiver.plan.push(reply);
    const { order } = await newOrder(receiver.url());
    const event = await record(app.db, order);
    await worker.drain();
    await receiver.hits(1);
    const [attempt] = await attemptsOf(event.id);
    expect(attempt).toMatchObject({ responseStatus: reply.status, acknowledged });
    expect(Boolean((await eventRow(event.id))?.deliveredAt)).toBe(acknowledged);
    // A redirect is an answer, not a way elsewhere: nothing went to its Location.
    expect(receiver.received.map((hit) => hit.path)).toEqual(['/notify']);
  });

  it('keeps the first 2 KB of a long answer, without NUL characters', async () => {
    receiver = await startCallbackReceiver({ status: 200, body: `a\u0000${'x'.repeat(10_000)}` });
    const { order } = await newOrder(receiver.url());
    const event = await record(app.db, order);
    await worker.drain();
    const [attempt] = await attemptsOf(event.id);
    expect(attempt?.responseBody).toBe(`a${'x'.repeat(2046)}`);
    expect(attempt?.acknowledged).toBe(false);
  });

  it('gives up after the last retry, and the log says failed', async () => {
    receiver = await startCallbackReceiver({ status: 503, body: 'down' });
    const { order } = await newOrder(receiver.url());
    const event = await record(app.db, order);
    await worker.drain();
    for (const delay of [15_000, 60_000, 300_000]) {
      clock.advance(delay);
      await worker.drain();
    }
    await receiver.hits(4);
    expect(await eventRow(event.id)).toMatchObject({
      attempts: 4,
      tries: 4,
      deliveredAt: null,
      gaveUpAt: clock.now(),
      runAt: null,
    });
    clock.advance(24 * 3_600_000);
    await worker.drain();
    expect(receiver.received).toHaveLength(4);
    expect(await getDeliveryLog(app.db, order.id)).toMatchObject({
      pushStatus: 'failed',
      notificationSuccess: false,
    });
  });

  it('reads the URL at send time: a retry goes to the application URL fixed meanwhile', async () => {
    receiver = await startCallbackReceiver();
    const { application, order } = await newOrder('http://127.0.0.1:1/closed');
    const event = await record(app.db, order);
    // Not tried yet: pending, with no retry to tell of.
    expect(await getDeliveryLog(app.db, order.id)).toMatchObject({
      pushStatus: 'pending',
      nextAttemptAt: null,
    });
    await worker.drain();
    expect((await attemptsOf(event.id))[0]).toMatchObject({
      url: 'http://127.0.0.1:1/closed',
      acknowledged: false,
    });
    // Pending, and when it is tried again (the retry's time, as the event's row holds it).
    expect(await getDeliveryLog(app.db, order.id)).toMatchObject({
      pushStatus: 'pending',
      nextAttemptAt: new Date(clock.now().getTime() + 15_000),
    });
    await app.db
      .update(applications)
      .set({ callbackUrl: receiver.url() })
      .where(eq(applications.id, application.id));
    clock.advance(15_000);
    await worker.drain();
    await receiver.hits(1);
    expect((await attemptsOf(event.id))[1]).toMatchObject({ url: receiver.url(), acknowledged: true });
  });

  it('skips, logs and stops when there is no URL to send to', async () => {
    const { order } = await newOrder('');
    const event = await record(app.db, order);
    await worker.drain();
    const attempts = await attemptsOf(event.id);
    expect(attempts).toEqual([
      expect.objectContaining({
        url: '',
        error: expect.stringContaining('skipped: no callback URL'),
        acknowledged: false,
      }),
    ]);
    expect(await eventRow(event.id)).toMatchObject({ gaveUpAt: clock.now(), runAt: null, leased: false });
    expect(await getDeliveryLog(app.db, order.id)).toMatchObject({
      pushStatus: 'none',
      notificationSuccess: false,
    });
  });

  it('skips the events of a deleted application', async () => {
    receiver = await startCallbackReceiver();
    const { application, order } = await newOrder(receiver.url());
    await app.db
      .update(applications)
      .set({ deletedAt: clock.now() })
      .where(eq(applications.id, application.id));
    const event = await record(app.db, order);
    await worker.drain();
    expect(await attemptsOf(event.id)).toEqual([
      expect.objectContaining({ url: '', error: 'skipped: the application was deleted' }),
    ]);
    expect(receiver.received).toEqual([]);
  });

  it('logs a URL that is not http(s) as a failed attempt, retried', async () => {
    const { order } = await newOrder('ftp://files.example/notify');
    const event = await record(app.db, order);
    await worker.drain();
    expect((await attemptsOf(event.id))[0]).toMatchObject({
      url: 'ftp://files.example/notify',
      error: 'the callback URL is not a valid http(s) URL',
    });
    expect(await eventRow(event.id)).toMatchObject({
      runAt: new Date(clock.now().getTime() + 15_000),
      gaveUpAt: null,
      leased: false,
    });
  });

  it('sends an epusdt event with the body its protocol built, signed at send time, and requires one', async () => {
    receiver = await startCallbackReceiver();
    const { application, order } = await newOrder(receiver.url());
    const body = '{"trade_id":"T1","order_id":"A1","amount":28.88,"signature":"","status":2}';
    const input = {
      merchantId,
      applicationId: order.applicationId,
      orderId: order.id,
      type: 'collection.completed' as const,
      data: { orderNo: order.orderNo },
      format: 'epusdt' as const,
      now: clock.now(),
    };
    await expect(recordCallbackEvent(app.db, input)).rejects.toThrow('prebuilt body');
    const event = await recordCallbackEvent(app.db, { ...input, body });
    expect(event.body).toBe(body);
    await worker.drain();
    const [hit] = await receiver.hits(1);
    // The MD5 of the other fields, sorted, with the APPSECRET appended (epusdt's scheme).
    const md5 = createHash('md5')
      .update(`amount=28.88&order_id=A1&status=2&trade_id=T1${application.secret}`)
      .digest('hex');
    expect(hit?.body).toBe(body.replace('"signature":""', `"signature":"${md5}"`));
    expect(await eventRow(event.id)).toMatchObject({ format: 'epusdt', deliveredAt: clock.now() });
  });

  it('says none for an order without events', async () => {
    const { order } = await newOrder('');
    expect(await getDeliveryLog(app.db, order.id)).toEqual({
      attempts: [],
      pushStatus: 'none',
      notificationSuccess: false,
      nextAttemptAt: null,
      hasEvent: false,
    });
  });
});
