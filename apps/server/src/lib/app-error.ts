import { ERROR_HTTP_STATUS, ERROR_MESSAGE_KEY, type ErrorCodeValue } from '@tollgate/contracts';

/**
 * The one error a handler throws on purpose. `code` is a contracts ErrorCode: it decides the
 * HTTP status and the localized message; `details` becomes the envelope's `data`.
 * Anything else thrown reaches the client as a generic 500 (see plugins/error-handler.ts).
 */
export class AppError extends Error {
  readonly statusCode: number;
  readonly details: Record<string, unknown> | null;

  constructor(
    readonly code: ErrorCodeValue,
    options: { details?: Record<string, unknown>; cause?: unknown } = {},
  ) {
    super(ERROR_MESSAGE_KEY[code], { cause: options.cause });
    this.name = 'AppError';
    this.statusCode = ERROR_HTTP_STATUS[code];
    this.details = options.details ?? null;
  }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}
