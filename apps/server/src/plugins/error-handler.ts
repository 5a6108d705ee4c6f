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
    return { code: thrown.code, data: { errors }, message: errors[0]?.message };
  }
  const error = thrown as FastifyError;
  if (hasZodFastifySchemaValidationErrors(error)) {
    const errors = toFieldErrors(error.validation, error.validationContext, request.lang);
    // A body whose only fault is a rule with a code of its own (1111) answers that code.
    const only = error.validation.length === 1 ? error.validation[0]?.message : undefined;
    const code = (only && VALIDATION_KEY_CODES[only]) || ErrorCode.VALIDATION_FAILED;
    return { code, data: { errors }, message: errors[0]?.message };
  }
  const code = classifyClientError(error, request);
  if (code !== null) return { code, data: null };
  return { code: ErrorCode.INTERNAL, data: { requestId: String(request.id) } };
}

/**
 * The rest of an oversized body is read and dropped (closing at once would reset the socket
 * under the client's feet, and it could lose our answer), but only for a while: a body that
 * never ends must not hold the connection forever.
 */
const LINGER_MS = 5_000;

function lingerThenClose(request: FastifyRequest, reply: FastifyReply): void {
  reply.raw.once('finish', () => {
    if (request.raw.readableEnded) return;
    const socket = request.raw.socket;
    // (An injected request's socket is a stand-in without destroy.)
    setTimeout(() => socket.destroy?.(), LINGER_MS).unref();
  });
}

export function registerErrorHandler(app: FastifyInstance): void {
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
    if (outcome.code === ErrorCode.PAYLOAD_TOO_LARGE) lingerThenClose(request, reply);
    // Serialized as is: some codes answer HTTP 200 (601), where the route's 200 schema
    // describes success data, not this envelope.
    return reply
      .code(ERROR_HTTP_STATUS[outcome.code])
      .type('application/json; charset=utf-8')
      .serializer((payload: unknown) => JSON.stringify(payload))
      .send(body);
  });
}
