import type { Socket } from 'node:net';
import {
  ERROR_HTTP_STATUS,
  ErrorCode,
  type ErrorCodeValue,
  type ErrorEnvelope,
  formatMessage,
  VALIDATION_KEY_CODES,
} from '@tollgate/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isAppError } from '../lib/app-error';
import { createErrorEnvelope } from '../lib/envelope';
import { toFieldErrors } from '../lib/validation-errors';
import { isReadingBody } from './body-parsing';
import { isInvalidTextError } from './input-characters';

/**
 * The one error handler: every failure leaves as a `{ code, data, message }` envelope with a
 * localized message. 4xx outcomes say what the client got wrong; a 5xx never carries the
 * internal message or stack, only the request id the log line is filed under.
 */
interface Outcome {
  code: ErrorCodeValue;
  data: ErrorEnvelope['data'];
  /** Overrides the code's message (validation: the first field's own message). */
  message?: string;
}

/** Fastify and plugin errors about the request itself, by the HTTP status they were given. */
function classifyClientError(error: FastifyError, request: FastifyRequest): ErrorCodeValue | null {
  const status = error.statusCode ?? 0;
  if (status === 413) return ErrorCode.PAYLOAD_TOO_LARGE;
  if (status === 415) return ErrorCode.UNSUPPORTED_MEDIA_TYPE;
  // Broken JSON, a cut-off multipart stream, a bad boundary: whatever failed while reading.
  if (isReadingBody(request) && status < 500) return ErrorCode.MALFORMED_BODY;
  if (status >= 400 && status < 500) return ErrorCode.MALFORMED_BODY;
  return null;
}

/**
 * A refusal's message is its first field's. The merchant API's names that field too ("amount:
 * …"): a shop's server logs the message, and nobody there sees a form with the field marked;
 * the back office shows the messages beside its fields, so it keeps them bare.
 */
function firstFieldMessage(errors: { field: string; message: string }[], request: FastifyRequest) {
  const [first] = errors;
  if (!first) return undefined;
  return request.url.startsWith('/api/') ? `${first.field}: ${first.message}` : first.message;
}

export function classifyError(thrown: unknown, request: FastifyRequest): Outcome {
  if (isAppError(thrown)) {
    if (thrown.fieldErrors.length === 0) {
      return {
        code: thrown.code,
        data: thrown.details,
        message: formatMessage(request.lang, `errors.${thrown.messageKey}`, thrown.messageParams),
      };
    }
    const errors = thrown.fieldErrors.map(({ field, key, params }) => ({
      field,
      message: formatMessage(request.lang, key, params),
    }));
    // Details beside the fields (the payout a 3001 collides with) stay in `data`.
    const data = thrown.details ? { ...thrown.details, errors } : { errors };
    return { code: thrown.code, data, message: firstFieldMessage(errors, request) };
  }
  const error = thrown as FastifyError;
  if (hasZodFastifySchemaValidationErrors(error)) {
    const errors = toFieldErrors(error.validation, error.validationContext, request.lang);
    // A body whose only fault is a rule with a code of its own (1111) answers that code.
    const only = error.validation.length === 1 ? error.validation[0]?.message : undefined;
    const code = (only && VALIDATION_KEY_CODES[only]) || ErrorCode.VALIDATION_FAILED;
    return { code, data: { errors }, message: firstFieldMessage(errors, request) };
  }
  const code = classifyClientError(error, request);
  if (code !== null) return { code, data: null };
  if (isInvalidTextError(error)) {
    // A NUL the input hook did not see (a file's cell, say): the caller's, but worth knowing of.
    request.log.warn({ err: error }, 'a value PostgreSQL text cannot hold reached a statement');
    return { code: ErrorCode.VALIDATION_FAILED, data: null };
  }
  return { code: ErrorCode.INTERNAL, data: { requestId: String(request.id) } };
}

/**
 * An answer given while the body is still arriving (too large, or malformed half-way) ends
 * the connection, and says so (`Connection: close`) so the client stops sending. Node would
 * send the FIN and destroy the socket the moment the answer is out: bytes the client still
 * had in flight then meet a closed socket, and the reset they draw can wipe our answer from
 * the client's buffer before it is read (seen in CI, under load). So the close lingers, as a
 * web server's does: the FIN after the answer, the rest of the body read and dropped, and the
 * socket destroyed once the client closes its side, or after LINGER_MS at most: a body that
 * never ends must not hold the connection. A request sent behind that body is never run.
 */
const LINGER_MS = 5_000;
const lingering = new WeakSet<Socket>();

function closeLingering(request: FastifyRequest, reply: FastifyReply): void {
  const socket = request.raw.socket;
  // (An injected request's socket is a stand-in without destroySoon.)
  if (request.raw.readableEnded || typeof socket?.destroySoon !== 'function') return;
  reply.header('connection', 'close');
  lingering.add(socket);
  // What Node calls once an answer marked `close` is out.
  socket.destroySoon = () => {
    if (socket.writable) socket.end();
    const timer = setTimeout(() => socket.destroy(), LINGER_MS).unref();
    socket.once('close', () => clearTimeout(timer));
  };
}

/** Refuses, unanswered, a request that arrives on a connection closing after an earlier one. */
async function refuseOnClosingConnection(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  if (!lingering.has(request.raw.socket)) return;
  reply.hijack();
  request.raw.socket.destroy();
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.addHook('onRequest', refuseOnClosingConnection);
  app.setErrorHandler((error: FastifyError, request, reply) => {
    // Whatever was thrown, by us (AppError), Fastify, a plugin, or a bug.
    const outcome = classifyError(error, request);
    if (outcome.code === ErrorCode.INTERNAL) {
      request.log.error({ err: error }, 'request failed');
    } else {
      // The client's mistake: worth a line, not a stack.
      request.log.info({ code: outcome.code, reason: error.code ?? error.message }, 'request refused');
    }
    const body = createErrorEnvelope(request.lang, outcome.code, outcome.data);
    if (outcome.message) body.message = outcome.message;
    // Fastify marks a body its parser refused mid-way `close`; a 413 always is.
    if (outcome.code === ErrorCode.PAYLOAD_TOO_LARGE || reply.getHeader('connection') === 'close') {
      closeLingering(request, reply);
    }
    // A refusal that knows when to come back (1110: a code sent too often) says it in HTTP too.
    const retryAfter = (outcome.data as { retryAfterSeconds?: unknown } | null)?.retryAfterSeconds;
    if (typeof retryAfter === 'number') reply.header('retry-after', String(retryAfter));
    // Serialized as is: some codes answer HTTP 200 (601), where the route's 200 schema
    // describes success data, not this envelope.
    return reply
      .code(ERROR_HTTP_STATUS[outcome.code])
      .type('application/json; charset=utf-8')
      .serializer((payload: unknown) => JSON.stringify(payload))
      .send(body);
  });
}
