import { formatMessage } from '@tollgate/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { isInvalidTextError } from '../../plugins/input-characters';
import { apiRateLimitOf } from '../merchant-api/api-auth';
import { APP_ID_PATTERN } from '../merchant-api/signature';
import { authenticateEpusdt, createEpusdtTransaction, type EpusdtTransaction } from './epusdt.service';
import { epusdtCreateBody, epusdtParams, epusdtResponse } from './epusdt-docs';
import { EpusdtRefusal, type EpusdtStatusCode } from './epusdt-refusal';

/**
 * The epusdt-compatible endpoint: `POST /epusdt/{appId}/api/v1/order/create-transaction`, so a
 * shop's epusdt plugin needs only a new base URL (`{PUBLIC_URL}/epusdt/{appId}`) and token.
 * Its own plugin scope: every body is kept as raw bytes whatever its content type (epusdt reads
 * the body as JSON regardless, and the signature needs the numbers' source text), and every
 * answer is epusdt's `{ status_code, message, data, request_id }` with HTTP 200, as epusdt
 * answers, so that a plugin reads the message instead of its HTTP client throwing. Only a
 * fault of ours is HTTP 500.
 */
export const EPUSDT_PREFIX = '/epusdt';
const CREATE_TRANSACTION_SUFFIX = 'api/v1/order/create-transaction';
export const CREATE_TRANSACTION_PATH = `/:appId/${CREATE_TRANSACTION_SUFFIX}`;

interface EpusdtEnvelope {
  status_code: 200 | EpusdtStatusCode | 500;
  message: string;
  data: EpusdtTransaction | null;
  request_id: string;
}

export async function registerEpusdtRoutes(app: FastifyInstance): Promise<void> {
  await app.register(
    async (scope) => {
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
      scope.setErrorHandler((error: FastifyError, request, reply) => answerError(error, request, reply));
      // Counted once the caller is known, in the same budget as the application's /api/v1 calls.
      const rateLimit = apiRateLimitOf(app);
      const deps = () => ({
        db: app.db,
        now: app.now,
        chains: app.chains,
        secrets: app.secrets,
        publicUrl: app.config.publicUrl,
      });

      scope.withTypeProvider<ZodTypeProvider>().route({
        method: 'POST',
        url: CREATE_TRANSACTION_PATH,
        schema: {
          tags: ['epusdt'],
          operationId: 'epusdtCreateTransaction',
          // epusdt's own MD5 signature in the body (see the tag), not a header.
          security: [],
          summary: 'epusdt-compatible: create a transaction (a collection order priced in fiat)',
          params: epusdtParams,
          body: epusdtCreateBody,
          response: { 200: epusdtResponse },
        },
        // The schemas above are documentation: the raw body is checked by the service.
        validatorCompiler: () => (value: unknown) => ({ value }),
        handler: (request, reply) => createTransaction(request, reply, request.params.appId),
      });

      /**
       * Anything else under /epusdt still answers in epusdt's shape with HTTP 200, so a plugin shows
       * the message instead of its HTTP client throwing: a doubled slash (a base URL ending in `/`
       * plus the plugin's leading `/`) is the same path; another method is 405, another path 404.
       */
      scope.route({
        method: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'],
        url: '/*',
        schema: { hide: true },
        handler: (request, reply) => {
          const rest = (request.params as { '*'?: string })['*'] ?? '';
          const [appId = '', ...path] = rest.split('/').filter((segment) => segment !== '');
          const isCreate = path.join('/') === CREATE_TRANSACTION_SUFFIX;
          if (isCreate && request.method === 'POST') return createTransaction(request, reply, appId);
          if (isCreate) throw new EpusdtRefusal(405, 'epusdt.methodNotAllowed', { method: request.method });
          const shownAppId = APP_ID_PATTERN.test(appId) ? appId : '{APPID}';
          const baseUrl = `${app.config.publicUrl.replace(/\/+$/, '')}${EPUSDT_PREFIX}/${shownAppId}`;
          const shown = request.url.split('?')[0] ?? '';
          throw new EpusdtRefusal(404, 'epusdt.unknownPath', { path: shown.slice(0, 200), baseUrl });
        },
      });

      async function createTransaction(request: FastifyRequest, reply: FastifyReply, appId: string) {
        const caller = await authenticateEpusdt(deps(), {
          appId,
          body: Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
          ip: request.ip,
        });
        const wait = await rateLimit.check(request, reply, caller.applicationId);
        if (wait !== null) throw new EpusdtRefusal(429, 'errors.tooManyRequests');
        const data = await createEpusdtTransaction(deps(), caller);
        return send(reply, { status_code: 200, message: 'success', data, request_id: String(request.id) });
      }
    },
    { prefix: EPUSDT_PREFIX },
  );
}

function send(reply: FastifyReply, envelope: EpusdtEnvelope, httpStatus = 200) {
  return reply
    .code(httpStatus)
    .type('application/json; charset=utf-8')
    .serializer((payload: unknown) => JSON.stringify(payload))
    .send(envelope);
}

/** A refusal, a request Fastify could not take (too large, a broken content type), or our fault. */
function answerError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const requestId = String(request.id);
  if (error instanceof EpusdtRefusal) {
    request.log.info({ statusCode: error.statusCode, reason: error.messageKey }, 'epusdt request refused');
    const message = formatMessage(request.lang, error.messageKey, error.params);
    return send(reply, { status_code: error.statusCode, message, data: null, request_id: requestId });
  }
  // A NUL character in a value (PostgreSQL text holds none) is the caller's bad body too.
  const invalidText = isInvalidTextError(error);
  if (invalidText)
    request.log.warn({ err: error }, 'a value PostgreSQL text cannot hold reached a statement');
  const status = invalidText ? 400 : (error.statusCode ?? 500);
  if (status >= 400 && status < 500) {
    request.log.info({ reason: error.code ?? error.message }, 'epusdt request refused');
    const key = status === 413 ? 'errors.payloadTooLarge' : 'epusdt.body';
    return send(reply, {
      status_code: 400,
      message: formatMessage(request.lang, key),
      data: null,
      request_id: requestId,
    });
  }
  request.log.error({ err: error }, 'epusdt request failed');
  return send(
    reply,
    {
      status_code: 500,
      message: formatMessage(request.lang, 'errors.internal'),
      data: null,
      request_id: requestId,
    },
    500,
  );
}
