import type { Readable } from 'node:stream';
import formbody from '@fastify/formbody';
import { type Encoding, ErrorCode } from '@tollgate/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error';
import { parseStrictForm } from '../lib/form-parser';
import { parseMultipartFields } from '../lib/multipart-parser';

/**
 * The three body encodings of SPEC section 7. Each /front path takes exactly the encoding its
 * contracts entry names; anything else is refused before the body is read (1004). Every body
 * is held to BODY_LIMIT: JSON and forms by Fastify's bodyLimit, multipart by its own parser,
 * which counts the raw bytes (a chunked body announces no length to check up front).
 */
export const BODY_LIMIT = 1024 * 1024;
/** No call has more than a handful of fields; 50 leaves room without inviting abuse. */
const MAX_MULTIPART_FIELDS = 50;

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
  // JSON is built into Fastify; forms come from formbody with our strict parser.
  await app.register(formbody, { parser: parseStrictForm });
  app.addContentTypeParser('multipart/form-data', (request: FastifyRequest, payload: Readable) =>
    parseMultipartFields(request.headers, payload, { maxBytes: BODY_LIMIT, maxFields: MAX_MULTIPART_FIELDS }),
  );
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
    // Refused before a byte is read when the length is announced; otherwise while reading.
    if (Number(length) > BODY_LIMIT) throw new AppError(ErrorCode.PAYLOAD_TOO_LARGE);
    readingBody.add(request);
  };
}

/** Route preValidation hook: the body is read. */
export async function finishBody(request: FastifyRequest): Promise<void> {
  readingBody.delete(request);
  if (request.body === undefined) request.body = {};
}
