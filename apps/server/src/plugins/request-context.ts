import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { DEFAULT_LANGUAGE } from '@tollgate/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { pickLanguage, readLangCode } from '../lib/language';

/**
 * Per-request context: the request id (echoed as `x-request-id`, used in every log line) and
 * the response language. The language is decided from the header and query here, before any
 * error can be answered, and refined with the body's `langCode` once the body is parsed.
 */
const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/** Keep a caller's id (a proxy's, a test's) when it is a short plain token; else make one. */
export function generateRequestId(raw: IncomingMessage): string {
  const incoming = raw.headers['x-request-id'];
  return typeof incoming === 'string' && SANE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
}

/**
 * Accept-Language, on the calls a shop's server makes (/api/v1 and the epusdt endpoint): an HTTP
 * library sends it where it sends no `lang`. The back office's own calls always send `lang`.
 */
const ACCEPT_LANGUAGE_PREFIXES = ['/api/v1/', '/epusdt/'];

export function acceptLanguageHint(request: FastifyRequest): string | undefined {
  const header = request.headers['accept-language'];
  if (typeof header !== 'string') return undefined;
  return ACCEPT_LANGUAGE_PREFIXES.some((prefix) => request.url.startsWith(prefix)) ? header : undefined;
}

export function registerRequestContext(app: FastifyInstance): void {
  app.decorateRequest('lang', DEFAULT_LANGUAGE);
  app.decorateRequest('session', null);
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
    request.lang = pickLanguage({
      header: request.headers.lang,
      query: readLangCode(request.query),
      accept: acceptLanguageHint(request),
    });
  });
}

/**
 * `v` (a timestamp or an encrypted stamp) and `langCode` ride on every call (SPEC section 7).
 * They are read here and removed before schema validation, so endpoint schemas stay strict.
 * Runs as a route-level preValidation hook, once every body (multipart too) is parsed.
 */
export async function applyCommonParams(request: FastifyRequest): Promise<void> {
  request.lang = pickLanguage({
    header: request.headers.lang,
    query: readLangCode(request.query),
    body: readLangCode(request.body),
    accept: acceptLanguageHint(request),
  });
  for (const source of [request.query, request.body]) {
    if (source !== null && typeof source === 'object' && !Array.isArray(source)) {
      delete (source as Record<string, unknown>).v;
      delete (source as Record<string, unknown>).langCode;
    }
  }
}
