import {
  commonQuery,
  ErrorCode,
  endpoints,
  envelope,
  errorEnvelope,
  UPLOAD_BODY_MAX_BYTES,
  uploadResult,
} from '@tollgate/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error';
import { createSuccessEnvelope } from '../../lib/envelope';
import { registerEndpoint } from '../../lib/register-endpoint';
import { serviceDeps } from '../../lib/route-deps';
import { applyCommonParams } from '../../plugins/request-context';
import { requireSession } from '../auth/authenticate';
import { type FileStore, isSafeKey, uploadsStore } from './file-store';
import { findUpload } from './upload.repository';
import { createUploadSignature, SERVE_PREFIX, storeUpload, UPLOAD_PATH } from './upload.service';
import { MULTIPART_OVERHEAD, parseUploadBody } from './upload-parser';
import { POLICY_KEY_PURPOSE, verifyUploadPolicy } from './upload-policy';

/**
 * POST /front/upload/oss/signature and /front/uc/oss/signature (a signed policy), POST
 * /front/upload/object (the file, with the policy: the policy is its credential, as with an
 * S3 POST), and GET /uploads/<key> (the stored icons, public; batch spreadsheets are never served).
 */
export function registerUploadRoutes(app: FastifyInstance, store?: FileStore): void {
  const files = store ?? uploadsStore(app.config.dataDir);
  const policyKey = app.secrets.deriveKey(POLICY_KEY_PURPOSE);
  const deps = serviceDeps(app);
  for (const endpoint of [endpoints.uploadSignature, endpoints.ucUploadSignature]) {
    registerEndpoint(app, endpoint, async ({ body, request }) =>
      createUploadSignature(deps, policyKey, requireSession(request).merchantId, body.dir),
    );
  }
  // Its own context: this one route reads a file part, which the app's multipart parser refuses.
  app.register(async (scope) => {
    scope.removeContentTypeParser('multipart/form-data');
    scope.addContentTypeParser('multipart/form-data', (_request, _payload, done) => done(null, {}));
    scope.withTypeProvider<ZodTypeProvider>().post(
      UPLOAD_PATH,
      {
        schema: {
          tags: ['uploads'],
          operationId: 'uploadObject',
          // The signed policy in the form is its credential, not a header.
          security: [],
          summary: 'Upload one file with the fields of a signed policy (then the file part, `file`)',
          consumes: ['multipart/form-data'],
          querystring: commonQuery,
          response: { 200: envelope(uploadResult), '4xx': errorEnvelope, '5xx': errorEnvelope },
        },
        onRequest: guardUpload,
        preValidation: applyCommonParams,
      },
      async (request) => {
        const upload = await parseUploadBody(request.headers, request.raw, {
          maxBytes: UPLOAD_BODY_MAX_BYTES,
          checkFields: (fields) => {
            const policy = verifyUploadPolicy(policyKey, fields, app.now());
            if (!policy) throw new AppError(ErrorCode.UPLOAD_POLICY_INVALID);
            return policy;
          },
          tooLarge: (policy) =>
            new AppError(ErrorCode.PAYLOAD_TOO_LARGE, {
              variant: policy.dir === 'batch' ? 'batchFileTooLarge' : 'uploadTooLarge',
            }),
        });
        return createSuccessEnvelope(request.lang, await storeUpload(deps, files, upload));
      },
    );
  });
  app.get(`${SERVE_PREFIX}*`, { schema: { hide: true } }, async (request, reply) => {
    const key = (request.params as { '*': string })['*'];
    // Icons only: a batch spreadsheet (payees' addresses) is read by its merchant's preview alone.
    const row = isSafeKey(key) && key.startsWith('icon/') ? await findUpload(app.db, key) : undefined;
    const file = row ? await files.open(key) : null;
    if (!row || !file) throw new AppError(ErrorCode.NOT_FOUND);
    return (
      reply
        .header('content-type', row.contentType)
        .header('content-length', String(file.size))
        .header('x-content-type-options', 'nosniff')
        // A key is never written twice: the file under it never changes.
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('cross-origin-resource-policy', 'same-origin')
        .send(file.body)
    );
  });
}

/** Multipart only, and a body announced too large is refused before it is read. */
async function guardUpload(request: FastifyRequest): Promise<void> {
  const mediaType = (request.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
  if (mediaType !== 'multipart/form-data') throw new AppError(ErrorCode.UNSUPPORTED_MEDIA_TYPE);
  // Before the policy is read, its folder is unknown: the largest any folder takes bounds it.
  if (Number(request.headers['content-length']) > UPLOAD_BODY_MAX_BYTES + MULTIPART_OVERHEAD) {
    throw new AppError(ErrorCode.PAYLOAD_TOO_LARGE);
  }
}
