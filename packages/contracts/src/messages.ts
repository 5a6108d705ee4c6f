import { DEFAULT_LANGUAGE, type Language } from './languages';
import enUS from './locales/en_US/messages.json';
import viVN from './locales/vi_VN/messages.json';
import zhCN from './locales/zh_CN/messages.json';
import zhTW from './locales/zh_TW/messages.json';

/**
 * Messages shared by server and web: error codes (`errors.*`) and field rules
 * (`validation.*`). zh_CN is the reference catalogue; the others carry the same keys,
 * which a unit test checks.
 */
export type MessageCatalogue = typeof zhCN;

export const MESSAGES: Record<Language, MessageCatalogue> = {
  zh_CN: zhCN,
  zh_TW: zhTW,
  en_US: enUS,
  vi_VN: viVN,
};

function lookup(catalogue: unknown, key: string): string | undefined {
  let node: unknown = catalogue;
  for (const part of key.split('.')) {
    // Own keys only: `constructor` or `__proto__` in a key must not walk into Object.prototype.
    if (node === null || typeof node !== 'object' || !Object.hasOwn(node, part)) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/** Translate a message key; unknown keys fall back to zh_CN, then to the key itself. */
export function translateMessage(lang: Language, key: string): string {
  return lookup(MESSAGES[lang], key) ?? lookup(MESSAGES[DEFAULT_LANGUAGE], key) ?? key;
}

/** A message with `{{name}}` placeholders filled (the same syntax i18next reads on the web). */
export function formatMessage(
  lang: Language,
  key: string,
  params: Record<string, string | number> = {},
): string {
  return translateMessage(lang, key).replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
    Object.hasOwn(params, name) ? String(params[name]) : whole,
  );
}

export function hasMessage(key: string): boolean {
  return lookup(MESSAGES[DEFAULT_LANGUAGE], key) !== undefined;
}
