import { createWriteStream, type WriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { finished } from 'node:stream/promises';
import type { Language } from '@tollgate/contracts';
import type { Database } from '../../db/client';
import { enqueueJob, scheduledRetryPolicy } from '../../jobs/queue';
import type { JobHandler } from '../../jobs/worker';
import type { Clock } from '../../types';
import { findExportJob, recordExportProgress, updateExportJob } from './export.repository';
import { EXPORT_EXPIRE_JOB, EXPORT_KEEP_MS, isExportKind, openExport, sourceOf } from './export.service';
import { exportFilePath } from './export-files';

/**
 * The two jobs of an export past the direct limit. `export.run` counts the rows (for the
 * progress, beside the writing), writes the file under DATA_DIR/exports (as `.part`, renamed once whole, so a
 * download never gets half a file), records the rows written after every batch and, once done,
 * queues `export.expire` for 24 h later, which deletes the file. A failed run is tried again
 * from the start (3 tries); after the last the export is `failed`.
 */
interface ExportJobDeps {
  db: Database;
  now: Clock;
  dataDir: string;
}

const exportIdOf = (payload: unknown) => String((payload as { exportId?: unknown }).exportId ?? '');

export function createExportRunHandler(deps: ExportJobDeps): JobHandler {
  return {
    retry: scheduledRetryPolicy([10_000, 60_000]),
    async run(payload, context) {
      const id = exportIdOf(payload);
      const row = await findExportJob(deps.db, id);
      if (!row || row.status === 'done' || row.status === 'expired' || !isExportKind(row.kind)) return;
      const path = exportFilePath(deps.dataDir, row.id, row.format);
      const part = `${path}.part`;
      let out: WriteStream | undefined;
      try {
        await updateExportJob(deps.db, id, { status: 'running', rows: 0, total: null, error: null });
        // The total (for the progress) is counted beside the writing, not before it: on a
        // PostgreSQL server on a connection of its own, where the count of a million rows was
        // about a twentieth of the whole run. Until it is known the progress says 0 %.
        const counted = sourceOf(row.kind)
          .count(deps.db, row.merchantId, row.filters, Number.MAX_SAFE_INTEGER)
          .then((total) => updateExportJob(deps.db, id, { total }));
        // Observed at once: a failed count is this run's failure (awaited below), never unhandled.
        counted.catch(() => undefined);
        const file = openExport(deps, row.merchantId, {
          kind: row.kind,
          format: row.format,
          filters: row.filters,
          lang: row.language as Language,
          timeZone: row.timeZone,
        });
        out = createWriteStream(part);
        // Observed at once: a file that fails while the rows are still being read (a full disk)
        // is this run's failure, never an unhandled rejection; the writer stops at its next batch.
        const written = finished(out);
        written.catch(() => undefined);
        const rows = await file.write({
          out,
          onProgress: (n) => recordExportProgress(deps.db, id, context.id, n, deps.now()),
        });
        await written;
        await counted;
        await rename(part, path);
        const now = deps.now();
        const expiresAt = new Date(now.getTime() + EXPORT_KEEP_MS);
        await deps.db.transaction(async (tx) => {
          await updateExportJob(tx, id, { status: 'done', rows, finishedAt: now, expiresAt });
          await enqueueJob(tx, EXPORT_EXPIRE_JOB, { exportId: id }, expiresAt);
        });
      } catch (error) {
        // The file handle is closed on every failure, not only when the stream failed by itself.
        if (out && !out.destroyed) out.destroy();
        if (out) await finished(out).catch(() => undefined);
        // A failure to remove the part is not allowed to hide the run's own error.
        await rm(part, { force: true }).catch(() => undefined);
        const message = error instanceof Error ? error.message : String(error);
        await updateExportJob(deps.db, id, {
          status: context.lastAttempt ? 'failed' : 'queued',
          error: message.slice(0, 500),
        });
        throw error;
      }
    },
  };
}

export function createExportExpireHandler(deps: ExportJobDeps): JobHandler {
  return {
    async run(payload) {
      const row = await findExportJob(deps.db, exportIdOf(payload));
      if (!row) return;
      await rm(exportFilePath(deps.dataDir, row.id, row.format), { force: true });
      await updateExportJob(deps.db, row.id, { status: 'expired' });
    },
  };
}
