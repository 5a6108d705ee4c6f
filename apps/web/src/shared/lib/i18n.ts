import i18next, { type i18n as I18nInstance } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { LocaleBundle } from '../../locales/catalogue';

/**
 * The one i18next instance, holding the one language the page runs in. main.tsx loads that
 * language's bundle first and initializes with it, so the instance is ready synchronously and
 * the first paint is already translated. Changing language reloads the page (SPEC section 4),
 * so the instance never switches language at run time, and no other language is loaded.
 */
export const i18n = i18next.createInstance();

export function initI18n(bundle: LocaleBundle) {
  if (i18n.isInitialized) return i18n;
  void i18n.use(initReactI18next).init({
    resources: { [bundle.language]: { translation: bundle.catalogue } },
    lng: bundle.language,
    // Every language carries every key (a unit test checks), so there is nothing to fall back to.
    fallbackLng: false,
    defaultNS: 'translation',
    nsSeparator: false,
    keySeparator: '.',
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  // "{{chain, article}}" puts English's indefinite article before a name known only at run time
  // ("an Ethereum", "a Tron"); "article(capital: true)" starts a sentence with it.
  i18n.services.formatter?.add('article', (value: unknown, _lng, options?: { capital?: boolean }) => {
    const name = String(value);
    const article = indefiniteArticle(name);
    return `${options?.capital ? `${article[0]?.toUpperCase()}${article.slice(1)}` : article} ${name}`;
  });
  return i18n;
}

/** Letters whose English name starts with a vowel sound: "an SMS", "an ETH address". */
const VOWEL_SOUND_LETTERS = 'AEFHILMNORSX';

/**
 * "a" or "an" before a name, by how it is said: an initialism by its first letter's name
 * ("a BNB Chain", "an ETH"), a word by its first letter ("an Ethereum", "a Polygon"), minus the
 * words that start with a "you" or "wuh" sound ("a USDT", "a Unicode", "a one-time code").
 */
export function indefiniteArticle(name: string): 'a' | 'an' {
  const word = name.trim().split(/[\s-]/)[0] ?? '';
  const first = word[0]?.toUpperCase() ?? '';
  if (word.length > 1 && word === word.toUpperCase() && /[A-Z]/.test(word)) {
    return first === 'U' ? 'a' : VOWEL_SOUND_LETTERS.includes(first) ? 'an' : 'a';
  }
  if (/^(uni|use|usu|uti|eu|one|once)/i.test(word)) return 'a';
  return 'AEIOU'.includes(first) && first !== '' ? 'an' : 'a';
}

/** Translate a key known only at run time; a missing or untranslated key gives `fallbackKey`'s text. */
export function translateOr(key: string, fallbackKey: string, instance: I18nInstance = i18n): string {
  const translate = instance.t as unknown as (k: string) => string;
  if (instance.exists(key)) {
    const text = translate(key);
    if (text && text !== key) return text;
  }
  return translate(fallbackKey);
}
