import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { PassThrough } from 'node:stream';
import {
  BASE_PATH,
  ErrorCode,
  endpoints,
  envelope,
  errorEnvelope,
  exportBody,
  exportIdQuery,
  exportJobStarted,
  XLSX_CONTENT_TYPE,
} from '@tollgate/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { createSuccessEnvelope } from '../../lib/envelope';
import { registerEndpoint } from '../../lib/register-endpoint';
import { createEncodingGuard, finishBody } from '../../plugins/body-parsing';
import { applyCommonParams } from '../../plugins/request-context';
import { authenticate, requireSession } from '../auth/authenticate';
import { contentTypeOf, type ExportDeps, getExportStatus, openExport, startExport } from './export.service';
import { contentDisposition, exportFilePath } from './export-files';

/**
 * POST /front/export (the file itself, or `{ exportId }` of a job), GET /front/export/status and
 * GET /front/export/download (a job's file, the owner's token only). The file answers carry no
 * envelope: a refusal before the first byte is the usual JSON envelope with its status.
 */
const FILE_TYPES = [XLSX_CONTENT_TYPE, 'text/csv'];

function fileHeaders(reply: FastifyReply, contentType: string, fileName: string, fallback: string) {
  return reply
    .header('content-type', contentType)
    .header('content-disposition', contentDisposition(fileName, fallback))
    .header('cache-control', 'no-store')
    .header('x-content-type-options', 'nosniff');
}

export function registerExportRoutes(app: FastifyInstance): void {
  const deps: ExportDeps = {
    db: app.db,
    now: app.now,
    dataDir: app.config.dataDir,
    directMaxRows: app.config.exportDirectMaxRows,
    wakeJobs: () => app.jobs.wake(),
  };
  const exportFile = endpoints.exportFile;
  app.withTypeProvider<ZodTypeProvider>().route({
    method: 'POST',
    url: `${BASE_PATH}${exportFile.path}`,
    schema: {
      tags: [exportFile.tag],
      operationId: exportFile.operationId,
      summary: exportFile.summary,
      security: [{ authToken: [] }],
      consumes: ['application/json'],
      body: exportBody,
      produces: ['application/json', ...FILE_TYPES],
      response: { 200: envelope(exportJobStarted), '4xx': errorEnvelope, '5xx': errorEnvelope },
    },
    // Counted per merchant (the rate limit's hook runs after authenticate): a file or a job is
    // the costliest call of the back office. The job cap is the service's (exportJobsBusy).
    config: {
      rateLimit: {
        max: app.config.exportRateLimit,
        timeWindow: 60_000,
        keyGenerator: (request: FastifyRequest) =>
          request.session ? `export:merchant:${request.session.merchantId}` : `export:ip:${request.ip}`,
      },
    },
    onRequest: [authenticate, createEncodingGuard('json')],
    preValidation: [finishBody, applyCommonParams],
    handler: async (request, reply) => {
      const { merchantId } = requireSession(request);
      const started = await startExport(deps, merchantId, request.lang, request.body);
      if (!started.direct) {
        return createSuccessEnvelope(request.lang, { exportId: started.exportId, rows: started.rows });
      }
      const file = openExport(deps, merchantId, started.plan);
      const out = new PassThrough();
      const gone = abortOnClose(reply);
      file
        .write({ out, signal: gone.signal })
        .catch((error: unknown) => {
          if (!gone.signal.aborted) request.log.error({ err: error }, 'export failed while streaming');
          out.destroy(error instanceof Error ? error : new Error(String(error)));
        })
        .finally(gone.release);
      fileHeaders(reply, contentTypeOf(started.plan.format), file.fileName, file.asciiName);
      // The bytes as they are: the 200 schema documents the envelope of a job, it serializes no file.
      return reply.send(out as never);
    },
  });

  registerEndpoint(app, endpoints.exportStatus, ({ query, request }) =>
    getExportStatus(deps, requireSession(request).merchantId, query.exportId),
  );

  const download = endpoints.exportDownload;
  app.withTypeProvider<ZodTypeProvider>().route({
    method: 'GET',
    url: `${BASE_PATH}${download.path}`,
    exposeHeadRoute: false,
    schema: {
      tags: [download.tag],
      operationId: download.operationId,
      summary: download.summary,
      security: [{ authToken: [] }],
      querystring: exportIdQuery,
      produces: FILE_TYPES,
      response: { 200: z.string(), '4xx': errorEnvelope, '5xx': errorEnvelope },
    },
    onRequest: [authenticate],
    preValidation: [applyCommonParams],
    handler: async (request, reply) => {
      const { merchantId } = requireSession(request);
      const status = await getExportStatus(deps, merchantId, request.query.exportId);
      if (status.status === 'expired') throw new AppError(ErrorCode.EXPORT_EXPIRED);
      if (status.status !== 'done') throw new AppError(ErrorCode.EXPORT_NOT_READY);
      const path = exportFilePath(deps.dataDir, status.exportId, status.format);
      const size = await stat(path).then(
        (s) => s.size,
        () => null,
      );
      if (size === null) throw new AppError(ErrorCode.EXPORT_EXPIRED);
      const fallback = `export-${status.kind}-${status.exportId.slice(0, 8)}.${status.format}`;
      fileHeaders(reply, contentTypeOf(status.format), status.fileName, fallback).header(
        'content-length',
        String(size),
      );
      return reply.send(createReadStream(path) as unknown as string);
    },
  });
}

/** Aborted when the client goes away before the whole file is out, so the reading stops too. */
function abortOnClose(reply: FastifyReply) {
  const controller = new AbortController();
  const onClose = () => {
    if (!reply.raw.writableFinished) controller.abort();
  };
  // The response's close (not the request's, which closes once its body is read).
  reply.raw.on('close', onClose);
  return { signal: controller.signal, release: () => reply.raw.off('close', onClose) };
}
