import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { findMigrationsFolder } from './migrations-folder';
import * as schema from './schema';

/**
 * One database API over two engines: embedded PGlite (a directory under DATA_DIR, or memory
 * for tests) and a PostgreSQL server (DATABASE_URL). Both are drizzle PgDatabases, so the
 * repositories never know which one they talk to.
 */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
/** What a repository function runs on: the database, or the caller's transaction. */
export type Executor = Database | Transaction;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** Applies the forward-only migrations in apps/server/drizzle that are not applied yet. */
  migrate(): Promise<void>;
  /**
   * LISTEN on a channel (modules/live): `onNotify` gets each payload committed by any
   * connection, this process's or another node's. On a PostgreSQL server it is one dedicated
   * connection per channel, reconnected with backoff when lost; `onResume` runs after each
   * reconnect, since what was notified meanwhile is gone. Returns how to stop listening.
   */
  listen(channel: string, handlers: NotifyHandlers): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export interface NotifyHandlers {
  onNotify(payload: string): void;
  onResume?(): void;
}

/**
 * `dataDir` undefined: an in-memory database (tests, the OpenAPI script). `loadDataDir`: start
 * the in-memory database from a dump (PGlite's dumpDataDir) instead of running initdb, which
 * takes seconds; the tests start every file from one migrated dump.
 */
export async function createPgliteDatabase(
  dataDir?: string,
  options: { loadDataDir?: Blob } = {},
): Promise<DatabaseHandle> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const client = dataDir
    ? await PGlite.create(dataDir)
    : await PGlite.create(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {});
  const db = drizzlePglite({ client, schema });
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder: findMigrationsFolder() }),
    // One connection: a NOTIFY of any statement reaches it once its transaction commits.
    listen: async (channel, handlers) => {
      const unlisten = await client.listen(channel, handlers.onNotify);
      return async () => {
        if (!client.closed) await unlisten();
      };
    },
    close: () => client.close(),
  };
}

export async function createPostgresDatabase(url: string): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle pooled connection that the server drops (a restart, a failover, an admin's
  // termination) is reported as a pool 'error' event; without a listener node-postgres would
  // crash the process. The pool replaces the connection on the next query, so a line is enough.
  pool.on('error', (error) => {
    process.stderr.write(`database: idle connection lost (${error.message}); it will be replaced\n`);
  });
  // Fail at start, with the driver's reason, rather than on the first request.
  const probe = await pool.connect();
  probe.release();
  const db = drizzleNodePg({ client: pool, schema });
  return {
    db,
    kind: 'postgres',
    migrate: () =>
      migrateOneNodeAtATime(pool, () => migrateNodePg(db, { migrationsFolder: findMigrationsFolder() })),
    listen: (channel, handlers) => listenOnOwnConnection(url, channel, handlers),
    close: () => pool.end(),
  };
}

const LISTEN_RETRY_MS = { first: 200, max: 5000 };
const LISTEN_PING_MS = 30_000;

/**
 * A pooled connection cannot LISTEN (the pool hands it to other queries), so each channel has
 * its own client. When it is lost (a server restart, a failover, an admin's termination) it is
 * opened again after 200 ms, doubling up to 5 s, and `onResume` tells the caller to catch up.
 * The first connection must succeed: the start fails with the driver's reason, like the pool's.
 */
async function listenOnOwnConnection(
  url: string,
  channel: string,
  handlers: NotifyHandlers,
): Promise<() => Promise<void>> {
  let client: pg.Client | undefined;
  let stopped = false;
  let retryMs = LISTEN_RETRY_MS.first;
  let retryTimer: NodeJS.Timeout | undefined;

  async function open(): Promise<void> {
    // TCP keepalive, and a query every 30 s below: a connection that died without a word (a
    // NAT's timeout, a failover without a reset) is noticed, not listened to forever.
    const next = new pg.Client({ connectionString: url, keepAlive: true });
    next.on('notification', (message) => {
      if (message.channel === channel && message.payload !== undefined) handlers.onNotify(message.payload);
    });
    next.on('error', (error) => lost(next, error));
    next.on('end', () => lost(next));
    try {
      await next.connect();
      await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      // Connected but LISTEN failed: this client is not kept, so it must not stay open.
      await next.end().catch(() => {});
      throw error;
    }
    if (stopped) {
      await next.end().catch(() => {});
      return;
    }
    client = next;
    retryMs = LISTEN_RETRY_MS.first;
  }

  const ping = setInterval(() => {
    const current = client;
    if (!current) return;
    const timeout = setTimeout(() => lost(current, new Error('no answer to a ping in 10 s')), 10_000);
    current.query('SELECT 1').then(
      () => clearTimeout(timeout),
      (error: Error) => {
        clearTimeout(timeout);
        lost(current, error);
      },
    );
  }, LISTEN_PING_MS);
  ping.unref();

  function lost(which: pg.Client, error?: Error): void {
    if (stopped || client !== which) return;
    client = undefined;
    which.end().catch(() => {});
    process.stderr.write(
      `database: LISTEN ${channel} connection lost (${error?.message ?? 'ended'}); reopening\n`,
    );
    scheduleReopen();
  }

  function scheduleReopen(): void {
    if (stopped || retryTimer) return;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      open().then(
        () => {
          if (!stopped) handlers.onResume?.();
        },
        () => {
          retryMs = Math.min(retryMs * 2, LISTEN_RETRY_MS.max);
          scheduleReopen();
        },
      );
    }, retryMs);
    retryTimer.unref();
  }

  try {
    await open();
  } catch (error) {
    clearInterval(ping);
    throw error;
  }
  return async () => {
    stopped = true;
    clearTimeout(retryTimer);
    clearInterval(ping);
    const last = client;
    client = undefined;
    await last?.end().catch(() => {});
  };
}

/** Any fixed number; only Tollgate's migrations take this advisory lock. */
const MIGRATION_LOCK = 7_104_356_021;

/**
 * Several nodes starting together on one database would each apply the same migrations at
 * once and fail on each other's tables (drizzle's migrator takes no lock). The first holds a
 * session advisory lock while it migrates; the others wait, then find nothing left to apply.
 */
async function migrateOneNodeAtATime(pool: pg.Pool, migrate: () => Promise<void>): Promise<void> {
  const lockHolder = await pool.connect();
  try {
    await lockHolder.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migrate();
  } finally {
    // Dropping the connection releases the lock whatever happened, even mid-query.
    lockHolder.release(true);
  }
}

export function createDatabase(config: { databaseUrl?: string | undefined; dataDir: string }) {
  return config.databaseUrl
    ? createPostgresDatabase(config.databaseUrl)
    : createPgliteDatabase(join(config.dataDir, 'pglite'));
}
