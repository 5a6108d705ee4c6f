/**
 * Exports (issue 9): on PostgreSQL a CSV is PostgreSQL's own COPY with the cells formatted in
 * SQL (export-copy.ts). The keyset writer is the reference: for the same rows, in every
 * language and in zones with half hours and daylight saving, both give the same bytes. On
 * PGlite (no COPY stream) the writer is the only path, and the file is checked to be the writer's.
 */
import { randomBytes } from 'node:crypto';
import { PassThrough } from 'node:stream';
import { LANGUAGES } from '@tollgate/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import JSZip from 'jszip';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_EXCEPTIONS, ORDER_STATUSES, orders } from '../src/db/schema';
import { openExport } from '../src/modules/exports/export.service';
import { copyCsv, copyPoolOf } from '../src/modules/exports/export-copy';
import { buildTestApp, createTestClock } from './helpers/build-test-app';
import { createMerchant } from './helpers/factories';
import { createTestApplication } from './helpers/order-fixtures';

const clock = createTestClock(new Date('2026-11-26T02:30:00.000Z'));
let app: FastifyInstance;
let merchantId: number;

const AWKWARD = [
  '=HYPERLINK("http://evil")',
  '-2+3',
  '-5',
  '-5.25',
  '+',
  '@SUM(A1)',
  '\tTAB',
  '\rCR',
  'a,b "c"',
  'line\nbreak',
  'crlf\r\ninside',
  '"',
  '',
  '訂單-越南 đơn',
  'Shop;=1+1;',
  'a,-b\t@c\n+d',
];

beforeAll(async () => {
  app = await buildTestApp({ now: clock.now });
  await app.ready();
  const merchant = await createMerchant(app);
  merchantId = merchant.id;
  const shop = await createTestApplication(app, merchant.id, { name: '=shop, "quoted";=1+1;' });
  const base = Date.parse('2026-03-08T06:59:59.999Z'); // New York's clocks go forward at 07:00Z
  await app.db.insert(orders).values(
    Array.from({ length: 60 }, (_, i) => ({
      orderNo: `T${randomBytes(10).toString('hex')}`,
      type: (i % 5 === 4 ? 'payout' : 'collection') as 'collection' | 'payout',
      merchantId: merchant.id,
      applicationId: shop.id,
      merchantOrderNo: `${AWKWARD[i % AWKWARD.length]}${i < AWKWARD.length ? '' : i}`,
      currency: 'USDT',
      network: i % 7 === 0 ? null : 'TRON',
      amount: ['0.000000000000000001', '12345678901234567890.123456789012345678', '100', '7.50'][
        i % 4
      ] as string,
      paidAmount: i % 3 === 0 ? '1.100000' : '0',
      fee: '0.25',
      status: ORDER_STATUSES[i % ORDER_STATUSES.length] as (typeof ORDER_STATUSES)[number],
      exception:
        i % 4 === 0
          ? null
          : (ORDER_EXCEPTIONS[i % ORDER_EXCEPTIONS.length] as (typeof ORDER_EXCEPTIONS)[number]),
      payAddress: i % 2 === 0 ? `T${randomBytes(16).toString('hex')}` : null,
      txHash: i % 3 === 0 ? `0x${randomBytes(8).toString('hex')}` : null,
      test: i % 2 === 0,
      requestHash: randomBytes(16).toString('hex'),
      // Minutes apart around a DST change, some sharing a time; microseconds kept.
      createdAt: new Date(base + Math.floor(i / 2) * 997_123),
      arrivedAt: i % 3 === 0 ? new Date(base + i * 1_800_000) : null,
      completedAt: i % 6 === 0 ? new Date(base + i * 3_600_000 + 999) : null,
      // Never due: the watcher would expire a pending row between the two files of a comparison.
      expiresAt: new Date(clock.now().getTime() + 30 * 86_400_000),
    })),
  );
});

afterAll(async () => {
  await app?.close();
});

async function fileOf(
  kind: 'collection' | 'payout',
  lang: (typeof LANGUAGES)[number],
  timeZone: string,
  copy: boolean,
  format: 'csv' | 'xlsx' = 'csv',
) {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  const file = openExport(app, merchantId, { kind, format, filters: {}, lang, timeZone }, { copy });
  const rows = await file.write({ out });
  return { rows, bytes: Buffer.concat(chunks) };
}

describe('CSV through COPY and through the keyset writer', () => {
  it('the same bytes for the same rows, in every language and zone', async () => {
    const hasCopy = copyPoolOf(app.db) !== undefined;
    // The COPY path runs on the PostgreSQL project: this test is not the writer against itself there.
    expect(hasCopy).toBe(process.env.TOLLGATE_TEST_DB === 'postgres');
    for (const kind of ['collection', 'payout'] as const) {
      for (const lang of LANGUAGES) {
        for (const timeZone of ['Asia/Shanghai', 'America/New_York', 'Asia/Kolkata', 'Australia/Lord_Howe']) {
          const reference = await fileOf(kind, lang, timeZone, false);
          expect(reference.rows).toBe(kind === 'payout' ? 12 : 48);
          const file = await fileOf(kind, lang, timeZone, true);
          expect(file.rows).toBe(reference.rows);
          expect(
            file.bytes.toString('utf8'),
            `${kind} ${lang} ${timeZone} (${hasCopy ? 'COPY' : 'writer'})`,
          ).toBe(reference.bytes.toString('utf8'));
        }
      }
    }
    // The awkward cells are in the file, quoted and neutralized as the writer does.
    const { bytes } = await fileOf('collection', 'en_US', 'Asia/Shanghai', true);
    const text = bytes.toString('utf8');
    expect(text).toContain(`"'=HYPERLINK(""http://evil"")"`);
    expect(text).toContain('"line\nbreak');
    expect(text).toContain(",'\tTAB");
    // After a separator too (Excel in de-DE or fr-FR splits the line at each ;).
    expect(text).toContain(",Shop;'=1+1;");
    expect(text).toContain(`"a,'-b\t'@c\n'+d"`);
    expect(text).toContain(`"'=shop, ""quoted"";'=1+1;"`);
  });
});

describe('XLSX from the COPY select and through the keyset writer', () => {
  it('the same sheet for the same rows, in every language and zone', async () => {
    const hasCopy = copyPoolOf(app.db) !== undefined;
    const sheetOf = async (bytes: Buffer) =>
      (await JSZip.loadAsync(bytes)).file('xl/worksheets/sheet1.xml')?.async('string');
    for (const kind of ['collection', 'payout'] as const) {
      for (const lang of LANGUAGES) {
        for (const timeZone of ['Asia/Shanghai', 'America/New_York', 'Asia/Kolkata', 'Australia/Lord_Howe']) {
          const reference = await fileOf(kind, lang, timeZone, false, 'xlsx');
          const file = await fileOf(kind, lang, timeZone, true, 'xlsx');
          expect(file.rows).toBe(reference.rows);
          const sheet = await sheetOf(file.bytes);
          expect(sheet, `${kind} ${lang} ${timeZone} (${hasCopy ? 'COPY' : 'writer'})`).toBe(
            await sheetOf(reference.bytes),
          );
        }
      }
    }
    const { bytes } = await fileOf('collection', 'en_US', 'Asia/Shanghai', true, 'xlsx');
    const sheet = await sheetOf(bytes);
    expect(sheet).toContain('<v>&apos;=HYPERLINK(&quot;http://evil&quot;)</v>');
    expect(sheet).toContain('<v>Shop;&apos;=1+1;');
  });
});

describe.runIf(process.env.TOLLGATE_TEST_DB === 'postgres')('the COPY’s connection', () => {
  it('plans without parallel workers, goes back to the pool with the server’s own planning, and is closed when the COPY fails or is aborted', async () => {
    const shared = copyPoolOf(app.db) as pg.Pool;
    // One connection: the calls after the COPY get the COPY’s own when it was given back.
    const pool = new pg.Pool({ ...shared.options, max: 1 });
    const session = async () =>
      (
        await pool.query(
          "select pg_backend_pid() as pid, current_setting('max_parallel_workers_per_gather') as workers",
        )
      ).rows[0] as { pid: number; workers: string };
    const copyOf = async (select: ReturnType<typeof sql>) => {
      const out = new PassThrough();
      const chunks: Buffer[] = [];
      out.on('data', (chunk: Buffer) => chunks.push(chunk));
      const rows = await copyCsv({ pool, select, headerLine: 'h\r\n', out });
      return { rows, text: Buffer.concat(chunks).toString('utf8') };
    };
    try {
      const before = await session();
      expect(before.workers).not.toBe('0');
      expect(await copyOf(sql`select current_setting('max_parallel_workers_per_gather')`)).toEqual({
        rows: 1,
        text: 'h\r\n0\r\n',
      });
      // Given back (the same backend), its transaction ended (the server's own setting again).
      expect(await session()).toEqual(before);

      // A COPY that fails part way: its connection is closed, not given back mid-COPY.
      await expect(copyOf(sql`select (10 / (3 - g))::text from generate_series(1, 5) g`)).rejects.toThrow(
        /division by zero/,
      );
      const afterFailure = await session();
      expect(afterFailure.pid).not.toBe(before.pid);
      expect(afterFailure.workers).toBe(before.workers);

      // A client that goes away while rows are still coming: the same.
      const controller = new AbortController();
      const out = new PassThrough();
      out.once('data', () => controller.abort());
      out.resume();
      await expect(
        copyCsv({
          pool,
          select: sql`select g::text from generate_series(1, 5000000) g`,
          headerLine: 'h\r\n',
          out,
          signal: controller.signal,
        }),
      ).rejects.toThrow(/client went away/);
      const afterAbort = await session();
      expect(afterAbort.pid).not.toBe(afterFailure.pid);
      expect(afterAbort.workers).toBe(before.workers);
    } finally {
      await pool.end();
    }
  });
});
