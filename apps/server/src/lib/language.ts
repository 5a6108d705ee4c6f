import { type Language, pickAcceptedLanguage, resolveLanguage } from '@tollgate/contracts';

/**
 * The response language of a request: the `lang` header, else `langCode` in the query, else
 * `langCode` in the body (SPEC section 7: the client adds it to every call), else (where the
 * caller passes it: the merchant API and epusdt) the preferred shipped language of
 * Accept-Language, else zh_CN. The first of the explicit hints present wins, even if we do not
 * ship it (then zh_CN, as resolveLanguage says).
 */
export function pickLanguage(hints: {
  header?: unknown;
  query?: unknown;
  body?: unknown;
  accept?: unknown;
}): Language {
  for (const hint of [hints.header, hints.query, hints.body]) {
    const value = Array.isArray(hint) ? hint[0] : hint;
    if (typeof value === 'string' && value.trim() !== '') return resolveLanguage(value.trim());
  }
  return pickAcceptedLanguage(hints.accept) ?? resolveLanguage(undefined);
}

/** `langCode` of a parsed query or body, when it is a plain object that holds it itself. */
export function readLangCode(source: unknown): unknown {
  return source !== null &&
    typeof source === 'object' &&
    !Array.isArray(source) &&
    Object.hasOwn(source, 'langCode')
    ? (source as Record<string, unknown>).langCode
    : undefined;
}
