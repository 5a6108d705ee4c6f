/**
 * Live events across nodes (PostgreSQL only; PGlite is one process's): two app instances on one
 * database, an event committed through A reaches a stream on B through LISTEN/NOTIFY; B's LISTEN
 * connection killed by the server, an event committed while it is down still reaches the stream
 * once it is back (caught up from merchant_events).
 */
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase } from '../src/db/client';
import { createCollectionOrder } from '../src/modules/orders/order.service';
import { buildTestApp } from './helpers/build-test-app';
import { createMerchant, logInAs } from './helpers/factories';
import { createTestApplication } from './helpers/order-fixtures';
import { openSse, type SseFrame } from './helpers/sse-client';
import { isPostgresRun } from './helpers/test-database';

const ADMIN_URL = process.env.TEST_DATABASE_URL;

async function admin(sql: string, params: unknown[] = [], url = ADMIN_URL) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query(sql, params);
  } finally {
    await client.end();
  }
}

describe.runIf(isPostgresRun() && ADMIN_URL)(
  'live events on two nodes (PostgreSQL)',
  { timeout: 120_000 },
  () => {
    const name = `tollgate_live_${process.pid}_${randomBytes(4).toString('hex')}`;
    let url: string;
    let nodeA: FastifyInstance;
    let nodeB: FastifyInstance;
    let baseB: string;

    beforeAll(async () => {
      await admin(`CREATE DATABASE "${name}"`);
      const parsed = new URL(ADMIN_URL as string);
      parsed.pathname = `/${name}`;
      url = parsed.toString();
      const env = { DEVNET_BLOCK_MS: '3600000', DATABASE_URL: url };
      nodeA = await buildTestApp({ env, database: await createPostgresDatabase(url) });
      nodeB = await buildTestApp({ env, database: await createPostgresDatabase(url) });
      await nodeB.listen({ port: 0, host: '127.0.0.1' });
      baseB = `http://127.0.0.1:${(nodeB.server.address() as AddressInfo).port}`;
    });
    afterAll(async () => {
      await nodeA?.close();
      await nodeB?.close();
      await admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    });

    it('an order written through node A reaches a stream on node B, also after B lost its LISTEN connection', async () => {
      const row = await createMerchant(nodeA);
      const token = await logInAs(nodeA, row);
      const shop = await createTestApplication(nodeA, row.id);
      const create = (n: string) =>
        createCollectionOrder(
          { db: nodeA.db, now: nodeA.now, chains: nodeA.chains },
          { application: shop, input: { merchantOrderNo: n, currency: 'USDT', amount: '30' }, source: 'api' },
        );
      const stream = await openSse(`${baseB}/front/events`, { cookie: `token=${token}` });
      expect(stream.response.statusCode).toBe(200);
      const about = (orderNo: string) => (f: SseFrame) =>
        f.event === 'order' && Boolean(f.data?.includes(orderNo));

      const first = await create('nodes-1');
      await stream.next(about(first.orderNo));

      // The server ends B's LISTEN connection (an admin's termination, a failover)…
      const killed = await admin(
        `SELECT pg_terminate_backend(pid) AS done FROM pg_stat_activity
        WHERE datname = $1 AND query ILIKE 'LISTEN%'`,
        [name],
      );
      expect(killed.rows.length).toBeGreaterThan(0);
      // …and an order is committed through A before B is listening again: B reads it from the table.
      const second = await create('nodes-2');
      await stream.next(about(second.orderNo));
      const third = await create('nodes-3');
      await stream.next(about(third.orderNo));
      stream.close();
    });
  },
);
