/**
 * The cashier's server-sent events over real HTTP: the view at once, a new event when the
 * database changes (whoever changed it: no in-process signal), the end at completion, the
 * per-IP limit of open streams, the 404 envelope; and the stream itself (retry, heartbeats,
 * its maximum life) on a bare HTTP server with short timings.
 */
import { createServer, get, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CASHIER_LIMITS, type CashierView, ErrorCode } from '@tollgate/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../src/db/schema';
import { openEventStream } from '../src/lib/event-stream';
import { createCollectionOrder } from '../src/modules/orders/order.service';
import { buildTestApp } from './helpers/build-test-app';
import { createMerchant } from './helpers/factories';
import { expectLedgerClean } from './helpers/ledger';
import { createTestApplication } from './helpers/order-fixtures';

let app: FastifyInstance;
let base: string;
let shop: { id: number; merchantId: number; appId: string };

beforeAll(async () => {
  app = await buildTestApp({ env: { DEVNET_BLOCK_MS: '3600000' } });
  await app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  shop = await createTestApplication(app, (await createMerchant(app)).id);
});
afterAll(async () => {
  await expectLedgerClean(app.db);
  await app.close();
});

let counter = 0;
const newOrder = (input: Record<string, unknown> = {}) =>
  createCollectionOrder(
    { db: app.db, now: app.now, chains: app.chains },
    {
      application: shop,
      input: { merchantOrderNo: `sse-${++counter}`, currency: 'USDT', amount: '30', ...input },
      source: 'api',
    },
  );

/** An open event stream as a client reads it: each frame parsed, waited for by event, never by time. */
interface Client {
  response: IncomingMessage;
  frames: { event?: string; data?: string; comment?: string; retry?: string }[];
  ended: Promise<void>;
  /** Resolves with the first frame (from the start) that `match` accepts. */
  next(match: (frame: Client['frames'][number]) => boolean): Promise<Client['frames'][number]>;
  close(): void;
}

function connect(url: string, localAddress = '127.0.0.1'): Promise<Client> {
  return new Promise((resolve, reject) => {
    const request = get(url, { localAddress, agent: false }, (response) => {
      const frames: Client['frames'] = [];
      const waiters: {
        match: (f: Client['frames'][number]) => boolean;
        done: (f: Client['frames'][number]) => void;
      }[] = [];
      let buffer = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        buffer += chunk;
        let cut = buffer.indexOf('\n\n');
        while (cut >= 0) {
          const frame: Client['frames'][number] = {};
          for (const line of buffer.slice(0, cut).split('\n')) {
            if (line.startsWith(':')) frame.comment = line.slice(1).trim();
            else {
              const [field, ...rest] = line.split(': ');
              (frame as Record<string, string>)[field ?? ''] = rest.join(': ');
            }
          }
          buffer = buffer.slice(cut + 2);
          frames.push(frame);
          for (const waiter of [...waiters]) {
            if (waiter.match(frame)) {
              waiters.splice(waiters.indexOf(waiter), 1);
              waiter.done(frame);
            }
          }
          cut = buffer.indexOf('\n\n');
        }
      });
      const ended = new Promise<void>((done) => response.on('close', done));
      resolve({
        response,
        frames,
        ended,
        next: (match) =>
          new Promise((done) => {
            const found = frames.find(match);
            if (found) done(found);
            else waiters.push({ match, done });
          }),
        close: () => request.destroy(),
      });
    });
    request.on('error', reject);
  });
}

const eventsUrl = (orderNo: string) => `${base}/front/cashier/events?orderNo=${orderNo}`;
const viewOf = (frame: { data?: string }) => JSON.parse(frame.data ?? 'null') as CashierView;
const isView = (check: (view: CashierView) => boolean) => (frame: Client['frames'][number]) =>
  frame.event === 'order' && check(viewOf(frame));

describe('GET /front/cashier/events', () => {
  it('sends the view at once, then each change written to the database, and ends at completion', async () => {
    const order = await newOrder();
    const client = await connect(eventsUrl(order.orderNo));
    expect(client.response.statusCode).toBe(200);
    expect(client.response.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(client.response.headers['cache-control']).toBe('no-cache, no-transform');
    // The security headers of every response, the CSP included.
    expect(client.response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(client.frames[0]?.retry ?? (await client.next((f) => f.retry !== undefined)).retry).toBe('3000');
    const first = viewOf(await client.next((f) => f.event === 'order'));
    expect(first).toMatchObject({ orderNo: order.orderNo, status: 'pending', network: null });

    // The network chosen (here through the cashier call)…
    await app.inject({
      method: 'POST',
      url: '/front/cashier/network',
      payload: { orderNo: order.orderNo, chainId: 'POLYGON' },
    });
    const chosen = viewOf(await client.next(isView((v) => v.network === 'POLYGON')));
    expect(chosen.payAddress).toMatch(/^0x[0-9a-fA-F]{40}$/);

    // …and a change written straight to the database, as another node's watcher would: the
    // stream learns of it from the database alone.
    await app.db
      .update(orders)
      .set({ paidAmount: '12', updatedAt: new Date() })
      .where(eq(orders.orderNo, order.orderNo));
    expect(viewOf(await client.next(isView((v) => v.paidAmount === '12')))).toMatchObject({
      status: 'pending',
      remaining: '18',
    });

    // Nothing the customer sees changed: no event (the server's clock alone is no news). A
    // second order changed after it and seen on its own stream proves a read since then: the
    // streams of a node share one read of all their orders.
    const sent = client.frames.filter((f) => f.event === 'order').length;
    const witness = await newOrder();
    const witnessClient = await connect(eventsUrl(witness.orderNo));
    await witnessClient.next((f) => f.event === 'order');
    await app.db.update(orders).set({ updatedAt: new Date() }).where(eq(orders.orderNo, order.orderNo));
    await app.db.update(orders).set({ paidAmount: '1' }).where(eq(orders.orderNo, witness.orderNo));
    await witnessClient.next(isView((v) => v.paidAmount === '1'));
    expect(client.frames.filter((f) => f.event === 'order')).toHaveLength(sent);
    witnessClient.close();
    await app.db
      .update(orders)
      .set({ status: 'completed', paidAmount: '30', completedAt: new Date() })
      .where(eq(orders.orderNo, order.orderNo));
    const done = viewOf(await client.next(isView((v) => v.status === 'completed')));
    expect(done.remaining).toBe('0');
    await client.ended;
    expect(client.frames.filter((f) => f.event === 'order')).toHaveLength(sent + 1);
  });

  it('answers a finished order with its view and ends at once', async () => {
    const order = await newOrder();
    await app.db.update(orders).set({ status: 'expired' }).where(eq(orders.id, order.id));
    const client = await connect(eventsUrl(order.orderNo));
    await client.ended;
    expect(client.frames.filter((f) => f.event === 'order').map((f) => viewOf(f).status)).toEqual([
      'expired',
    ]);
  });

  it('answers an unknown order with a 404 envelope, not a stream', async () => {
    const response = await fetch(eventsUrl('TG20261123AAAAAAAAAAAAAAAAAAAA'));
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ code: ErrorCode.NOT_FOUND, data: null });
  });

  it(`holds at most ${CASHIER_LIMITS.openStreams} open streams per IP; a closed one frees its place`, async () => {
    const order = await newOrder();
    const ip = '127.0.0.7';
    const clients = await Promise.all(
      Array.from({ length: CASHIER_LIMITS.openStreams }, () => connect(eventsUrl(order.orderNo), ip)),
    );
    expect(clients.every((c) => c.response.statusCode === 200)).toBe(true);
    const refused = await connect(eventsUrl(order.orderNo), ip);
    expect(refused.response.statusCode).toBe(429);
    // Another IP is not affected.
    const other = await connect(eventsUrl(order.orderNo), '127.0.0.8');
    expect(other.response.statusCode).toBe(200);
    other.close();

    const [gone, ...rest] = clients;
    gone?.close();
    await gone?.ended;
    // The server sees the close on its side a moment later: wait for the place to be free.
    let again = await connect(eventsUrl(order.orderNo), ip);
    while (again.response.statusCode === 429) {
      await new Promise((r) => setImmediate(r));
      again = await connect(eventsUrl(order.orderNo), ip);
    }
    expect(again.response.statusCode).toBe(200);
    for (const client of [...rest, again]) client.close();
  });
});

describe('the event stream itself', () => {
  it('tells the retry delay, sends heartbeats and ends after its maximum life', async () => {
    let ended = 0;
    const server = createServer((_request, response) => {
      const stream = openEventStream(
        response,
        { 'x-test': '1' },
        { heartbeatMs: 20, maxMs: 150, retryMs: 1234 },
      );
      stream.send('hello', { a: 1 });
      stream.onClose(() => {
        ended += 1;
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const client = await connect(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
    expect(client.response.headers['x-test']).toBe('1');
    await client.ended;
    expect(client.frames[0]).toEqual({ retry: '1234' });
    expect(client.frames[1]).toEqual({ event: 'hello', data: '{"a":1}' });
    expect(client.frames.filter((f) => f.comment === 'ping').length).toBeGreaterThanOrEqual(2);
    expect(ended).toBe(1);
    await new Promise((r) => server.close(r));
  });
});
