/**
 * GET /front/events over real HTTP, on both engines: authenticated by the token cookie alone,
 * the merchant's own events after commit (never after a rollback), Last-Event-ID replay, the
 * notice broadcast, logout and shutdown ending the stream.
 */
import type { AddressInfo } from 'node:net';
import { ErrorCode } from '@tollgate/contracts';
import { LIVE_EVENT_TIMING } from '@tollgate/contracts/live-events';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { merchantEvents, orders } from '../src/db/schema';
import { publishNoticeEvent } from '../src/modules/live/live-events';
import { createCollectionOrder } from '../src/modules/orders/order.service';
import { buildTestApp } from './helpers/build-test-app';
import { createMerchant, logInAs, setBalance } from './helpers/factories';
import { createTestApplication } from './helpers/order-fixtures';
import { openSse, type SseFrame } from './helpers/sse-client';

let app: FastifyInstance;
let base: string;
let merchant: { id: number; token: string; shop: { id: number; merchantId: number; appId: string } };
let other: { id: number; token: string; shop: { id: number; merchantId: number; appId: string } };

async function newMerchant() {
  const row = await createMerchant(app);
  return { id: row.id, token: await logInAs(app, row), shop: await createTestApplication(app, row.id) };
}

beforeAll(async () => {
  app = await buildTestApp({ env: { DEVNET_BLOCK_MS: '3600000' } });
  await app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  merchant = await newMerchant();
  other = await newMerchant();
});
afterAll(async () => {
  await app.close();
});

let counter = 0;
const newOrder = (shop: { id: number; merchantId: number; appId: string }) =>
  createCollectionOrder(
    { db: app.db, now: app.now, chains: app.chains },
    {
      application: shop,
      input: { merchantOrderNo: `live-${++counter}`, currency: 'USDT', amount: '30' },
      source: 'api',
    },
  );

const cookie = (token: string) => ({ cookie: `lang=en_US; token=${encodeURIComponent(token)}` });
const open = (token: string, headers: Record<string, string> = {}, query = '') =>
  openSse(`${base}/front/events${query}`, { ...cookie(token), ...headers });
const data = (frame: SseFrame) => JSON.parse(frame.data ?? 'null');
const orderEvent = (orderNo: string) => (frame: SseFrame) =>
  frame.event === 'order' && data(frame).orders.some((o: { orderNo: string }) => o.orderNo === orderNo);

describe('GET /front/events: who may open it', () => {
  it('refuses without the cookie: 401 in the usual envelope, even with the token in the URL or the header', async () => {
    const refusals = [
      await openSse(`${base}/front/events`),
      await openSse(`${base}/front/events?token=${merchant.token}`),
      await openSse(`${base}/front/events?x-auth-token=${merchant.token}&lang=en_US`),
      await openSse(`${base}/front/events`, { 'x-auth-token': merchant.token }),
      await openSse(`${base}/front/events`, { cookie: 'token=not-a-token-we-issued' }),
    ];
    for (const refused of refusals) {
      expect(refused.response.statusCode).toBe(401);
      expect(JSON.parse(await refused.body)).toMatchObject({ code: ErrorCode.UNAUTHORIZED, data: null });
    }
  });

  it('opens with the cookie: the stream headers, the retry hint', async () => {
    const client = await open(merchant.token);
    expect(client.response.statusCode).toBe(200);
    expect(client.response.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(client.response.headers['cache-control']).toBe('no-cache, no-transform');
    expect((await client.next((f) => f.retry !== undefined)).retry).toBe(String(LIVE_EVENT_TIMING.retryMs));
    client.close();
  });

  it('ends the stream at logout, and then refuses the cookie with 4000', async () => {
    const row = await createMerchant(app);
    const token = await logInAs(app, row);
    const client = await open(token);
    expect(client.response.statusCode).toBe(200);
    const logout = await app.inject({
      method: 'POST',
      url: '/front/admin/login-out',
      payload: '--b\r\nContent-Disposition: form-data; name="a"\r\n\r\nx\r\n--b--\r\n',
      headers: { 'x-auth-token': token, 'content-type': 'multipart/form-data; boundary=b' },
    });
    expect(logout.json().code).toBe(0);
    await client.ended;
    const again = await open(token);
    expect(again.response.statusCode).toBe(401);
    expect(JSON.parse(await again.body).code).toBe(ErrorCode.TOKEN_EXPIRED);
  });
});

describe('GET /front/events: what it carries', () => {
  it("sends the merchant's order and balance events after commit, not another merchant's, nothing on rollback", async () => {
    const client = await open(merchant.token);
    const existing = await newOrder(merchant.shop);
    const othersOrder = await newOrder(other.shop);

    // Rolled back: no event row survives and no NOTIFY goes out.
    await app.db
      .transaction(async (tx) => {
        await tx.update(orders).set({ status: 'expired' }).where(eq(orders.orderNo, existing.orderNo));
        throw new Error('roll back');
      })
      .catch(() => {});
    // Committed: the order's new status, then a balance change.
    await app.db.update(orders).set({ exception: 'underpaid' }).where(eq(orders.orderNo, existing.orderNo));
    await setBalance(app, { merchantId: merchant.id, coinName: 'USDT', available: '5' });

    const created = await client.next(orderEvent(existing.orderNo));
    expect(data(created)).toEqual({
      count: 1,
      orders: [{ orderNo: existing.orderNo, type: 'collection', status: 'pending' }],
    });
    const balance = await client.next((f) => f.event === 'balance');
    expect(data(balance)).toEqual({ count: 1, currencies: ['USDT'] });
    // In commit order, with ascending ids; the exception change came between them.
    const events = client.frames.filter((f) => f.event);
    expect(events.map((f) => f.event)).toEqual(['order', 'order', 'balance']);
    expect(events.map((f) => Number(f.id))).toEqual(
      [...events.map((f) => Number(f.id))].sort((a, b) => a - b),
    );
    expect(events.some((f) => f.data?.includes(othersOrder.orderNo))).toBe(false);
    expect(events.some((f) => f.data?.includes('"expired"'))).toBe(false);
    client.close();
  });

  it('writes one event per merchant and statement, and none for an update that changes nothing shown', async () => {
    const before = await app.db.select().from(merchantEvents).where(eq(merchantEvents.merchantId, other.id));
    const order = await newOrder(other.shop);
    await app.db.update(orders).set({ updatedAt: new Date() }).where(eq(orders.orderNo, order.orderNo));
    const after = await app.db.select().from(merchantEvents).where(eq(merchantEvents.merchantId, other.id));
    expect(after.length - before.length).toBe(1);
  });

  it('replays what came after Last-Event-ID, then goes on live', async () => {
    const first = await open(merchant.token);
    const seen = await newOrder(merchant.shop);
    const lastSeen = await first.next(orderEvent(seen.orderNo));
    first.close();
    await first.ended;

    const missedA = await newOrder(merchant.shop);
    const missedB = await newOrder(merchant.shop);
    const resumed = await open(merchant.token, { 'last-event-id': String(lastSeen.id) });
    await resumed.next(orderEvent(missedB.orderNo));
    const live = await newOrder(merchant.shop);
    await resumed.next(orderEvent(live.orderNo));
    const orderNos = resumed.frames
      .filter((f) => f.event === 'order')
      .map((f) => data(f).orders[0].orderNo as string);
    expect(orderNos).toEqual([missedA.orderNo, missedB.orderNo, live.orderNo]);
    resumed.close();

    // The same with the query parameter, as the web app sends it when it reopens a stream itself.
    const reopened = await open(merchant.token, {}, `?lastEventId=${lastSeen.id}`);
    await reopened.next(orderEvent(live.orderNo));
    expect(reopened.frames.filter((f) => f.event === 'order')).toHaveLength(3);
    reopened.close();

    const bad = await open(merchant.token, {}, '?lastEventId=abc');
    expect(bad.response.statusCode).toBe(400);
    expect(JSON.parse(await bad.body).code).toBe(ErrorCode.VALIDATION_FAILED);
  });

  it('carries a published notice to every merchant', async () => {
    const mine = await open(merchant.token);
    const theirs = await open(other.token);
    await publishNoticeEvent(app.db, 4242);
    for (const client of [mine, theirs]) {
      expect(data(await client.next((f) => f.event === 'notice'))).toEqual({ noticeId: 4242 });
    }
    mine.close();
    theirs.close();
  });

  it('ends open streams when the server closes', async () => {
    const second = await buildTestApp({ env: { DEVNET_BLOCK_MS: '3600000' } });
    await second.listen({ port: 0, host: '127.0.0.1' });
    const row = await createMerchant(second);
    const token = await logInAs(second, row);
    const client = await openSse(
      `http://127.0.0.1:${(second.server.address() as AddressInfo).port}/front/events`,
      cookie(token),
    );
    expect(client.response.statusCode).toBe(200);
    await second.close();
    await client.ended;
  });
});
