import { BASE_PATH, commonQuery, type EndpointDef, envelope, errorEnvelope } from '@tollgate/contracts';
import type { FastifyContextConfig, FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { authenticate } from '../modules/auth/authenticate';
import { createOperatorAuthenticate } from '../modules/ops/ops-authenticate';
import { createEncodingGuard, finishBody } from '../plugins/body-parsing';
import { applyCommonParams } from '../plugins/request-context';
import { createSuccessEnvelope } from './envelope';

/**
 * Turns a contracts endpoint into a Fastify route: its path under /front, its schemas for
 * validation and OpenAPI, its body encoding, its auth. The handler returns only `data`; the
 * success envelope is added here, the failure envelopes by the error handler.
 */
// [S] stops the conditional from distributing over `| undefined` of an optional schema.
type Parsed<S> = [NonNullable<S>] extends [never] ? undefined : z.output<NonNullable<S>>;

export interface EndpointInput<E extends EndpointDef> {
  body: Parsed<E['body']>;
  query: Parsed<E['query']>;
  request: FastifyRequest;
}

export type EndpointHandler<E extends EndpointDef> = (
  input: EndpointInput<E>,
) => Promise<z.output<E['response']>>;

export function registerEndpoint<E extends EndpointDef>(
  app: FastifyInstance,
  endpoint: E,
  handler: EndpointHandler<E>,
  options: { config?: FastifyContextConfig } = {},
): void {
  // Auth first: a caller without a session learns that before anything about its body. A
  // merchant token and an operator token are each checked only by their own kind of call.
  const onRequest: onRequestHookHandler[] = [];
  if (endpoint.auth === 'operator') onRequest.push(createOperatorAuthenticate(endpoint));
  else if (endpoint.auth) onRequest.push(authenticate);
  if (endpoint.method === 'POST') onRequest.push(createEncodingGuard(endpoint.encoding));
  app.withTypeProvider<ZodTypeProvider>().route({
    method: endpoint.method,
    url: `${BASE_PATH}${endpoint.path}`,
    schema: {
      tags: [endpoint.tag],
      operationId: endpoint.operationId,
      summary: endpoint.summary,
      // A public call says so (`[]`): an operation with no security at all reads as forgotten.
      security: endpoint.auth ? [{ [endpoint.auth === 'operator' ? 'opsToken' : 'authToken']: [] }] : [],
      ...(endpoint.method === 'POST' ? { consumes: [contentTypeOf(endpoint)] } : {}),
      querystring: endpoint.query ?? commonQuery,
      ...(endpoint.body ? { body: endpoint.body } : {}),
      response: { 200: envelope(endpoint.response), '4xx': errorEnvelope, '5xx': errorEnvelope },
    },
    ...(options.config ? { config: options.config } : {}),
    onRequest,
    preValidation: [finishBody, applyCommonParams],
    handler: async (request) => {
      const data = await handler({
        body: request.body as Parsed<E['body']>,
        query: request.query as Parsed<E['query']>,
        request,
      });
      return createSuccessEnvelope(request.lang, data);
    },
  });
}

function contentTypeOf(endpoint: EndpointDef): string {
  if (endpoint.encoding === 'json') return 'application/json';
  if (endpoint.encoding === 'multipart') return 'multipart/form-data';
  return 'application/x-www-form-urlencoded';
}
