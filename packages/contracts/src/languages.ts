/**
 * The interface languages and how a client's language hint (the `lang` header or the
 * `langCode` parameter) maps onto one of them. SPEC section 7 gives the client-side mapping
 * (jp -> ja_JP, kor -> ko_KR, en -> en_US, zh_CN and zh_TW unchanged); anything we do not
 * ship falls back to the default, zh_CN.
 */
export const LANGUAGES = ['zh_CN', 'zh_TW', 'en_US', 'vi_VN'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'zh_CN';

/**
 * Short codes and common spellings a client may send, normalised to lower case with '_'.
 * A Map, not an object literal: the key is whatever the client wrote, and `__proto__` or
 * `constructor` must find nothing rather than Object.prototype's members.
 */
const ALIASES: ReadonlyMap<string, string> = new Map([
  ['jp', 'ja_JP'],
  ['kor', 'ko_KR'],
  ['en', 'en_US'],
  ['vi', 'vi_VN'],
  ['zh', 'zh_CN'],
  ['zh_hans', 'zh_CN'],
  ['zh_hant', 'zh_TW'],
  ['zh_hk', 'zh_TW'],
]);

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** Resolve a raw hint (e.g. `en`, `en-US`, `vi_VN`, `jp`) to a shipped language, else zh_CN. */
export function resolveLanguage(raw: unknown): Language {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > 35) return DEFAULT_LANGUAGE;
  // Accept-Language style lists: take the first tag.
  const first = (raw.split(',')[0] ?? '').split(';')[0]?.trim() ?? '';
  const lower = first.replace('-', '_').toLowerCase();
  const mapped = (ALIASES.get(lower) ?? lower).toLowerCase();
  return LANGUAGES.find((lang) => lang.toLowerCase() === mapped) ?? DEFAULT_LANGUAGE;
}
