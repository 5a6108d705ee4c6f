/**
 * The back office's callback calls: "send test event" (one signed attempt while the call
 * waits, its result returned, never retried) and "resend" (the order's latest event again,
 * idempotent against double clicks, pulling a waiting retry forward), with their refusals.
 */
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Executor } from '../src/db/client';
import { callbackEvents } from '../src/db/schema';
import { recordCallbackEvent } from '../src/modules/callbacks/callback-events';
import { getDeliveryLog } from '../src/modules/callbacks/delivery-log';
import { buildTestApp, createTestClock } from './helpers/build-test-app';
import {
  type CallbackReceiver,
  createApplication,
  createOrderRow,
  signatureVerifies,
  startCallbackReceiver,
} from './helpers/callback-receiver';
import { getAs, postJson } from './helpers/calls';
import { createMerchant, logInAs } from './helpers/factories';

const clock = createTestClock();
let app: FastifyInstance;
let receiver: CallbackReceiver;
let merchant: { id: number; email: string; password: string };
let token: string;

beforeAll(async () => {
  app = await buildTestApp({
    now: clock.now,
    env: { ALLOW_PRIVATE_CALLBACKS: '1', CALLBACK_RETRY_DELAYS: '15,60' },
  });
  await app.ready();
  merchant = await createMerchant(app);
  token = await logInAs(app, merchant);
});
afterAll(() => app.close());
afterEach(() => receiver?.close());

const eventRow = async (id: string) =>
  (await app.db.select().from(callbackEvents).where(eq(callbackEvents.id, id)))[0];

describe('POST /front/app/callback/test', () => {
  it('sends a signed test event to the application URL and returns the attempt', async () => {
    receiver = await startCallbackReceiver();
    const application = await createApplication(app, merchant.id, { callbackUrl: receiver.url('/hook') });
    const response = await postJson(app, '/app/callback/test', { appId: application.appId }, { token });
    expect(response.statusCode).toBe(200);
    const { code, data } = response.json();
    expect(code).toBe(0);
    const [hit] = await receiver.hits(1);
    expect(data).toMatchObject({
      eventType: 'test',
      attempt: 1,
      url: receiver.url('/hook'),
      responseStatus: 200,
      responseBody: 'success',
      acknowledged: true,
      error: null,
      requestBody: hit?.body,
    });
    const body = JSON.parse(hit?.body ?? '{}');
    expect(body).toEqual({
      id: data.eventId,
      type: 'test',
      createdAt: clock.now().toISOString(),
      data: { appId: application.appId },
    });
    expect(signatureVerifies(hit?.headers['tollgate-signature'], hit?.body ?? '', application.secret)).toBe(
      true,
    );
  });

  it('returns a failed attempt as it is, and never retries it', async () => {
    receiver = await startCallbackReceiver({ status: 500, body: 'boom' });
    const application = await createApplication(app, merchant.id, { callbackUrl: receiver.url() });
    const { data } = (
      await postJson(app, '/app/callback/test', { appId: application.appId }, { token })
    ).json();
    expect(data).toMatchObject({ acknowledged: false, responseStatus: 500, responseBody: 'boom' });
    expect(data.error).toContain('HTTP 500');
    // Never queued: nothing left to send.
    expect(await eventRow(data.eventId)).toMatchObject({
      orderId: null,
      type: 'test',
      attempts: 1,
      gaveUpAt: clock.now(),
      runAt: null,
      tries: 0,
    });
  });

  it('refuses an unknown or foreign application, one without a URL, and a bad body', async () => {
    const other = await createMerchant(app);
    const foreign = await createApplication(app, other.id, { callbackUrl: 'http://127.0.0.1:1/' });
    const refused = await postJson(
      app,
      '/app/callback/test',
      { appId: foreign.appId },
      { token, lang: 'en_US' },
    );
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toMatchObject({ code: 404, message: 'The application does not exist' });
    const silent = await createApplication(app, merchant.id);
    const noUrl = await postJson(
      app,
      '/app/callback/test',
      { appId: silent.appId },
      { token, lang: 'zh_CN' },
    );
    expect(noUrl.statusCode).toBe(400);
    expect(noUrl.json()).toMatchObject({ code: 3102, message: '请先为该应用设置回调地址' });
    const bad = await postJson(app, '/app/callback/test', {}, { token });
    expect(bad.json().code).toBe(1001);
    expect((await postJson(app, '/app/callback/test', { appId: silent.appId })).statusCode).toBe(401);
    const events = await app.db
      .select()
      .from(callbackEvents)
      .where(eq(callbackEvents.applicationId, silent.id));
    expect(events).toEqual([]);
  });
});

describe('POST /front/mchOrder/callback/resend', () => {
  async function deliveredOrder(reply?: Parameters<typeof startCallbackReceiver>[0]) {
    receiver = await startCallbackReceiver(reply);
    const application = await createApplication(app, merchant.id, { callbackUrl: receiver.url() });
    const order = await createOrderRow(app, application);
    const record = (db: Executor, type: 'collection.confirming' | 'collection.completed') =>
      recordCallbackEvent(db, {
        merchantId: merchant.id,
        applicationId: application.id,
        orderId: order.id,
        type,
        data: { order: { orderNo: order.orderNo, status: type.split('.')[1] } },
        now: clock.now(),
      });
    // Written in one transaction, with one time: the later state is the latest event.
    const [, completed] = await app.db.transaction(async (tx) => [
      await record(tx, 'collection.confirming'),
      await record(tx, 'collection.completed'),
    ]);
    app.jobs.wake();
    await receiver.hits(2);
    await app.jobs.drain();
    return { order, completed };
  }

  /** The events so far were queued longer ago than the double-click window. */
  const ageSchedules = () =>
    app.db.update(callbackEvents).set({ queuedAt: sql`${callbackEvents.queuedAt} - interval '11 seconds'` });

  const resend = (orderNo: string, options = {}) =>
    postJson(app, '/mchOrder/callback/resend', { orderNo }, { token, ...options });
  /** What the order detail says of a resend (the back office disables its button by it). */
  const resendBlockedBy = async (orderNo: string) =>
    (await getAs(app, `/mchOrder/getById?id=${orderNo}`, { token })).json().data.deliveryLog.resendBlockedBy;

  it("sends the order's latest event again, once however often it is clicked", async () => {
    const { order, completed } = await deliveredOrder();
    expect(await resendBlockedBy(order.orderNo)).toBeNull();
    // Within the window of the first delivery's own job, a click is a double click.
    expect((await resend(order.orderNo)).json().data).toMatchObject({ alreadyQueued: true });
    await ageSchedules();
    const first = await resend(order.orderNo);
    expect(first.json()).toMatchObject({
      code: 0,
      data: { eventId: completed.id, eventType: 'collection.completed', alreadyQueued: false },
    });
    const second = await resend(order.orderNo);
    expect(second.json().data).toMatchObject({ eventId: completed.id, alreadyQueued: true });
    const hits = await receiver.hits(3);
    await app.jobs.drain();
    expect(hits[2]?.body).toBe(completed.body);
    expect(receiver.received).toHaveLength(3);
    expect(await eventRow(completed.id)).toMatchObject({ attempts: 2, tries: 1, runAt: null });
    const log = await getDeliveryLog(app.db, order.id);
    expect(log.attempts[0]).toMatchObject({ eventId: completed.id, attempt: 2, acknowledged: true });
  });

  it('queues again once the double-click window has passed', async () => {
    const { order, completed } = await deliveredOrder();
    await ageSchedules();
    expect((await resend(order.orderNo)).json().data.alreadyQueued).toBe(false);
    await receiver.hits(3);
    await app.jobs.drain();
    await ageSchedules();
    expect((await resend(order.orderNo)).json().data.alreadyQueued).toBe(false);
    await receiver.hits(4);
    await app.jobs.drain();
    expect(receiver.received).toHaveLength(4);
    expect(await eventRow(completed.id)).toMatchObject({ attempts: 3, deliveredAt: clock.now() });
  });

  it('pulls a retry that is waiting forward instead of queueing another', async () => {
    const { order, completed } = await deliveredOrder({ status: 503 });
    expect(await eventRow(completed.id)).toMatchObject({
      runAt: new Date(clock.now().getTime() + 15_000),
      tries: 1,
      leased: false,
    });
    receiver.plan.push({ status: 200, body: 'ok' });
    expect((await resend(order.orderNo)).json().data).toMatchObject({ alreadyQueued: true });
    await receiver.hits(3);
    await app.jobs.drain();
    // The same schedule, its second try: not a fresh one beside it.
    expect(await eventRow(completed.id)).toMatchObject({ attempts: 2, tries: 2, runAt: null });
    expect(await getDeliveryLog(app.db, order.id)).toMatchObject({ pushStatus: 'delivered' });
  });

  it('sends a given-up event again with a fresh schedule', async () => {
    const { order, completed } = await deliveredOrder({ status: 503 });
    for (const delay of [15_000, 60_000]) {
      clock.advance(delay);
      await app.jobs.drain();
    }
    expect(await getDeliveryLog(app.db, order.id)).toMatchObject({ pushStatus: 'failed' });
    await ageSchedules();
    receiver.plan.push({ status: 200, body: 'success' });
    // The resend wakes the worker, which may deliver before the log is read: hold it while the
    // log shows the fresh schedule.
    await app.jobs.stop();
    try {
      expect((await resend(order.orderNo)).json().data.alreadyQueued).toBe(false);
      expect(await getDeliveryLog(app.db, order.id)).toMatchObject({ pushStatus: 'pending' });
    } finally {
      app.jobs.start();
    }
    await app.jobs.drain();
    expect(await getDeliveryLog(app.db, order.id)).toMatchObject({
      pushStatus: 'delivered',
      notificationSuccess: true,
    });
    const [event] = await app.db.select().from(callbackEvents).where(eq(callbackEvents.id, completed.id));
    expect(event).toMatchObject({ attempts: 4, gaveUpAt: null });
  });

  it('queues once for many clicks at once', async () => {
    const { order, completed } = await deliveredOrder();
    await ageSchedules();
    const answers = await Promise.all(Array.from({ length: 6 }, () => resend(order.orderNo)));
    expect(
      answers.map((answer) => answer.json().data.alreadyQueued).filter((queued) => !queued),
    ).toHaveLength(1);
    await app.jobs.drain();
    expect(receiver.received).toHaveLength(3);
    expect(await eventRow(completed.id)).toMatchObject({ attempts: 2 });
  });

  it('refuses an order without events, a foreign or unknown order, and a bad body', async () => {
    const application = await createApplication(app, merchant.id, { callbackUrl: 'https://shop.example/cb' });
    const quiet = await createOrderRow(app, application);
    expect(await resendBlockedBy(quiet.orderNo)).toBe('no_event');
    const none = await resend(quiet.orderNo, { lang: 'en_US' });
    expect(none.statusCode).toBe(409);
    expect(none.json()).toMatchObject({
      code: 3101,
      message: 'This order has no notification to resend yet',
    });
    const other = await createMerchant(app);
    const foreignOrder = await createOrderRow(app, await createApplication(app, other.id));
    expect((await resend(foreignOrder.orderNo)).json().code).toBe(404);
    expect((await resend('T-nothing')).json().code).toBe(404);
    const bad = await postJson(app, '/mchOrder/callback/resend', { orderNo: '' }, { token, lang: 'en_US' });
    expect(bad.json()).toMatchObject({ code: 1001 });
    expect(JSON.stringify(bad.json())).toContain('Please enter the platform order number');
  });

  it('refuses, changing nothing, when neither the order nor its application has a callback URL', async () => {
    const application = await createApplication(app, merchant.id, { callbackUrl: '' });
    const order = await createOrderRow(app, application);
    await recordCallbackEvent(app.db, {
      merchantId: merchant.id,
      applicationId: application.id,
      orderId: order.id,
      type: 'collection.expired',
      data: { order: { orderNo: order.orderNo, status: 'expired' } },
      now: clock.now(),
    });
    // Its delivery is skipped by the worker (nowhere to send it), and the event settled.
    app.jobs.wake();
    await app.jobs.drain();
    const before = await app.db.select().from(callbackEvents).where(eq(callbackEvents.orderId, order.id));
    expect(await resendBlockedBy(order.orderNo)).toBe('no_callback_url');
    const refused = await resend(order.orderNo, { lang: 'en_US' });
    expect(refused.json()).toMatchObject({
      code: 3102,
      message: 'Set a callback URL for this application first',
    });
    expect(await app.db.select().from(callbackEvents).where(eq(callbackEvents.orderId, order.id))).toEqual(
      before,
    );
  });
});
