import type { IncomingHttpHeaders } from 'node:http';
import type { Readable } from 'node:stream';
import Busboy from '@fastify/busboy';
import { ErrorCode } from '@tollgate/contracts';
import { AppError } from '../../lib/app-error';
import { FORBIDDEN_KEYS } from '../../lib/form-parser';

/**
 * The upload's multipart body: the policy fields first, then one file part (the order of an
 * S3 POST: fields after the file are ignored). The policy is checked (`checkFields`) when the
 * file part starts, before a byte of the file is kept; the file is held in memory up to the
 * policy's limit and refused (413) as soon as it passes it. Nothing is written here.
 */
export const MULTIPART_OVERHEAD = 64 * 1024;

export interface ParsedUpload<P> {
  policy: P;
  bytes: Buffer;
  /** The name the client gave the file part ('' when none). */
  fileName: string;
}

export function parseUploadBody<P extends { maxBytes: number }>(
  headers: IncomingHttpHeaders,
  payload: Readable,
  options: {
    maxBytes: number;
    checkFields: (fields: Record<string, string>) => P;
    /** The refusal of a file over its policy's maxBytes (its folder says it in its own words). */
    tooLarge?: (policy: P) => AppError;
  },
): Promise<ParsedUpload<P>> {
  return new Promise((resolve, reject) => {
    const fields: Record<string, string> = {};
    let bodyBytes = 0;
    let settled = false;
    let result: ParsedUpload<P> | null = null;
    let fileSeen = false;
    const fail = (error: AppError) => {
      if (settled) return;
      settled = true;
      payload.unpipe();
      payload.resume();
      reject(error);
    };
    const malformed = (cause?: unknown) => fail(new AppError(ErrorCode.MALFORMED_BODY, { cause }));
    const tooLarge = () => fail(new AppError(ErrorCode.PAYLOAD_TOO_LARGE, { variant: 'uploadTooLarge' }));

    let parser: ReturnType<typeof Busboy>;
    try {
      parser = Busboy({
        headers: headers as IncomingHttpHeaders & { 'content-type': string },
        limits: { fieldNameSize: 100, fieldSize: 8 * 1024, fields: 20, files: 1, headerPairs: 20 },
      });
    } catch (error) {
      malformed(error);
      return;
    }
    parser.on('field', (name, value, nameTruncated, valueTruncated) => {
      if (fileSeen) return;
      if (nameTruncated || valueTruncated || name === '' || FORBIDDEN_KEYS.has(name)) return malformed();
      fields[name] = value;
    });
    parser.on('file', (_name, stream, filename) => {
      if (fileSeen || settled) {
        stream.resume();
        return malformed();
      }
      fileSeen = true;
      let policy: P;
      try {
        policy = options.checkFields(fields);
      } catch (error) {
        stream.resume();
        return fail(error as AppError);
      }
      const chunks: Buffer[] = [];
      let size = 0;
      stream.on('data', (chunk: Buffer) => {
        if (settled) return;
        size += chunk.length;
        if (size > policy.maxBytes) {
          return options.tooLarge ? fail(options.tooLarge(policy)) : tooLarge();
        }
        chunks.push(chunk);
      });
      stream.on('end', () => {
        result = { policy, bytes: Buffer.concat(chunks, size), fileName: filename ?? '' };
      });
    });
    parser.on('filesLimit', () => malformed());
    parser.on('fieldsLimit', () => malformed());
    parser.on('error', (error) => malformed(error));
    parser.on('finish', () => {
      if (settled) return;
      if (!fileSeen || !result) {
        settled = true;
        reject(
          new AppError(ErrorCode.VALIDATION_FAILED, {
            fieldErrors: [{ field: 'file', key: 'validation.uploadFileRequired' }],
          }),
        );
        return;
      }
      settled = true;
      resolve(result);
    });
    payload.on('data', (chunk: Buffer) => {
      bodyBytes += chunk.length;
      if (bodyBytes > options.maxBytes + MULTIPART_OVERHEAD) tooLarge();
    });
    payload.on('error', (error) => malformed(error));
    payload.pipe(parser);
  });
}
