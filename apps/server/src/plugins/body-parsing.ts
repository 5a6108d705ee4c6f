import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import { type Encoding, ErrorCode } from '@tollgate/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error';
import { parseStrictForm } from '../lib/form-parser';

/**
 * The three body encodings of SPEC section 7. Each /front path takes exactly the encoding its
 * contracts entry names; anything else is refused before the body is read (1004).
 */
export const BODY_LIMIT = 1024 * 1024;

const MEDIA_TYPE: Record<Encoding, string | null> = {
  form: 'application/x-www-form-urlencoded',
  json: 'application/json',
  multipart: 'multipart/form-data',
  none: null,
};

/** Requests whose body is being read: an error now is the client's malformed body, not ours. */
const readingBody = new WeakSet<FastifyRequest>();

export function isReadingBody(request: FastifyRequest): boolean {
  return readingBody.has(request);
}

export async function registerBodyParsing(app: FastifyInstance): Promise<void> {
  // JSON is built into Fastify; form and multipart come from their plugins.
  await app.register(formbody, { parser: parseStrictForm });
  await app.register(multipart, {
    // Fields only for now: any file part is refused (FST_FILES_LIMIT).
    attachFieldsToBody: 'keyValues',
    // Multipart is streamed past Fastify's bodyLimit: bound it here, and by Content-Length in
    // guardEncoding. A chunked upload without a length is held to these limits.
    limits: { fieldNameSize: 100, fieldSize: BODY_LIMIT, fields: 50, files: 0, parts: 50, headerPairs: 50 },
  });
}

/** Route onRequest hook: the content type must be the endpoint's encoding, the size within the limit. */
export function createEncodingGuard(encoding: Encoding) {
  return async function guardEncoding(request: FastifyRequest): Promise<void> {
    const type = request.headers['content-type'];
    const length = request.headers['content-length'];
    const hasBody =
      type !== undefined || request.headers['transfer-encoding'] !== undefined || Number(length) > 0;
    // An empty POST (logout sends no fields) is fine: its body counts as {}.
    if (!hasBody) return;
    const mediaType = (type ?? '').split(';')[0]?.trim().toLowerCase();
    if (MEDIA_TYPE[encoding] === null || mediaType !== MEDIA_TYPE[encoding]) {
      throw new AppError(ErrorCode.UNSUPPORTED_MEDIA_TYPE);
    }
    if (Number(length) > BODY_LIMIT) throw new AppError(ErrorCode.PAYLOAD_TOO_LARGE);
    readingBody.add(request);
  };
}

/** Route preValidation hook, after multipart has attached its fields: the body is read. */
export async function finishBody(request: FastifyRequest): Promise<void> {
  readingBody.delete(request);
  if (request.body === undefined) request.body = {};
}
