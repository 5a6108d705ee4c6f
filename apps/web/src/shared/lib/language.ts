import { DEFAULT_LANGUAGE, type Language, resolveLanguage } from '@tollgate/contracts/languages';
import { readCookie, writeCookie } from './cookies';

/**
 * Where the interface language lives: localStorage `lang` first, then the `lang` cookie (which
 * the server can read too), else zh_CN. Both are rewritten on every navigation and on change.
 */
const LANG_KEY = 'lang';
const LANG_COOKIE_DAYS = 365;

export function readLanguage(): Language {
  const stored = safeLocalStorage()?.getItem(LANG_KEY) ?? readCookie(LANG_KEY);
  return stored ? resolveLanguage(stored) : DEFAULT_LANGUAGE;
}

export function storeLanguage(language: Language) {
  safeLocalStorage()?.setItem(LANG_KEY, language);
  writeCookie(LANG_KEY, language, LANG_COOKIE_DAYS);
}

/** Store the choice and reload, so every module (antd, dayjs, i18n) starts in the new language. */
export function switchLanguage(language: Language) {
  storeLanguage(language);
  window.location.reload();
}

/** The `lang` header value (SPEC section 7): our codes already are the server's codes. */
export function toLangHeader(language: Language): string {
  return language;
}

function safeLocalStorage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    // Storage can be disabled (privacy mode); the cookie still carries the choice.
    return undefined;
  }
}
