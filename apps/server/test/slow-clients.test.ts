/**
 * Clients that start a request and never finish it. A body that stops arriving gets 408 and
 * its connection is closed; headers have their own, shorter limit; and while thousands of
 * stalled requests are open the server keeps answering. Raw sockets against a listening
 * server: app.inject cannot stall. The limits are shortened here (production: 30 s / 20 s).
 */
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { type AddressInfo, connect, type Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REQUEST_TIMEOUTS, toServerTimeoutOptions } from '../src/lib/request-timeouts';
import { buildTestApp } from './helpers/build-test-app';
import { registerTestRoutes } from './helpers/test-routes';

const lines: string[] = [];
let app: FastifyInstance;
let port: number;
beforeAll(async () => {
  app = await buildTestApp({
    env: { LOG_LEVEL: 'info' },
    logStream: { write: (line) => lines.push(line) },
    requestTimeouts: { requestMs: 1_500, headersMs: 300, checkIntervalMs: 50 },
  });
  registerTestRoutes(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as AddressInfo).port;
});
afterAll(() => app.close());

interface Stalled {
  socket: Socket;
  /** Everything the server wrote, once it closed the connection. */
  closed: Promise<string>;
}

/** Connects, writes `bytes` and nothing more. */
function stall(bytes: string, target = port): Promise<Stalled> {
  return new Promise((resolve, reject) => {
    const socket = connect(target, '127.0.0.1');
    let received = '';
    socket.on('data', (data: Buffer) => {
      received += data.toString('utf8');
    });
    const closed = new Promise<string>((done) => socket.once('close', () => done(received)));
    socket.once('error', reject);
    socket.once('connect', () => {
      socket.off('error', reject);
      // A reset once the server gives up on us is expected; the close still reports.
      socket.on('error', () => {});
      socket.write(bytes, () => resolve({ socket, closed }));
    });
  });
}

const ECHO_HEAD =
  'POST /front/test/echo-json HTTP/1.1\r\nHost: x\r\nlang: en_US\r\ncontent-type: application/json\r\n';
const TIMEOUT_ENVELOPE = { code: 1002, data: null, message: 'The request could not be read' };

function parseAnswer(raw: string) {
  const [head = '', body = ''] = raw.split('\r\n\r\n');
  return { status: Number(head.split(' ')[1]), head, body: body ? JSON.parse(body) : null };
}

describe('a body that never finishes', () => {
  it('Content-Length: 100 and 5 bytes → 408 envelope, connection closed', async () => {
    const { closed } = await stall(`${ECHO_HEAD}content-length: 100\r\n\r\n{"amo`);
    const answer = parseAnswer(await closed);
    expect(answer.status).toBe(408);
    expect(answer.head).toMatch(/\r\nconnection: close/i);
    expect(answer.body).toEqual(TIMEOUT_ENVELOPE);
  });

  it('an unfinished chunked body → 408 envelope, connection closed', async () => {
    const { closed } = await stall(`${ECHO_HEAD}transfer-encoding: chunked\r\n\r\n5\r\n{"amo\r\n`);
    const answer = parseAnswer(await closed);
    expect(answer.status).toBe(408);
    expect(answer.body).toEqual(TIMEOUT_ENVELOPE);
  });

  it('is logged as the client’s doing, never as a server error', () => {
    const entries = lines.map((line) => JSON.parse(line) as { level: number; msg: string; reason?: string });
    expect(entries.filter((entry) => entry.level >= 50)).toEqual([]);
    expect(entries.some((entry) => entry.reason === 'ERR_HTTP_REQUEST_TIMEOUT')).toBe(true);
  });
});

describe('a body that stalls after its request was answered', () => {
  it('gets no second answer on that connection, only the close', async () => {
    // Refused from its headers alone (415), before a byte of the body is read.
    const refused = await stall(
      'POST /front/test/echo-json HTTP/1.1\r\nHost: x\r\ncontent-type: text/plain\r\ncontent-length: 100\r\n\r\nabcde',
    );
    const received = await refused.closed;
    expect(received.match(/HTTP\/1\.1 /g)).toHaveLength(1);
    expect(parseAnswer(received).status).toBe(415);
  });
});

describe('headers that never finish', () => {
  it('are cut by their own limit, before a stalled body that started with them', async () => {
    const body = await stall(`${ECHO_HEAD}content-length: 100\r\n\r\n{"amo`);
    const headers = await stall('POST /front/test/echo-json HTTP/1.1\r\nHost: x\r\nlang: en_US\r\n');
    const answer = parseAnswer(await headers.closed);
    expect(answer.status).toBe(408);
    // No request was read, so no language either: the default.
    expect(answer.body).toEqual({ code: 1002, data: null, message: '请求格式错误' });
    // The request limit (1.5 s) is far off: the body's connection is still open.
    expect(body.socket.destroyed).toBe(false);
    expect(parseAnswer(await body.closed).status).toBe(408);
  });

  it('a connection that sends nothing is closed by the headers limit', async () => {
    const silent = await stall('');
    expect(parseAnswer(await silent.closed).status).toBe(408);
  });
});

describe('the production limits', () => {
  it('are 30 s for a whole request and 20 s for its headers', () => {
    expect(REQUEST_TIMEOUTS.requestMs).toBe(30_000);
    expect(toServerTimeoutOptions()).toEqual({
      requestTimeout: 30_000,
      http: { requestTimeout: 30_000, headersTimeout: 20_000, connectionsCheckingInterval: 1_000 },
    });
  });
});

/** The soft limit on open files: 2,000 stalled requests hold 4,000 (both ends live here). */
function openFileLimit(): number {
  const line = readFileSync('/proc/self/limits', 'utf8').match(/^Max open files\s+(\d+|unlimited)/m);
  return line?.[1] === undefined || line[1] === 'unlimited' ? Number.POSITIVE_INFINITY : Number(line[1]);
}

function getHealth(target: number): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const call = request({ port: target, host: '127.0.0.1', path: '/health', agent: false }, (response) => {
      let body = '';
      response.on('data', (data: Buffer) => {
        body += data.toString('utf8');
      });
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    call.on('error', reject);
    call.end();
  });
}

describe('2,000 stalled connections', () => {
  const STALLED = 2_000;
  let crowded: FastifyInstance;
  let crowdedPort: number;
  let seen = 0;
  const sockets: Socket[] = [];
  beforeAll(async () => {
    // The production limits: nothing times out while the test runs.
    crowded = await buildTestApp();
    registerTestRoutes(crowded);
    crowded.addHook('onRequest', async () => {
      seen += 1;
    });
    await crowded.listen({ port: 0, host: '127.0.0.1' });
    crowdedPort = (crowded.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await crowded.close();
  });

  it('leave /health answering', { timeout: 120_000 }, async () => {
    expect(openFileLimit(), 'ulimit -n is too low for this test').toBeGreaterThanOrEqual(2 * STALLED + 500);
    // In batches, so the listen backlog never overflows into SYN retries on a busy machine.
    for (let opened = 0; opened < STALLED; opened += 100) {
      const batch = await Promise.all(
        Array.from({ length: 100 }, () => stall(`${ECHO_HEAD}content-length: 100\r\n\r\n{"amo`, crowdedPort)),
      );
      sockets.push(...batch.map((stalled) => stalled.socket));
    }
    // Every request is in: its headers were read and its body is awaited.
    await expect.poll(() => seen, { timeout: 60_000, interval: 50 }).toBe(STALLED);
    const health = await getHealth(crowdedPort);
    expect(health).toEqual({ status: 200, body: '{"status":"ok"}' });
    expect(sockets.every((socket) => !socket.destroyed)).toBe(true);
  });
});
