import {
  type ApiEndpointDef,
  apiQuery,
  ERROR_HTTP_STATUS,
  ERROR_MESSAGE_KEY,
  type ErrorCodeValue,
  envelope,
  errorEnvelope,
  SIGNED_CALL_ERRORS,
  translateMessage,
} from '@tollgate/contracts';
import type {
  FastifyInstance,
  FastifyRequest,
  onRequestHookHandler,
  preValidationHookHandler,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { createSuccessEnvelope } from '../../lib/envelope';
import { createEncodingGuard } from '../../plugins/body-parsing';
import { refuseInvalidCharacters } from '../../plugins/input-characters';
import { applyCommonParams } from '../../plugins/request-context';
import { type ApiClient, claimDeferredNonce, requireApiClient } from './api-auth';
import { API_SECURITY } from './api-docs';
import { codeSamplesFor, type OperationId } from './api-examples';

/**
 * Turns a contracts merchant-API entry into a route of the /api/v1 scope, as register-endpoint
 * does for /front: its schemas (validation and OpenAPI, every error code it can answer listed by
 * HTTP status), the signed-request hooks, the envelope. A handler supplies only its data.
 */
type Parsed<S> = [NonNullable<S>] extends [never] ? undefined : z.output<NonNullable<S>>;

export interface ApiEndpointInput<E extends ApiEndpointDef> {
  body: Parsed<E['body']>;
  query: Parsed<E['query']>;
  params: Parsed<E['params']>;
  client: ApiClient;
  request: FastifyRequest;
}

export type ApiEndpointHandler<E extends ApiEndpointDef> = (
  input: ApiEndpointInput<E>,
) => Promise<z.output<E['response']>>;

export interface SignedRequestHooks {
  /** Authentication, rate limit, nonce and body parsing, in that order (api-auth.ts, raw-body.ts). */
  preValidation: preValidationHookHandler[];
  /**
   * The nonce is deferred to the handler's write (deferRequestNonce among the hooks): a failure
   * before the handler hands it on (a hook, the schema, the handler itself) claims it first.
   */
  deferredNonce?: boolean;
}

export function registerApiEndpoint<E extends ApiEndpointDef>(
  scope: FastifyInstance,
  endpoint: E,
  hooks: SignedRequestHooks,
  handler: ApiEndpointHandler<E>,
): void {
  const onRequest: onRequestHookHandler[] = [];
  if (endpoint.method === 'POST') onRequest.push(createEncodingGuard('json'));
  const deferred = hooks.deferredNonce === true;
  const preValidation = [...hooks.preValidation, applyCommonParams].map((hook) =>
    deferred ? claimingNonceOnError(hook) : hook,
  );
  scope.withTypeProvider<ZodTypeProvider>().route({
    method: endpoint.method,
    // The scope is registered under API_BASE_PATH.
    url: endpoint.path,
    schema: {
      tags: ['merchant-api'],
      operationId: endpoint.operationId,
      summary: endpoint.summary,
      description: endpoint.description,
      security: [API_SECURITY],
      ...(endpoint.method === 'POST' ? { consumes: ['application/json'] } : {}),
      ...(endpoint.params ? { params: endpoint.params } : {}),
      querystring: endpoint.query ?? apiQuery,
      ...(endpoint.body ? { body: endpoint.body } : {}),
      response: { 200: envelope(endpoint.response), ...errorResponses(endpoint.errors) },
      // The call's examples in curl, Node, PHP and Python (api-examples.ts).
      'x-codeSamples': codeSamplesFor(endpoint.operationId as OperationId),
    },
    onRequest,
    preValidation,
    // With a deferred nonce the schema's error reaches the handler, which claims the nonce first;
    // so does a NUL character (plugins/input-characters.ts).
    attachValidation: deferred,
    config: { checksOwnCharacters: deferred },
    handler: async (request) => {
      let data: z.output<E['response']>;
      try {
        if (request.validationError) throw request.validationError;
        if (deferred) refuseInvalidCharacters(request);
        data = await handler({
          body: request.body as Parsed<E['body']>,
          query: request.query as Parsed<E['query']>,
          params: request.params as Parsed<E['params']>,
          client: requireApiClient(request),
          request,
        });
      } catch (error) {
        if (deferred) await claimDeferredNonce(request);
        throw error;
      }
      return createSuccessEnvelope(request.lang, data);
    },
  });
}

function claimingNonceOnError(hook: preValidationHookHandler): preValidationHookHandler {
  return async function claimNonceOnError(this: FastifyInstance, request, reply) {
    try {
      await (hook as (this: FastifyInstance, ...args: unknown[]) => Promise<void>).call(this, request, reply);
    } catch (error) {
      await claimDeferredNonce(request);
      throw error;
    }
  } as preValidationHookHandler;
}

/** One documented response per HTTP status, naming each code it carries (en_US messages). */
function errorResponses(own: readonly ErrorCodeValue[]): Record<string, z.ZodType> {
  const byStatus = new Map<number, ErrorCodeValue[]>();
  for (const code of [...SIGNED_CALL_ERRORS, ...own]) {
    const status = ERROR_HTTP_STATUS[code];
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  const responses: Record<string, z.ZodType> = {};
  for (const [status, codes] of [...byStatus].sort(([a], [b]) => a - b)) {
    const lines = codes
      .sort((a, b) => a - b)
      .map((code) => `${code}: ${translateMessage('en_US', `errors.${ERROR_MESSAGE_KEY[code]}`)}`);
    responses[String(status)] = errorEnvelope.describe(lines.join('; '));
  }
  return responses;
}
