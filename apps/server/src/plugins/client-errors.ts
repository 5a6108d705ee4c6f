import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { ErrorCode, type ErrorCodeValue, resolveLanguage } from '@tollgate/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createErrorEnvelope } from '../lib/envelope';

/**
 * Requests Node's HTTP parser refuses before Fastify sees them (a malformed header line, a
 * URL or headers over the size limit, a request that never finished arriving). There is no
 * request object, so the answer is written on the raw socket; it still is our envelope, in
 * `lang` of the request whose body stalled, or that the raw bytes name when they can be read,
 * else zh_CN.
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

/**
 * The request whose headers were read on each socket: when its body then stalls (a 408 from
 * Node's request timeout), the answer is in its language; and if it was already answered (a
 * 413 or 429 before the body was read), nothing more may be written on that connection.
 */
const inFlight = new WeakMap<Socket, { request: FastifyRequest; reply: FastifyReply }>();

/** After the request context: `request.lang` is known. */
export function trackRequestsInFlight(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    inFlight.set(request.raw.socket, { request, reply });
  });
}

export function handleClientError(this: FastifyInstance, error: ParserError, socket: Socket): void {
  // The peer went away: nobody to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const { status, code } = answerClientError(error);
  this.log.info({ reason: error.code ?? error.message, status }, 'request refused by the HTTP parser');
  // Still arriving: the request whose body stalled, rather than a new one on a kept-alive socket.
  const flight = inFlight.get(socket);
  const unfinished = flight && !flight.request.raw.complete ? flight : undefined;
  if (unfinished?.reply.raw.headersSent) {
    // Its answer is on the wire already; another one would corrupt the connection.
    socket.destroy();
    return;
  }
  if (socket.writable) {
    const lang = unfinished ? unfinished.request.lang : languageOfRawRequest(error.rawPacket);
    const body = JSON.stringify(createErrorEnvelope(lang, code));
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
