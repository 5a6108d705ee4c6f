import { randomUUID } from 'node:crypto';
import type { Writable } from 'node:stream';
import {
  BASE_PATH,
  ENDPOINT_ROUTES,
  ErrorCode,
  EXPORT_MAX_ACTIVE_JOBS,
  type ExportFormat,
  type ExportKind,
  type ExportRequest,
  type ExportStatusResult,
  type Language,
  XLSX_CONTENT_TYPE,
} from '@tollgate/contracts';
import type { Database } from '../../db/client';
import { enqueueJob } from '../../jobs/queue';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../types';
import { countActiveExportJobs, findOwnExportJob, insertExportJob } from './export.repository';
import { createDateFormatter } from './export-cells';
import { copyCsv, copyPoolOf, copyXlsx } from './export-copy';
import { exportFileName } from './export-files';
import { exportLabels } from './export-labels';
import { EXPORT_SOURCES, type ExportSource } from './export-sources';
import { csvHeaderLine, writeExport } from './export-writer';

/**
 * POST /front/export and GET /front/export/status. Rules, in order:
 * 1. the kind must be one this server writes (every kind of the contracts is; 3401 otherwise);
 * 2. the rows are counted, no further than the direct limit + 1 (cheap at any size);
 * 3. up to the limit, the file is written into the answer as it is read;
 * 4. beyond it, unless the merchant already has EXPORT_MAX_ACTIVE_JOBS exports queued or
 *    running (429, exportJobsBusy), an export_jobs row and its queue job are written in one
 *    transaction (outbox), the worker woken, and `{ exportId }` answered.
 */
export const EXPORT_RUN_JOB = 'export.run';
export const EXPORT_EXPIRE_JOB = 'export.expire';
export const EXPORT_KEEP_MS = 24 * 60 * 60_000;
export const DEFAULT_EXPORT_TIME_ZONE = 'Asia/Shanghai';

export interface ExportDeps {
  db: Database;
  now: Clock;
  dataDir: string;
  directMaxRows: number;
  wakeJobs(): void;
}

export interface ExportPlan {
  kind: ExportKind;
  format: ExportFormat;
  filters: unknown;
  lang: Language;
  timeZone: string;
}

/** A kind this server writes: every kind of the contracts has its registry entry (export-sources.ts). */
export function isExportKind(kind: string): kind is ExportKind {
  return Object.hasOwn(EXPORT_SOURCES, kind);
}

export function sourceOf(kind: ExportKind): ExportSource<unknown> {
  return EXPORT_SOURCES[kind] as ExportSource<unknown>;
}

export function contentTypeOf(format: ExportFormat): string {
  return format === 'csv' ? 'text/csv; charset=utf-8' : XLSX_CONTENT_TYPE;
}

export interface ExportFileWrite {
  out: Writable;
  signal?: AbortSignal;
  onProgress?: (rows: number) => Promise<void> | void;
}

/**
 * The file's name, ready to be written (by the answer or by the job): `write` streams it into
 * `out` and resolves with the rows. On a PostgreSQL server, a kind with a copy select is
 * PostgreSQL's own COPY for CSV, and that select's rows from a cursor for XLSX (export-copy.ts);
 * anything else is the keyset writer.
 */
export function openExport(
  deps: Pick<ExportDeps, 'db' | 'now'>,
  merchantId: number,
  plan: ExportPlan,
  options: { copy?: boolean } = {},
) {
  const source = sourceOf(plan.kind);
  const labels = exportLabels(plan.lang);
  const date = createDateFormatter(plan.timeZone);
  const headers = source.headers(labels);
  const pool = options.copy === false ? undefined : copyPoolOf(deps.db);
  const select =
    pool && source.copySelect
      ? source.copySelect(deps.db, merchantId, plan.filters, { labels, timeZone: plan.timeZone })
      : undefined;
  return {
    fileName: exportFileName(plan.kind, plan.format, plan.lang, date(deps.now())),
    asciiName: exportFileName(plan.kind, plan.format, 'en_US', date(deps.now())),
    write({ out, signal, onProgress }: ExportFileWrite): Promise<number> {
      if (pool && select) {
        return plan.format === 'csv'
          ? copyCsv({ pool, select, headerLine: csvHeaderLine(headers), out, signal, onProgress })
          : copyXlsx({ pool, select, headers, out, signal, onProgress });
      }
      return writeExport({
        format: plan.format,
        headers,
        batches: source.batches(deps.db, merchantId, plan.filters, { labels, date }),
        out,
        signal,
        onProgress,
      });
    },
  };
}

export type ExportStart =
  | { direct: true; plan: ExportPlan; rows: number }
  | { direct: false; exportId: string; rows: number };

export async function startExport(
  deps: ExportDeps,
  merchantId: number,
  lang: Language,
  body: ExportRequest,
): Promise<ExportStart> {
  if (!isExportKind(body.kind)) throw new AppError(ErrorCode.EXPORT_NOT_AVAILABLE);
  const plan: ExportPlan = {
    kind: body.kind,
    format: body.format,
    filters: body.filters,
    lang,
    timeZone: body.timeZone || DEFAULT_EXPORT_TIME_ZONE,
  };
  const rows = await sourceOf(plan.kind).count(deps.db, merchantId, plan.filters, deps.directMaxRows + 1);
  if (rows <= deps.directMaxRows) return { direct: true, plan, rows };

  const exportId = randomUUID();
  const now = deps.now();
  const date = createDateFormatter(plan.timeZone);
  await deps.db.transaction(async (tx) => {
    if ((await countActiveExportJobs(tx, merchantId)) >= EXPORT_MAX_ACTIVE_JOBS) {
      throw new AppError(ErrorCode.TOO_MANY_REQUESTS, { variant: 'exportJobsBusy' });
    }
    await insertExportJob(tx, {
      id: exportId,
      merchantId,
      kind: plan.kind,
      format: plan.format,
      filters: plan.filters as object,
      language: lang,
      timeZone: plan.timeZone,
      fileName: exportFileName(plan.kind, plan.format, lang, date(now)),
      createdAt: now,
    });
    await enqueueJob(tx, EXPORT_RUN_JOB, { exportId }, now);
  });
  deps.wakeJobs();
  return { direct: false, exportId, rows };
}

export async function getExportStatus(
  deps: Pick<ExportDeps, 'db' | 'now'>,
  merchantId: number,
  exportId: string,
): Promise<ExportStatusResult> {
  const row = await findOwnExportJob(deps.db, merchantId, exportId);
  if (!row) throw new AppError(ErrorCode.NOT_FOUND, { variant: 'exportNotFound' });
  // Past its time the file is gone for the merchant, even before the expiry job ran.
  const expired = row.status === 'expired' || (row.expiresAt !== null && row.expiresAt <= deps.now());
  const status = expired ? 'expired' : row.status;
  const total = row.total;
  const progress =
    status === 'done' ? 100 : total ? Math.min(99, Math.floor((row.rows * 100) / Math.max(total, 1))) : 0;
  return {
    exportId: row.id,
    kind: row.kind as ExportStatusResult['kind'],
    format: row.format,
    status,
    rows: row.rows,
    total,
    progress,
    downloadUrl:
      status === 'done'
        ? `${BASE_PATH}${ENDPOINT_ROUTES.exportDownload.path}?exportId=${encodeURIComponent(row.id)}`
        : null,
    fileName: row.fileName,
    expiresAt: row.expiresAt ? row.expiresAt.toISOString() : null,
  };
}
