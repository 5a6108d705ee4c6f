/**
 * Every code a /front response can carry. `code` 0 is success; every other code has a
 * message key under `errors.*` in the four locale files beside this module, and an HTTP
 * status the server answers with.
 */
export const ErrorCode = {
  OK: 0,
  /** No token, or a token we never issued. The web app clears its session and goes to /login. */
  UNAUTHORIZED: 401,
  NOT_FOUND: 404,
  TOO_MANY_REQUESTS: 429,
  INTERNAL: 500,
  /** Login needs a Google Authenticator code (SPEC section 4: resolved, not rejected, by the client). */
  GOOGLE_CODE_REQUIRED: 601,
  /** A token we issued that expired or was revoked; handled by the client exactly like 401. */
  TOKEN_EXPIRED: 4000,
  /** A field failed validation; `data.errors` lists each field with its localized message. */
  VALIDATION_FAILED: 1001,
  /** The body could not be parsed (broken JSON, broken form or multipart encoding). */
  MALFORMED_BODY: 1002,
  PAYLOAD_TOO_LARGE: 1003,
  UNSUPPORTED_MEDIA_TYPE: 1004,
  METHOD_NOT_ALLOWED: 1005,
  /** Wrong email or password; the same message whether or not the account exists. */
  INVALID_CREDENTIALS: 1101,
  ACCOUNT_DISABLED: 1102,
  /** 10 failed logins in a row for this account from this IP: locked for 15 minutes there. */
  ACCOUNT_LOCKED: 1103,
  /**
   * Password login paused for this account: its 100 failed password guesses an hour (from any
   * IPs) are spent. Login by emailed code still works; the merchant is mailed once per pause.
   */
  TOO_MANY_LOGIN_FAILURES: 1104,
  EMAIL_TAKEN: 1105,
  PHONE_TAKEN: 1106,
  /** Wrong email code, or no code was sent for this email and purpose. */
  CODE_INVALID: 1107,
  CODE_EXPIRED: 1108,
  /** 5 wrong tries: the code is dead; ask for a new one. */
  CODE_ATTEMPTS_EXCEEDED: 1109,
  /** A code was sent less than 60 s ago, or the per-email / per-IP hourly budget is spent: `data.retryAfterSeconds` says when to try again. */
  CODE_SEND_TOO_OFTEN: 1110,
  PASSWORD_MISMATCH: 1111,
  OLD_PASSWORD_WRONG: 1112,
  /** The password confirming a sensitive change (Google bind/unbind, phone) is wrong. */
  PASSWORD_WRONG: 1113,
  /** The action needs a bound Google Authenticator (viewing an app secret, withdrawals). */
  GOOGLE_NOT_BOUND: 1201,
  GOOGLE_ALREADY_BOUND: 1202,
  /**
   * Wrong or stale Google code (`googleCodeInvalid`), or a right one already used in its 30 s
   * window (`googleCodeReused`: wait for the next one).
   */
  GOOGLE_CODE_INVALID: 1203,
  /**
   * Merchant API (/api/v1) signed requests. A signature header is missing or malformed, or
   * X-App-Id names no application (or a deleted one).
   */
  API_AUTH_INVALID: 2001,
  /** X-Timestamp is more than 5 minutes away from the server's clock (either way). */
  API_TIMESTAMP_OUT_OF_WINDOW: 2002,
  /** X-Nonce was already used by this application within the replay window. */
  API_NONCE_REUSED: 2003,
  /** X-Signature is not the HMAC-SHA256 of this request under the application's secret. */
  API_SIGNATURE_INVALID: 2004,
  /** The application has an IP whitelist and the caller's address is not in it. */
  API_IP_NOT_ALLOWED: 2005,
  /** The merchantOrderNo already names an order of this application with other content. */
  MERCHANT_ORDER_CONFLICT: 3001,
  /** The currency or network is not supported, or is disabled on this server. */
  CURRENCY_NOT_SUPPORTED: 3002,
  /**
   * An upload's signed policy does not verify: forged or altered fields, expired, or for a
   * merchant that no longer exists. Ask for a new signature.
   */
  UPLOAD_POLICY_INVALID: 1301,
  /** Resend: the order has no notification yet (no status change or payment to report). */
  CALLBACK_NOTHING_TO_RESEND: 3101,
  /** Test event: the application has no callback URL to send it to. */
  CALLBACK_URL_MISSING: 3102,
  /** Telegram alerts are off on this server: TELEGRAM_BOT_TOKEN is not set. */
  TELEGRAM_OFF: 3501,
  /** Telegram's Bot API did not answer (the bot's name could not be read): try again. */
  TELEGRAM_UNREACHABLE: 3502,
  /** A withdrawal's amount + fee is more than the available balance (nothing was frozen). */
  INSUFFICIENT_BALANCE: 3201,
  /**
   * Withdrawals and payouts are paused for 24 h after a password change or reset, or a Google
   * unbind (and the bind after it); `data.lockedUntil` says when they open again.
   */
  WITHDRAWAL_LOCKED: 3202,
  /** The merchant's address whitelist is on and the destination is not in it. */
  ADDRESS_NOT_WHITELISTED: 3203,
  /** A batch withdrawal can be submitted once: this one already was (or is being, right now). */
  BATCH_ALREADY_SUBMITTED: 3301,
  /** A batch withdrawal with a row in error is not submitted: fix the file and preview it again. */
  BATCH_HAS_ERRORS: 3302,
  /**
   * Operator console: the withdrawal is no longer pending review (approved or rejected by
   * another operator meanwhile, or auto-approved), so it cannot be approved or rejected.
   */
  WITHDRAWAL_NOT_PENDING: 3204,
  /**
   * Operator console, Chains: the withdrawal is not waiting to be sent any more (it has been
   * sent, or it finished), so there is nothing to retry.
   */
  WITHDRAWAL_NOT_HELD: 3205,
  /** Operator console, Unmatched transfers: it was credited or returned already (once only). */
  UNMATCHED_SETTLED: 3206,
  /**
   * Operator console: the hot wallet cannot pay this send now (its coin, or the native coin for
   * the network fee); fund it (the Chains page shows its address) and try again.
   */
  HOT_WALLET_SHORT: 3207,
  /** An export kind this server has no writer for (every kind of EXPORT_KINDS has one today). */
  EXPORT_NOT_AVAILABLE: 3401,
  /** The export's file is not written yet (queued or running), or its job failed. */
  EXPORT_NOT_READY: 3402,
  /** The export's file was kept 24 h and is deleted: export again. */
  EXPORT_EXPIRED: 3403,
} as const;

export type ErrorCodeName = keyof typeof ErrorCode;
export type ErrorCodeValue = (typeof ErrorCode)[ErrorCodeName];

/** HTTP status for each code. Success and business outcomes of a well-formed call are 200. */
export const ERROR_HTTP_STATUS: Record<ErrorCodeValue, number> = {
  [ErrorCode.TELEGRAM_OFF]: 400,
  [ErrorCode.TELEGRAM_UNREACHABLE]: 503,
  [ErrorCode.OK]: 200,
  [ErrorCode.UNAUTHORIZED]: 401,
  [ErrorCode.NOT_FOUND]: 404,
  [ErrorCode.TOO_MANY_REQUESTS]: 429,
  [ErrorCode.INTERNAL]: 500,
  [ErrorCode.GOOGLE_CODE_REQUIRED]: 200,
  [ErrorCode.TOKEN_EXPIRED]: 401,
  [ErrorCode.VALIDATION_FAILED]: 400,
  [ErrorCode.MALFORMED_BODY]: 400,
  [ErrorCode.PAYLOAD_TOO_LARGE]: 413,
  [ErrorCode.UNSUPPORTED_MEDIA_TYPE]: 415,
  [ErrorCode.METHOD_NOT_ALLOWED]: 405,
  [ErrorCode.INVALID_CREDENTIALS]: 400,
  [ErrorCode.ACCOUNT_DISABLED]: 403,
  [ErrorCode.ACCOUNT_LOCKED]: 423,
  [ErrorCode.TOO_MANY_LOGIN_FAILURES]: 429,
  [ErrorCode.EMAIL_TAKEN]: 409,
  [ErrorCode.PHONE_TAKEN]: 409,
  [ErrorCode.CODE_INVALID]: 400,
  [ErrorCode.CODE_EXPIRED]: 400,
  [ErrorCode.CODE_ATTEMPTS_EXCEEDED]: 400,
  [ErrorCode.CODE_SEND_TOO_OFTEN]: 429,
  [ErrorCode.PASSWORD_MISMATCH]: 400,
  [ErrorCode.OLD_PASSWORD_WRONG]: 400,
  [ErrorCode.PASSWORD_WRONG]: 400,
  [ErrorCode.GOOGLE_NOT_BOUND]: 403,
  [ErrorCode.GOOGLE_ALREADY_BOUND]: 409,
  [ErrorCode.GOOGLE_CODE_INVALID]: 400,
  [ErrorCode.API_AUTH_INVALID]: 401,
  [ErrorCode.API_TIMESTAMP_OUT_OF_WINDOW]: 401,
  [ErrorCode.API_NONCE_REUSED]: 401,
  [ErrorCode.API_SIGNATURE_INVALID]: 401,
  [ErrorCode.API_IP_NOT_ALLOWED]: 403,
  [ErrorCode.MERCHANT_ORDER_CONFLICT]: 409,
  [ErrorCode.CURRENCY_NOT_SUPPORTED]: 400,
  [ErrorCode.UPLOAD_POLICY_INVALID]: 403,
  [ErrorCode.CALLBACK_NOTHING_TO_RESEND]: 409,
  [ErrorCode.CALLBACK_URL_MISSING]: 400,
  [ErrorCode.INSUFFICIENT_BALANCE]: 400,
  [ErrorCode.WITHDRAWAL_LOCKED]: 403,
  [ErrorCode.ADDRESS_NOT_WHITELISTED]: 403,
  [ErrorCode.BATCH_ALREADY_SUBMITTED]: 409,
  [ErrorCode.BATCH_HAS_ERRORS]: 400,
  [ErrorCode.WITHDRAWAL_NOT_PENDING]: 409,
  [ErrorCode.WITHDRAWAL_NOT_HELD]: 409,
  [ErrorCode.UNMATCHED_SETTLED]: 409,
  [ErrorCode.HOT_WALLET_SHORT]: 409,
  [ErrorCode.EXPORT_NOT_AVAILABLE]: 400,
  [ErrorCode.EXPORT_NOT_READY]: 409,
  [ErrorCode.EXPORT_EXPIRED]: 410,
};

/** The message key (in `errors.json`) for each code. */
export const ERROR_MESSAGE_KEY: Record<ErrorCodeValue, string> = {
  [ErrorCode.TELEGRAM_OFF]: 'telegramOff',
  [ErrorCode.TELEGRAM_UNREACHABLE]: 'telegramUnreachable',
  [ErrorCode.OK]: 'ok',
  [ErrorCode.UNAUTHORIZED]: 'unauthorized',
  [ErrorCode.NOT_FOUND]: 'notFound',
  [ErrorCode.TOO_MANY_REQUESTS]: 'tooManyRequests',
  [ErrorCode.INTERNAL]: 'internal',
  [ErrorCode.GOOGLE_CODE_REQUIRED]: 'googleCodeRequired',
  [ErrorCode.TOKEN_EXPIRED]: 'tokenExpired',
  [ErrorCode.VALIDATION_FAILED]: 'validationFailed',
  [ErrorCode.MALFORMED_BODY]: 'malformedBody',
  [ErrorCode.PAYLOAD_TOO_LARGE]: 'payloadTooLarge',
  [ErrorCode.UNSUPPORTED_MEDIA_TYPE]: 'unsupportedMediaType',
  [ErrorCode.METHOD_NOT_ALLOWED]: 'methodNotAllowed',
  [ErrorCode.INVALID_CREDENTIALS]: 'invalidCredentials',
  [ErrorCode.ACCOUNT_DISABLED]: 'accountDisabled',
  [ErrorCode.ACCOUNT_LOCKED]: 'accountLocked',
  [ErrorCode.TOO_MANY_LOGIN_FAILURES]: 'tooManyLoginFailures',
  [ErrorCode.EMAIL_TAKEN]: 'emailTaken',
  [ErrorCode.PHONE_TAKEN]: 'phoneTaken',
  [ErrorCode.CODE_INVALID]: 'codeInvalid',
  [ErrorCode.CODE_EXPIRED]: 'codeExpired',
  [ErrorCode.CODE_ATTEMPTS_EXCEEDED]: 'codeAttemptsExceeded',
  [ErrorCode.CODE_SEND_TOO_OFTEN]: 'codeSendTooOften',
  [ErrorCode.PASSWORD_MISMATCH]: 'passwordMismatch',
  [ErrorCode.OLD_PASSWORD_WRONG]: 'oldPasswordWrong',
  [ErrorCode.PASSWORD_WRONG]: 'passwordWrong',
  [ErrorCode.GOOGLE_NOT_BOUND]: 'googleNotBound',
  [ErrorCode.GOOGLE_ALREADY_BOUND]: 'googleAlreadyBound',
  [ErrorCode.GOOGLE_CODE_INVALID]: 'googleCodeInvalid',
  [ErrorCode.API_AUTH_INVALID]: 'apiAuthInvalid',
  [ErrorCode.API_TIMESTAMP_OUT_OF_WINDOW]: 'apiTimestampOutOfWindow',
  [ErrorCode.API_NONCE_REUSED]: 'apiNonceReused',
  [ErrorCode.API_SIGNATURE_INVALID]: 'apiSignatureInvalid',
  [ErrorCode.API_IP_NOT_ALLOWED]: 'apiIpNotAllowed',
  [ErrorCode.MERCHANT_ORDER_CONFLICT]: 'merchantOrderConflict',
  [ErrorCode.CURRENCY_NOT_SUPPORTED]: 'currencyNotSupported',
  [ErrorCode.UPLOAD_POLICY_INVALID]: 'uploadPolicyInvalid',
  [ErrorCode.CALLBACK_NOTHING_TO_RESEND]: 'callbackNothingToResend',
  [ErrorCode.CALLBACK_URL_MISSING]: 'callbackUrlMissing',
  [ErrorCode.INSUFFICIENT_BALANCE]: 'insufficientBalance',
  [ErrorCode.WITHDRAWAL_LOCKED]: 'withdrawalLocked',
  [ErrorCode.ADDRESS_NOT_WHITELISTED]: 'addressNotWhitelisted',
  [ErrorCode.BATCH_ALREADY_SUBMITTED]: 'batchAlreadySubmitted',
  [ErrorCode.BATCH_HAS_ERRORS]: 'batchHasErrors',
  [ErrorCode.WITHDRAWAL_NOT_PENDING]: 'withdrawalNotPending',
  [ErrorCode.WITHDRAWAL_NOT_HELD]: 'withdrawalNotHeld',
  [ErrorCode.UNMATCHED_SETTLED]: 'unmatchedSettled',
  [ErrorCode.HOT_WALLET_SHORT]: 'hotWalletShort',
  [ErrorCode.EXPORT_NOT_AVAILABLE]: 'exportNotAvailable',
  [ErrorCode.EXPORT_NOT_READY]: 'exportNotReady',
  [ErrorCode.EXPORT_EXPIRED]: 'exportExpired',
};

/**
 * Other messages a code can carry when the server knows more than the code says, each with
 * the one code it belongs to: the client still branches on the code, the user reads the message.
 */
export const ERROR_MESSAGE_VARIANTS = {
  googleCodeReused: ErrorCode.GOOGLE_CODE_INVALID,
  /** Google is bound and the call that needs its code (an app secret) came without one. */
  googleCodeMissing: ErrorCode.GOOGLE_CODE_INVALID,
  /** A signed call's X-App-Id names no application, a deleted one, or one of a disabled merchant. */
  apiApplicationUnavailable: ErrorCode.API_AUTH_INVALID,
  /** X-Timestamp in seconds, not milliseconds (the commonest slip): said so, rather than "out of window". */
  apiTimestampInSeconds: ErrorCode.API_TIMESTAMP_OUT_OF_WINDOW,
  /** No application of the caller's has that appId (another merchant's, deleted, or none). */
  applicationNotFound: ErrorCode.NOT_FOUND,
  /** An uploaded file over its policy's maxBytes (2 MB). */
  uploadTooLarge: ErrorCode.PAYLOAD_TOO_LARGE,
  /** An uploaded file whose bytes are not one of the policy's image types. */
  uploadTypeNotAllowed: ErrorCode.UNSUPPORTED_MEDIA_TYPE,
  /** A batch spreadsheet over 5 MB. */
  batchFileTooLarge: ErrorCode.PAYLOAD_TOO_LARGE,
  /** A batch upload that is not .xlsx or .csv, by its name or by its bytes (SPEC 5's message). */
  uploadFormatNotAllowed: ErrorCode.UNSUPPORTED_MEDIA_TYPE,
  /** No batch of the caller's has that batchId. */
  batchNotFound: ErrorCode.NOT_FOUND,
  /** An operator's password login is paused (1104): operators have no emailed-code login. */
  operatorLoginPaused: ErrorCode.TOO_MANY_LOGIN_FAILURES,
  /** No export of the caller's has that exportId. */
  exportNotFound: ErrorCode.NOT_FOUND,
  /** The merchant already has EXPORT_MAX_ACTIVE_JOBS exports queued or running. */
  exportJobsBusy: ErrorCode.TOO_MANY_REQUESTS,
} as const satisfies Record<string, ErrorCodeValue>;
export type ErrorMessageVariant = keyof typeof ERROR_MESSAGE_VARIANTS;

/**
 * Validation failures that have a code of their own: when a body's only problem is one of
 * these rules, the server answers that code (with the same `data.errors`) instead of 1001.
 */
export const VALIDATION_KEY_CODES: Readonly<Record<string, ErrorCodeValue>> = {
  'validation.passwordMismatch': ErrorCode.PASSWORD_MISMATCH,
};

/** Codes after which the client must drop its session and go to /login (SPEC section 8). */
export const SESSION_ENDING_CODES: readonly number[] = [ErrorCode.UNAUTHORIZED, ErrorCode.TOKEN_EXPIRED];
