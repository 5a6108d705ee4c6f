import { ErrorCode } from '@tollgate/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error';
import { finishBody } from '../../plugins/body-parsing';
import { findDuplicateKey } from '../epusdt/json-members';

/**
 * The signature covers the body's exact bytes, so in the /api/v1 scope (only there) a JSON body
 * is kept as received and parsed only once the request is authenticated: a caller who cannot
 * sign learns nothing about how we parse, and what was verified is what gets parsed. Fastify's
 * own JSON parser does the parsing (prototype poisoning refused, as everywhere else).
 */
const rawBodies = new WeakMap<FastifyRequest, Buffer>();
const EMPTY = Buffer.alloc(0);

/** Call inside the /api/v1 plugin scope: replaces the JSON parser there, nowhere else. */
export function keepRawJsonBodies(scope: FastifyInstance): void {
  scope.removeContentTypeParser('application/json');
  scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    rawBodies.set(request, body as Buffer);
    done(null, undefined);
  });
}

/** The bytes received (empty for a request without a body). */
export function readRawBody(request: FastifyRequest): Buffer {
  return rawBodies.get(request) ?? EMPTY;
}

/** Route preValidation hook, after authentication: the body becomes JSON (an empty one, {}). */
export function createJsonBodyHook(scope: FastifyInstance) {
  const parseJson = scope.getDefaultJsonParser('error', 'error');
  return async function parseVerifiedBody(request: FastifyRequest): Promise<void> {
    const raw = readRawBody(request);
    if (raw.length > 0) {
      request.body = await new Promise((resolve, reject) => {
        parseJson(request, raw.toString('utf8'), (error, value) => {
          if (error) return reject(new AppError(ErrorCode.MALFORMED_BODY, { cause: error }));
          // A key twice in one object: JSON.parse keeps the last, another reader (a proxy, the
          // shop's own log) may keep the first. Which amount was meant is not ours to guess.
          const duplicate = findDuplicateKey(raw.toString('utf8'));
          if (duplicate !== undefined) {
            return reject(
              new AppError(ErrorCode.VALIDATION_FAILED, {
                fieldErrors: [{ field: duplicate, key: 'validation.duplicateKey' }],
              }),
            );
          }
          resolve(value);
        });
      });
    }
    await finishBody(request);
  };
}
