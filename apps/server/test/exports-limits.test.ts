/**
 * Exports (issue 9), what a merchant cannot overdo and what cannot break the server:
 * POST /front/export is rate limited per merchant (EXPORT_RATE_LIMIT, 10 a minute by default);
 * a merchant with EXPORT_MAX_ACTIVE_JOBS (2) exports queued or running gets a localized 429 for
 * a third; an export id that is not a UUID is a 1001 (never PostgreSQL's 22P02 as a 500); a job
 * whose file cannot be written fails as that job's failure (no unhandled rejection), to be retried.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportJobs, orders } from '../src/db/schema';
import { enqueueJob } from '../src/jobs/queue';
import { insertExportJob, updateExportJob } from '../src/modules/exports/export.repository';
import { EXPORT_RUN_JOB } from '../src/modules/exports/export.service';
import { buildTestApp, createTestClock } from './helpers/build-test-app';
import { getAs, postJson } from './helpers/calls';
import { createMerchant, logInAs } from './helpers/factories';
import { createTestApplication } from './helpers/order-fixtures';

const clock = createTestClock(new Date('2026-11-26T02:30:00.000Z'));
let app: FastifyInstance;
let dataDir: string;

/** A merchant with `count` collection orders, logged in. */
async function merchantWithOrders(count: number) {
  const merchant = await createMerchant(app);
  const token = await logInAs(app, merchant);
  const shop = await createTestApplication(app, merchant.id);
  if (count === 0) return { merchant, token };
  await app.db.insert(orders).values(
    Array.from({ length: count }, (_, i) => ({
      orderNo: `T${randomBytes(10).toString('hex')}`,
      type: 'collection' as const,
      merchantId: merchant.id,
      applicationId: shop.id,
      merchantOrderNo: randomBytes(8).toString('hex'),
      currency: 'USDT',
      network: 'TRON',
      amount: `${i + 1}`,
      fee: '0',
      status: 'pending' as const,
      test: true,
      requestHash: randomBytes(16).toString('hex'),
      createdAt: new Date(clock.now().getTime() - i * 60_000),
      expiresAt: new Date(clock.now().getTime() + 3_600_000),
    })),
  );
  return { merchant, token };
}

const exportAs = (token: string, body: unknown, lang = 'en_US') =>
  postJson(app, '/export', body, { token, lang });

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'tollgate-exports-limits-'));
  // One row is answered as the file, two make a job; the rate limit is the default (10 a minute).
  app = await buildTestApp({ now: clock.now, env: { DATA_DIR: dataDir, EXPORT_DIRECT_MAX_ROWS: '1' } });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('export ids', () => {
  it('an id that is not a UUID is a validation error (1001), on the status and the download', async () => {
    const { token } = await merchantWithOrders(0);
    for (const id of [
      'x',
      '------------------------------------',
      '0000000000000000000000000000000000-0',
      '00000000-0000-4000-8000-00000000000g',
      '00000000-0000-4000-8000-0000000000000',
    ]) {
      for (const path of ['/export/status', '/export/download']) {
        const response = await getAs(app, `${path}?exportId=${encodeURIComponent(id)}`, {
          token,
          lang: 'en_US',
        });
        expect(response.statusCode, `${path} ${id}`).toBe(400);
        expect(response.json()).toMatchObject({ code: 1001, message: expect.stringMatching(/export ID/) });
      }
    }
    // Upper case is a UUID too (PostgreSQL reads it): an unknown one is a 404, not a 500.
    const upper = await getAs(app, '/export/status?exportId=ABCDEF00-0000-4000-8000-000000000000', { token });
    expect(upper.statusCode).toBe(404);
  });
});

/** An export_jobs row as POST /front/export writes it; with its queue job when `enqueue`. */
async function addExportJob(merchantId: number, status: 'queued' | 'running' | 'done', enqueue = false) {
  const id = randomUUID();
  await app.db.transaction(async (tx) => {
    await insertExportJob(tx, {
      id,
      merchantId,
      kind: 'collection',
      format: 'csv',
      filters: {},
      language: 'en_US',
      timeZone: 'Asia/Shanghai',
      fileName: 'collection-records.csv',
      status,
      createdAt: clock.now(),
    });
    if (enqueue) await enqueueJob(tx, EXPORT_RUN_JOB, { exportId: id }, clock.now());
  });
  return id;
}

describe('at most two exports queued or running per merchant', () => {
  it('refuses a third with a localized 429 until one is done; other merchants are not held', async () => {
    const { merchant, token } = await merchantWithOrders(3);
    await addExportJob(merchant.id, 'done');
    const queued = await addExportJob(merchant.id, 'queued');
    await addExportJob(merchant.id, 'running');

    const third = await exportAs(token, { kind: 'collection', format: 'csv' }, 'zh_CN');
    expect(third.statusCode).toBe(429);
    expect(third.json()).toMatchObject({
      code: 429,
      message: '已有 2 个导出任务正在处理，请等待其中一个完成后再导出',
    });
    const english = await exportAs(token, { kind: 'collection', format: 'csv' });
    expect(english.json().message).toMatch(/Two exports are already being prepared/);
    expect(await app.db.$count(exportJobs, eq(exportJobs.merchantId, merchant.id))).toBe(3);
    // A file answered directly (one row) is no job: still allowed.
    const direct = await exportAs(token, {
      kind: 'collection',
      format: 'csv',
      filters: { amountMin: '3', amountMax: '3' },
    });
    expect(direct.statusCode).toBe(200);
    expect(direct.headers['content-type']).toMatch(/text\/csv/);

    const { token: other } = await merchantWithOrders(2);
    expect((await exportAs(other, { kind: 'collection', format: 'csv' })).json().data.exportId).toEqual(
      expect.any(String),
    );

    await updateExportJob(app.db, queued, { status: 'failed' });
    const again = await exportAs(token, { kind: 'collection', format: 'csv' });
    expect(again.statusCode).toBe(200);
    expect(again.json().data.exportId).toEqual(expect.any(String));
    await app.jobs.drain();
  });
});

describe('rate limit', () => {
  it('ten exports a minute per merchant, then a localized 429; another merchant is counted apart', async () => {
    const { token } = await merchantWithOrders(1);
    for (let i = 0; i < 10; i++) {
      const response = await exportAs(token, { kind: 'collection', format: 'csv' });
      expect(response.statusCode, `call ${i + 1}`).toBe(200);
    }
    const limited = await exportAs(token, { kind: 'collection', format: 'csv' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 429, message: 'Too many requests, please try again later' });
    const { token: other } = await merchantWithOrders(1);
    expect((await exportAs(other, { kind: 'collection', format: 'csv' })).statusCode).toBe(200);
  });
});

describe('a job whose file cannot be written', () => {
  it('fails as that run (retried later), with no unhandled rejection and no file left', async () => {
    const { merchant } = await merchantWithOrders(3);
    const exportId = randomUUID();
    // The job's `.part` path is taken by a directory: opening the file fails (EISDIR).
    const part = join(dataDir, 'exports', `${exportId}.csv.part`);
    await mkdir(part, { recursive: true });
    await app.db.transaction(async (tx) => {
      await insertExportJob(tx, {
        id: exportId,
        merchantId: merchant.id,
        kind: 'collection',
        format: 'csv',
        filters: {},
        language: 'en_US',
        timeZone: 'Asia/Shanghai',
        fileName: 'collection-records.csv',
        createdAt: clock.now(),
      });
      await enqueueJob(tx, EXPORT_RUN_JOB, { exportId }, clock.now());
    });
    await app.jobs.drain();
    const [row] = await app.db.select().from(exportJobs).where(eq(exportJobs.id, exportId));
    expect(row).toMatchObject({ status: 'queued', error: expect.stringMatching(/EISDIR/) });
    expect(existsSync(join(dataDir, 'exports', `${exportId}.csv`))).toBe(false);
  });
});
