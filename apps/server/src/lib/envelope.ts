import {
  type Envelope,
  ERROR_MESSAGE_KEY,
  ErrorCode,
  type ErrorCodeValue,
  type ErrorEnvelope,
  type Language,
  translateMessage,
} from '@tollgate/contracts';

/** The /front envelope `{ code, data, message }`, with `message` in the request's language. */
export function createSuccessEnvelope<T>(lang: Language, data: T): Envelope<T> {
  return { code: ErrorCode.OK, data, message: translateMessage(lang, 'ok') };
}

export function createErrorEnvelope(
  lang: Language,
  code: ErrorCodeValue,
  data: ErrorEnvelope['data'] = null,
): ErrorEnvelope {
  return { code, data, message: translateMessage(lang, `errors.${ERROR_MESSAGE_KEY[code]}`) };
}
