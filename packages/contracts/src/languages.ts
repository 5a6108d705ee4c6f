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

/** The shipped language of one Accept-Language tag (`zh-HK` → zh_TW, `en-GB` → en_US), else undefined. */
export function languageOfTag(tag: string): Language | undefined {
  const parts = tag.toLowerCase().split(/[-_]/);
  const [primary, ...rest] = parts;
  if (primary === 'en') return 'en_US';
  if (primary === 'vi') return 'vi_VN';
  if (primary !== 'zh') return undefined;
  if (rest.includes('hant') || rest.some((part) => ['tw', 'hk', 'mo'].includes(part))) return 'zh_TW';
  return 'zh_CN';
}

/**
 * The caller's most preferred shipped language of an Accept-Language header (RFC 9110: q-values
 * weigh, q=0 refuses, equal weights keep their order), or undefined when it names none of them.
 * A header longer than any browser sends is not read.
 */
export function pickAcceptedLanguage(header: unknown): Language | undefined {
  if (typeof header !== 'string' || header.length === 0 || header.length > 512) return undefined;
  const candidates: { language: Language; q: number; index: number }[] = [];
  header.split(',').forEach((entry, index) => {
    const [tag = '', ...params] = entry.trim().split(';');
    let q = 1;
    for (const param of params) {
      const match = /^\s*q\s*=\s*([01](?:\.\d{0,3})?)\s*$/i.exec(param);
      if (match) q = Number(match[1]);
    }
    const language = languageOfTag(tag.trim());
    if (language && q > 0 && q <= 1) candidates.push({ language, q, index });
  });
  candidates.sort((a, b) => b.q - a.q || a.index - b.index);
  return candidates[0]?.language;
}
