import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ErrorCode } from '@tollgate/contracts';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  callNode,
  type ServerNode,
  spawnServerNode,
  startServerNode,
  stopServerNode,
} from './helpers/server-nodes';
import { startSmtpReceiver } from './helpers/smtp-receiver';

/**
 * Three server processes on one fresh PostgreSQL database and one Redis, started together
 * (as a rolling deploy would), called round-robin: the per-IP limit is one limit, a session
 * lives on every node, and every queued mail leaves exactly once. Project `postgres` only,
 * and it needs REDIS_URL (.ci/run starts Redis).
 */
const ADMIN_URL = process.env.TEST_DATABASE_URL;
const REDIS_URL = process.env.REDIS_URL;
const DEMO = { email: 'demo@tollgate.dev', password: 'Tollgate2026' };

let nodes: ServerNode[] = [];
let nodeEnv: Record<string, string>;
let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;
const dataDir = mkdtempSync(join(tmpdir(), 'tollgate-nodes-'));
const databaseName = `tollgate_nodes_${process.pid}_${randomBytes(4).toString('hex')}`;

async function runAdminQuery(sql: string, params: unknown[] = []) {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    return await client.query(sql, params);
  } finally {
    await client.end();
  }
}

function databaseUrl(): string {
  const url = new URL(ADMIN_URL ?? '');
  url.pathname = `/${databaseName}`;
  return url.toString();
}

/** The i-th call goes to node i mod 3. */
const nodeFor = (i: number) => nodes[i % nodes.length] as ServerNode;

describe.skipIf(!ADMIN_URL || !REDIS_URL)('three nodes on one PostgreSQL', { timeout: 60_000 }, () => {
  beforeAll(async () => {
    smtp = await startSmtpReceiver();
    await runAdminQuery(`CREATE DATABASE "${databaseName}"`);
    const env = {
      DATABASE_URL: databaseUrl(),
      REDIS_URL: REDIS_URL ?? '',
      // This run's own keys: other runs on the same Redis keep their counts.
      REDIS_KEY_PREFIX: `tollgate-test-${randomBytes(6).toString('hex')}:`,
      SECRET_KEY: randomBytes(32).toString('base64'),
      SEED_DEMO: '1',
      LOGIN_RATE_LIMIT: '5',
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Tollgate Test <no-reply@test.tollgate>',
      LOG_LEVEL: 'warn',
      DATA_DIR: dataDir,
      WEB_DIST_DIR: join(dataDir, 'no-web'),
    };
    nodeEnv = env;
    // All three at once, on an empty database: they race to migrate and seed it.
    nodes = await Promise.all([startServerNode(env), startServerNode(env), startServerNode(env)]);
  }, 180_000);

  afterAll(async () => {
    const exitCodes = await Promise.all(nodes.map(stopServerNode));
    await smtp?.close();
    await runAdminQuery(`DROP DATABASE IF EXISTS "${databaseName}" WITH (FORCE)`);
    rmSync(dataDir, { recursive: true, force: true });
    expect(exitCodes).toEqual(nodes.map(() => 0));
  }, 60_000);

  it('starts all three at once on the same fresh database, migrated and seeded once', async () => {
    const [merchants, migrations] = await Promise.all([
      queryNodesDatabase('SELECT count(*)::int AS n FROM merchants WHERE email = $1', [DEMO.email]),
      queryNodesDatabase(
        'SELECT count(*)::int AS n, count(DISTINCT hash)::int AS distinct FROM drizzle.__drizzle_migrations',
      ),
    ]);
    expect(merchants.rows).toEqual([{ n: 1 }]);
    expect(migrations.rows[0].n).toBe(migrations.rows[0].distinct);
    for (const node of nodes) {
      expect((await callNode(node, 'GET', '/front/config/coinList')).body.code).toBe(0);
    }
  });

  it('keeps a session made on one node on every node, and a logout on one ends it on all', async () => {
    const login = await callNode(nodeFor(0), 'POST', '/front/login', { form: DEMO });
    expect(login.body.code).toBe(0);
    const token = login.body.data.token as string;
    for (const node of nodes) {
      const info = await callNode(node, 'GET', '/front/merchant/info', { token });
      expect(info.body.code).toBe(0);
      expect(info.body.data.email).toBe(DEMO.email);
    }
    expect((await callNode(nodeFor(1), 'POST', '/front/admin/login-out', { token })).body.code).toBe(0);
    for (const node of nodes) {
      const after = await callNode(node, 'GET', '/front/merchant/info', { token });
      expect(after.status).toBe(401);
      expect(after.body.code).toBe(ErrorCode.TOKEN_EXPIRED);
    }
  });

  it('sends each queued mail exactly once', async () => {
    // Codes asked at the same moment through every node, each from its own client address
    // (the per-IP limit is 5): the three workers race for the jobs.
    const emails = Array.from(
      { length: 9 },
      (_, i) => `node-mail-${i}-${randomBytes(3).toString('hex')}@example.com`,
    );
    const answers = await Promise.all([
      callNode(nodeFor(0), 'POST', '/front/login/sendEmailCode', { form: { email: DEMO.email } }),
      ...emails.map((email, i) =>
        callNode(nodeFor(i + 1), 'POST', '/front/reg/mail/code', {
          form: { email },
          localAddress: `127.0.1.${i + 1}`,
        }),
      ),
    ]);
    expect(answers.map((answer) => answer.body.code)).toEqual(answers.map(() => 0));

    const recipients = [DEMO.email, ...emails];
    await smtp.waitForCount(recipients.length);
    await waitForAllJobsDone(recipients.length);
    // Every job was claimed once (attempts = 1) and is done: no other send can still come.
    const jobs = await queryNodesDatabase('SELECT attempts, done_at IS NOT NULL AS done FROM jobs');
    expect(jobs.rows).toEqual(recipients.map(() => ({ attempts: 1, done: true })));
    const received = smtp.received.flatMap((mail) => mail.to).sort();
    expect(received).toEqual([...recipients].sort());
  });

  it('does not start a fourth node whose Redis cannot be reached, and says why in one line', async () => {
    const closed = await spawnServerNode({ ...nodeEnv, REDIS_URL: 'redis://127.0.0.1:1' });
    expect(await closed.exited).toBe(1);
    expect(closed.output.stderr.trim()).toBe(
      'Cannot reach Redis at REDIS_URL: connect ECONNREFUSED 127.0.0.1:1',
    );
  });

  it('holds one per-IP limit across the three nodes', async () => {
    // A client address of its own, so the calls above do not count here.
    const codes: number[] = [];
    for (let i = 0; i < 6; i++) {
      const answer = await callNode(nodeFor(i), 'POST', '/front/login', {
        form: { email: 'nobody@example.com', password: 'Wrong-password-1' },
        localAddress: '127.0.2.1',
      });
      codes.push(answer.body.code);
      if (i === 5) expect(answer.status).toBe(429);
    }
    expect(codes.slice(0, 5)).not.toContain(ErrorCode.TOO_MANY_REQUESTS);
    expect(codes[5]).toBe(ErrorCode.TOO_MANY_REQUESTS);
  });
});

async function queryNodesDatabase(sql: string, params: unknown[] = []) {
  const client = new pg.Client({ connectionString: databaseUrl() });
  await client.connect();
  try {
    return await client.query(sql, params);
  } finally {
    await client.end();
  }
}

async function waitForAllJobsDone(count: number, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { rows } = await queryNodesDatabase(
      'SELECT count(*)::int AS n FROM jobs WHERE done_at IS NOT NULL',
    );
    if (rows[0].n >= count) return;
    if (Date.now() > deadline) throw new Error(`only ${rows[0].n} of ${count} jobs done in time`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
