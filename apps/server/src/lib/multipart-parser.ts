import type { IncomingHttpHeaders } from 'node:http';
import type { Readable } from 'node:stream';
import Busboy from '@fastify/busboy';
import { ErrorCode } from '@tollgate/contracts';
import { AppError } from './app-error';
import { FORBIDDEN_KEYS } from './form-parser';

/**
 * multipart/form-data, fields only. The bytes of the raw stream are counted as they arrive,
 * so a body over the limit is refused (1003) and reading stops, whatever its framing: a
 * Content-Length, or none at all (chunked). Counting the stream, not the parsed fields, also
 * means no busboy limit can silently truncate a value. File parts are not part of any /front
 * call (uploads go through signatures): one is a malformed body (1002), whatever its size.
 */
export interface MultipartLimits {
  /** Bytes of the whole body, boundaries and part headers included. */
  maxBytes: number;
  maxFields: number;
}

export function parseMultipartFields(
  headers: IncomingHttpHeaders,
  payload: Readable,
  limits: MultipartLimits,
): Promise<Record<string, string | string[]>> {
  return new Promise((resolve, reject) => {
    const fields: Record<string, string | string[]> = {};
    let bytes = 0;
    let settled = false;
    const fail = (code: ErrorCodeOf<'MALFORMED_BODY' | 'PAYLOAD_TOO_LARGE'>, cause?: unknown) => {
      if (settled) return;
      settled = true;
      payload.unpipe();
      // Drop whatever else arrives instead of buffering it; the reply closes the connection.
      payload.resume();
      reject(new AppError(code, { cause }));
    };

    let parser: ReturnType<typeof Busboy>;
    try {
      // Throws on a missing or empty boundary.
      parser = Busboy({
        headers: headers as IncomingHttpHeaders & { 'content-type': string },
        limits: { fieldNameSize: 100, fieldSize: limits.maxBytes, fields: limits.maxFields, headerPairs: 20 },
      });
    } catch (error) {
      fail(ErrorCode.MALFORMED_BODY, error);
      return;
    }

    parser.on('field', (name, value, nameTruncated) => {
      if (nameTruncated || name === '' || FORBIDDEN_KEYS.has(name)) return fail(ErrorCode.MALFORMED_BODY);
      const existing = Object.hasOwn(fields, name) ? fields[name] : undefined;
      if (existing === undefined) fields[name] = value;
      else fields[name] = Array.isArray(existing) ? [...existing, value] : [existing, value];
    });
    parser.on('file', (_name, stream) => {
      stream.resume();
      fail(ErrorCode.MALFORMED_BODY);
    });
    parser.on('fieldsLimit', () => fail(ErrorCode.PAYLOAD_TOO_LARGE));
    parser.on('error', (error) => {
      // An empty body with a multipart type is an empty form (logout sends nothing).
      if (bytes === 0) finish();
      else fail(ErrorCode.MALFORMED_BODY, error);
    });
    parser.on('finish', () => finish());
    const finish = () => {
      if (settled) return;
      settled = true;
      resolve(fields);
    };

    payload.on('data', (chunk: Buffer) => {
      bytes += chunk.length;
      if (bytes > limits.maxBytes) fail(ErrorCode.PAYLOAD_TOO_LARGE);
    });
    payload.on('error', (error) => fail(ErrorCode.MALFORMED_BODY, error));
    payload.pipe(parser);
  });
}

type ErrorCodeOf<K extends keyof typeof ErrorCode> = (typeof ErrorCode)[K];
