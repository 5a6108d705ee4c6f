import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { ErrorCode, type ErrorCodeValue, resolveLanguage } from '@tollgate/contracts';
import type { FastifyInstance } from 'fastify';
import { createErrorEnvelope } from '../lib/envelope';

/**
 * Requests Node's HTTP parser refuses before Fastify sees them (a malformed header line, a
 * URL or headers over the size limit, a request that never finished arriving). There is no
 * request object, so the answer is written on the raw socket; it still is our envelope, in
 * the `lang` the raw bytes name when they can be read, else zh_CN.
 */
interface ParserError extends Error {
  code?: string;
  /** What the parser had buffered: a Buffer at run time, whatever Fastify's types say. */
  rawPacket?: unknown;
}

export function answerClientError(error: ParserError): { status: number; code: ErrorCodeValue } {
  if (error.code === 'HPE_HEADER_OVERFLOW') return { status: 431, code: ErrorCode.PAYLOAD_TOO_LARGE };
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') return { status: 408, code: ErrorCode.MALFORMED_BODY };
  return { status: 400, code: ErrorCode.MALFORMED_BODY };
}

/** The `lang` header of whatever part of the request did arrive (best effort). */
export function languageOfRawRequest(raw: unknown) {
  const text = Buffer.isBuffer(raw) ? raw.toString('latin1') : '';
  const match = text.match(/\r\nlang:[ \t]*([A-Za-z_-]{1,35})[ \t]*\r\n/i);
  return resolveLanguage(match?.[1]);
}

export function handleClientError(this: FastifyInstance, error: ParserError, socket: Socket): void {
  // The peer went away: nobody to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const { status, code } = answerClientError(error);
  this.log.info({ reason: error.code ?? error.message, status }, 'request refused by the HTTP parser');
  if (socket.writable) {
    const body = JSON.stringify(createErrorEnvelope(languageOfRawRequest(error.rawPacket), code));
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
        'Content-Type: application/json; charset=utf-8\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        'Connection: close\r\n\r\n' +
        body,
    );
  }
  // The parser cannot resume mid-stream: this connection is over once the answer is out.
  socket.end(() => socket.destroy());
}
