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
  return i18n;
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
