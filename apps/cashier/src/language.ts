import { isLanguage, type Language, languageOfTag } from '@tollgate/contracts/languages';

/**
 * The page's language: the payer's own choice (the switch, kept for the tab), else the order's
 * `language`, else the payer's browser language among the four, else en_US (a payer anywhere
 * more likely reads English than Chinese).
 */
export const FALLBACK_LANGUAGE: Language = 'en_US';
const CHOICE_KEY = 'tollgate.cashier.lang';

/** The first of the browser's languages (navigator.languages, in its order) that is one of the four (contracts' languageOfTag, as the API reads Accept-Language). */
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
