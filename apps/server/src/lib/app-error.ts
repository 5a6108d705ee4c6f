import {
  ERROR_HTTP_STATUS,
  ERROR_MESSAGE_KEY,
  ERROR_MESSAGE_VARIANTS,
  ErrorCode,
  type ErrorCodeValue,
  type ErrorMessageVariant,
} from '@tollgate/contracts';

/**
 * The one error a handler throws on purpose. `code` is a contracts ErrorCode: it decides the
 * HTTP status and the localized message; `details` becomes the envelope's `data`.
 * Anything else thrown reaches the client as a generic 500 (see plugins/error-handler.ts).
 */
export interface FieldErrorKey {
  field: string;
  key: string;
  params?: Record<string, string | number>;
}

export class AppError extends Error {
  readonly statusCode: number;
  readonly details: Record<string, unknown> | null;
  /**
   * Field rules checked by a service (not the schema): message keys, localized on the way out,
   * with the values of their `{{name}}` placeholders (the IP whitelist entry at fault).
   */
  readonly fieldErrors: FieldErrorKey[];
  /** The message under `errors.*` the client reads: the code's own, or one of its variants. */
  readonly messageKey: string;
  /** Values of the message's `{{name}}` placeholders (the balance a withdrawal lacks). */
  readonly messageParams: Record<string, string | number>;

  constructor(
    readonly code: ErrorCodeValue,
    options: {
      details?: Record<string, unknown>;
      cause?: unknown;
      fieldErrors?: FieldErrorKey[];
      /** A more precise message of the same code (contracts ERROR_MESSAGE_VARIANTS). */
      variant?: ErrorMessageVariant;
      messageParams?: Record<string, string | number>;
    } = {},
  ) {
    const variant = options.variant;
    if (variant !== undefined && ERROR_MESSAGE_VARIANTS[variant] !== code) {
      throw new Error(`message variant ${variant} does not belong to code ${code}`);
    }
    const messageKey = variant ?? ERROR_MESSAGE_KEY[code];
    super(messageKey, { cause: options.cause });
    this.name = 'AppError';
    this.statusCode = ERROR_HTTP_STATUS[code];
    this.details = options.details ?? null;
    this.fieldErrors = options.fieldErrors ?? [];
    this.messageKey = messageKey;
    this.messageParams = options.messageParams ?? {};
  }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}

export function isAppErrorWith(error: unknown, ...codes: ErrorCodeValue[]): error is AppError {
  return error instanceof AppError && codes.includes(error.code);
}

/** A 1001 for a rule only the server can check (a dial code it does not know, say). */
export function fieldError(field: string, key: string): AppError {
  return new AppError(ErrorCode.VALIDATION_FAILED, { fieldErrors: [{ field, key }] });
}
