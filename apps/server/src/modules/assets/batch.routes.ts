import { BASE_PATH, batchTemplateQuery, endpoints, errorEnvelope } from '@tollgate/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { registerEndpoint } from '../../lib/register-endpoint';
import { applyCommonParams } from '../../plugins/request-context';
import { authenticate, requireSession } from '../auth/authenticate';
import { uploadsStore } from '../uploads/file-store';
import { previewBatch } from './batch-preview';
import { submitBatch } from './batch-submit';
import { buildBatchTemplate } from './batch-template';

/**
 * Batch withdrawal's calls: the template (GET, the file itself: .xlsx or .csv in the caller's
 * language, as an attachment, with the session's token header like every /front call), the
 * preview of an uploaded file, and the submission.
 */
export function registerBatchRoutes(app: FastifyInstance): void {
  const files = uploadsStore(app.config.dataDir);
  const previewDeps = { db: app.db, now: app.now, chains: app.chains, files };
  const submitDeps = { db: app.db, now: app.now, secrets: app.secrets, chains: app.chains, log: app.log };
  registerEndpoint(app, endpoints.batchPreview, ({ body, request }) =>
    previewBatch(previewDeps, requireSession(request).merchantId, request.lang, body),
  );
  registerEndpoint(app, endpoints.batchSubmit, ({ body, request }) =>
    submitBatch(submitDeps, requireSession(request).merchantId, request.lang, body),
  );

  const template = endpoints.batchTemplate;
  app.withTypeProvider<ZodTypeProvider>().route({
    method: 'GET',
    url: `${BASE_PATH}${template.path}`,
    exposeHeadRoute: false,
    schema: {
      tags: [template.tag],
      operationId: template.operationId,
      summary: template.summary,
      security: [{ authToken: [] }],
      querystring: batchTemplateQuery,
      produces: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'text/csv'],
      response: { 200: z.string(), '4xx': errorEnvelope, '5xx': errorEnvelope },
    },
    onRequest: [authenticate],
    preValidation: [applyCommonParams],
    handler: async (request, reply) => {
      requireSession(request);
      const file = await buildBatchTemplate(request.query.format, request.lang);
      return (
        reply
          .header('content-type', file.contentType)
          .header('content-disposition', `attachment; filename="${file.fileName}"`)
          .header('cache-control', 'no-store')
          .header('x-content-type-options', 'nosniff')
          // The bytes as they are: the 200 schema documents the file, it serializes nothing.
          .send(file.body as unknown as string)
      );
    },
  });
}
