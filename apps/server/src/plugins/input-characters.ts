import { ErrorCode } from '@tollgate/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error';

/**
 * PostgreSQL text (and jsonb) holds no NUL character (U+0000): a statement given one fails
 * (SQLSTATE 22021, or 22P05 inside JSON), which would reach the caller as a 500. Nor is a lone
 * UTF-16 surrogate (`"\ud800"` in a JSON body) text: written as JSON it fails (22P02), written
 * as text it is silently replaced by U+FFFD. So a request whose body, query or path parameters
 * carry either anywhere (a value or a key, at any depth) is refused first, as 1001 naming the field, before its handler runs (after authentication and
 * the schema: an unsigned or malformed request keeps its own answer). `isInvalidTextError` is
 * the net below it: such a statement failing anyway is the caller's bad input, not ours.
 */
const NUL = '\u0000';
/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const isBadText = (text: string) => text.includes(NUL) || LONE_SURROGATE.test(text);
/** Deeper than any body a route accepts; a deeper one is refused by its schema anyway. */
const MAX_DEPTH = 32;

/**
 * The path of the first string holding a NUL or a lone surrogate (`items.0.name`; '' for the
 * value itself), or undefined.
 */
export function findInvalidCharacter(value: unknown, depth = 0): string | undefined {
  if (typeof value === 'string') return isBadText(value) ? '' : undefined;
  if (value === null || typeof value !== 'object' || depth >= MAX_DEPTH) return undefined;
  if (Buffer.isBuffer(value) || ArrayBuffer.isView(value)) return undefined; // bytes (a file, a raw body)
  const entries = Array.isArray(value) ? value.entries() : Object.entries(value);
  for (const [key, item] of entries) {
    const name = String(key);
    if (isBadText(name)) return name.replaceAll(NUL, '').replace(new RegExp(LONE_SURROGATE, 'g'), '');
    const inner = findInvalidCharacter(item, depth + 1);
    if (inner !== undefined) return inner === '' ? name : `${name}.${inner}`;
  }
  return undefined;
}

const PARTS = [
  ['body', (request: FastifyRequest) => request.body],
  ['querystring', (request: FastifyRequest) => request.query],
  ['params', (request: FastifyRequest) => request.params],
] as const;

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route calls refuseInvalidCharacters itself, where its other refusals are answered (a
     * signed call whose nonce is claimed only once its request is refused: register-api-endpoint.ts).
     */
    checksOwnCharacters?: boolean;
  }
}

/** Throws 1001 naming the first value holding a NUL (the body, then the query, then the path). */
export function refuseInvalidCharacters(request: FastifyRequest): void {
  for (const [part, read] of PARTS) {
    const field = findInvalidCharacter(read(request));
    if (field === undefined) continue;
    throw new AppError(ErrorCode.VALIDATION_FAILED, {
      fieldErrors: [{ field: field || part, key: 'validation.invalidCharacter' }],
    });
  }
}

export function registerInputCharacters(app: FastifyInstance): void {
  app.addHook('preHandler', async (request) => {
    // A schema error kept for the handler (attachValidation) is answered first, by it.
    if (request.validationError || request.routeOptions.config?.checksOwnCharacters) return;
    refuseInvalidCharacters(request);
  });
}

/**
 * A statement refused for a character PostgreSQL text cannot hold (a NUL that got past the hook:
 * from a file's cell, say). The error handlers log it at warn, so such a path stays visible.
 */
export function isInvalidTextError(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (code === '22021' || code === '22P05') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
