import { isLanguage, type Language } from '@tollgate/contracts/languages';

/**
 * The page's language: the payer's own choice (the switch, kept for the tab), else the order's
 * `language`, else the payer's browser language among the four, else en_US (a payer anywhere
 * more likely reads English than Chinese).
 */
export const FALLBACK_LANGUAGE: Language = 'en_US';
const CHOICE_KEY = 'tollgate.cashier.lang';

/** One browser tag (BCP 47, `zh-Hant-TW`, `vi`, `en-GB`) as one of the four, or null. */
export function languageOfTag(tag: string): Language | null {
  const parts = tag.trim().toLowerCase().replaceAll('_', '-').split('-');
  const [primary] = parts;
  if (primary === 'zh') {
    // Traditional Chinese: Taiwan, Hong Kong, Macau, or the script named.
    return parts.some((part) => part === 'tw' || part === 'hk' || part === 'mo' || part === 'hant')
      ? 'zh_TW'
      : 'zh_CN';
  }
  if (primary === 'vi') return 'vi_VN';
  if (primary === 'en') return 'en_US';
  return null;
}

/** The first of the browser's languages (navigator.languages, in its order) that is one of the four. */
export function browserLanguage(tags: readonly string[]): Language {
  for (const tag of tags) {
    const language = languageOfTag(tag);
    if (language) return language;
  }
  return FALLBACK_LANGUAGE;
}

export function pageLanguage(
  choice: Language | null,
  orderLanguage: Language | null | undefined,
  tags: readonly string[],
): Language {
  return choice ?? orderLanguage ?? browserLanguage(tags);
}

/** navigator.languages, or navigator.language where the list is missing. */
export function navigatorLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return [];
  return navigator.languages?.length ? navigator.languages : [navigator.language].filter(Boolean);
}

/** The payer's choice in this tab, if any (storage may be off: then there is none). */
export function readChoice(): Language | null {
  try {
    const stored = sessionStorage.getItem(CHOICE_KEY);
    return isLanguage(stored) ? stored : null;
  } catch {
    return null;
  }
}

export function storeChoice(language: Language): void {
  try {
    sessionStorage.setItem(CHOICE_KEY, language);
  } catch {
    // No storage: the choice lasts until the page is left.
  }
}
