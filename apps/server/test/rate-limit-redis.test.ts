import { randomBytes } from 'node:crypto';
import { createServer, type Server, type Socket, connect as tcpConnect } from 'node:net';
import { ErrorCode } from '@tollgate/contracts';
import Fastify, { type FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { connectRedis } from '../src/lib/redis';
import { StartupError } from '../src/lib/startup-error';
import { buildTestApp } from './helpers/build-test-app';
import { postForm } from './helpers/calls';
import { freePort } from './helpers/free-port';

/**
 * REDIS_URL makes the per-IP limits one count for every node: two app instances (two nodes)
 * share it, keys live under REDIS_KEY_PREFIX, and a Redis that stops answering makes each
 * node count on its own (logged) until it is back. Needs a Redis (CI starts one).
 */
const REDIS_URL = process.env.REDIS_URL;
const apps: FastifyInstance[] = [];
afterAll(async () => {
  await Promise.all(apps.map((app) => app.close()));
});

async function startNode(env: Record<string, string>, logStream?: { write(line: string): void }) {
  const app = await buildTestApp({
    env: { LOGIN_RATE_LIMIT: '3', ...env },
    ...(logStream ? { logStream } : {}),
  });
  apps.push(app);
  return app;
}

/** One rate-limited call (a login that fails validation: counted, and cheap); its envelope code. */
async function callLimited(app: FastifyInstance, ip: string): Promise<number> {
  return (await postForm(app, '/login', { email: 'nobody@example.com' }, { ip })).json().code;
}

/** Fastify's no-op logger (logging off). */
const silentLog = Fastify().log;

function uniquePrefix(): string {
  return `tollgate-test-${randomBytes(6).toString('hex')}:`;
}

// Each node is a whole app on its own fresh database: slow to build on a busy machine.
describe.skipIf(!REDIS_URL)('rate limits shared through Redis', { timeout: 120_000 }, () => {
  it('holds one per-IP limit across two nodes', async () => {
    const env = { REDIS_URL: REDIS_URL ?? '', REDIS_KEY_PREFIX: uniquePrefix() };
    const [a, b] = [await startNode(env), await startNode(env)];
    const codes = [];
    for (const node of [a, b, a, b]) codes.push(await callLimited(node, '10.1.0.1'));
    expect(codes.slice(0, 3)).not.toContain(ErrorCode.TOO_MANY_REQUESTS);
    expect(codes[3]).toBe(ErrorCode.TOO_MANY_REQUESTS);
    // Another IP has its own count.
    expect(await callLimited(b, '10.1.0.2')).not.toBe(ErrorCode.TOO_MANY_REQUESTS);
  });

  it('keeps its keys under REDIS_KEY_PREFIX', async () => {
    const prefix = uniquePrefix();
    const node = await startNode({ REDIS_URL: REDIS_URL ?? '', REDIS_KEY_PREFIX: prefix });
    await callLimited(node, '10.1.0.3');
    const redis = new Redis(REDIS_URL ?? '');
    try {
      const keys = await redis.keys(`${prefix}*`);
      expect(keys).toHaveLength(1);
      expect(keys[0]).toMatch(new RegExp(`^${prefix}rate-limit:.*/front/login-10\\.1\\.0\\.3$`));
      // A fixed window: the key goes away with it.
      expect(await redis.pttl(keys[0] ?? '')).toBeGreaterThan(50_000);
    } finally {
      redis.disconnect();
    }
  });

  it('stops the start with a plain reason when Redis cannot be reached', async () => {
    const closedPort = await freePort();
    const failure = connectRedis(`redis://127.0.0.1:${closedPort}`, silentLog);
    await expect(failure).rejects.toBeInstanceOf(StartupError);
    await expect(failure).rejects.toThrow(
      new RegExp(`^Cannot reach Redis at REDIS_URL: connect ECONNREFUSED 127\\.0\\.0\\.1:${closedPort}$`),
    );
  });

  it('counts per node while Redis is away, logs it, and shares again once it is back', async () => {
    const proxy = await startRedisProxy(new URL(REDIS_URL ?? ''));
    const lines: string[] = [];
    const logStream = { write: (line: string) => void lines.push(line) };
    const prefix = uniquePrefix();
    const node = await startNode(
      { REDIS_URL: proxy.url, REDIS_KEY_PREFIX: prefix, LOG_LEVEL: 'info' },
      logStream,
    );

    await proxy.cut();
    await waitFor(() => lines.some((line) => line.includes('Redis is unreachable')));
    const codes = [];
    for (let i = 0; i < 4; i++) codes.push(await callLimited(node, '10.1.0.5'));
    expect(codes.slice(0, 3)).not.toContain(ErrorCode.TOO_MANY_REQUESTS);
    expect(codes[3]).toBe(ErrorCode.TOO_MANY_REQUESTS);
    expect(lines.filter((line) => line.includes('rate limits count per node meanwhile'))).toHaveLength(1);

    await proxy.resume();
    await waitFor(() => lines.some((line) => line.includes('Redis is reachable again')));
    await callLimited(node, '10.1.0.6');
    const redis = new Redis(REDIS_URL ?? '');
    try {
      expect(await redis.keys(`${prefix}*10.1.0.6`)).toHaveLength(1);
    } finally {
      redis.disconnect();
      await proxy.cut();
    }
  });
});

async function waitFor(condition: () => boolean, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** A TCP relay to the real Redis that the test can cut (Redis "down") and restore on the same port. */
async function startRedisProxy(target: URL) {
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  const port = await freePort();
  const listen = () =>
    new Promise<void>((resolve) => {
      server = createServer((client) => {
        const upstream = tcpConnect(Number(target.port || 6379), target.hostname);
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on('error', () => socket.destroy());
          socket.on('close', () => {
            client.destroy();
            upstream.destroy();
          });
        }
        client.pipe(upstream).pipe(client);
      });
      server.listen(port, '127.0.0.1', resolve);
    });
  await listen();
  const url = new URL(target.toString());
  url.host = `127.0.0.1:${port}`;
  return {
    url: url.toString(),
    cut: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        sockets.clear();
        if (server?.listening) server.close(() => resolve());
        else resolve();
      }),
    resume: listen,
  };
}
