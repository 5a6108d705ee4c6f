import { createHmac, randomBytes } from 'node:crypto';
import { EventEmitter, once } from 'node:events';
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { applications, orders } from '../../src/db/schema';
import { generateAppSecret, sealAppSecret } from '../../src/modules/applications/app-secret';

/**
 * A merchant's callback receiver on 127.0.0.1 for the callback tests: it keeps every request
 * (path, headers, raw body) and answers each from a script (`plan`), then with the default.
 * A test waits for a number of hits by event, never by sleeping.
 */
export interface ReceivedCallback {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** How to answer one request: a status and body, `hang` (never answer), or `drop` (cut the socket). */
export type Reply = { status: number; body?: string; headers?: Record<string, string> } | 'hang' | 'drop';

export async function startCallbackReceiver(defaultReply: Reply = { status: 200, body: 'success' }) {
  const received: ReceivedCallback[] = [];
  const events = new EventEmitter();
  const plan: Reply[] = [];
  const hanging = new Set<ServerResponse>();
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({
        path: request.url ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks).toString(),
      });
      events.emit('hit', received.length);
      const reply = plan.shift() ?? defaultReply;
      if (reply === 'hang') {
        hanging.add(response);
        return;
      }
      if (reply === 'drop') {
        request.socket.destroy();
        return;
      }
      response.writeHead(reply.status, reply.headers ?? { 'content-type': 'text/plain' });
      response.end(reply.body ?? '');
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    port,
    url: (path = '/notify') => `http://127.0.0.1:${port}${path}`,
    received,
    plan,
    /** Resolves once `count` requests in all have arrived. */
    async hits(count: number): Promise<ReceivedCallback[]> {
      while (received.length < count) await once(events, 'hit');
      return received;
    },
    async close() {
      for (const response of hanging) response.destroy();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
export type CallbackReceiver = Awaited<ReturnType<typeof startCallbackReceiver>>;

/** What a receiver does with `Tollgate-Signature`, written from the text (node:crypto). */
export function signatureVerifies(header: string | string[] | undefined, body: string, secret: string) {
  const match = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(String(header));
  if (!match) return false;
  const expected = createHmac('sha256', secret).update(`${match[1]}.${body}`).digest('hex');
  return expected === match[2];
}

/** An application with a known APPSECRET, sealed as the applications module stores it. */
export async function createApplication(
  app: FastifyInstance,
  merchantId: number,
  values: { callbackUrl?: string; deletedAt?: Date } = {},
) {
  const secret = generateAppSecret();
  const [row] = await app.db
    .insert(applications)
    .values({
      merchantId,
      appId: `app_${randomBytes(8).toString('hex')}`,
      name: 'Shop',
      secretSealed: 'pending',
      ...values,
    })
    .returning();
  if (!row) throw new Error('no application');
  await app.db
    .update(applications)
    .set({ secretSealed: sealAppSecret(app.secrets, row.id, row.secretVersion, secret) })
    .where(eq(applications.id, row.id));
  return { ...row, secret };
}

/** A collection order row, enough for callbacks (the orders module builds real ones). */
export async function createOrderRow(
  app: FastifyInstance,
  application: { id: number; merchantId: number },
  values: { callbackUrl?: string } = {},
) {
  const orderNo = `T${randomBytes(8).toString('hex')}`;
  const [row] = await app.db
    .insert(orders)
    .values({
      orderNo,
      type: 'collection',
      merchantId: application.merchantId,
      applicationId: application.id,
      merchantOrderNo: orderNo,
      currency: 'USDT',
      network: 'TRON',
      amount: '10',
      test: true,
      requestHash: 'h',
      expiresAt: new Date(app.now().getTime() + 1_800_000),
      ...values,
    })
    .returning();
  if (!row) throw new Error('no order');
  return row;
}
