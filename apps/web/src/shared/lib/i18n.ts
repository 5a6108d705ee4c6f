import { DEFAULT_LANGUAGE, type Language } from '@tollgate/contracts';
import i18next, { type i18n as I18nInstance } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { resources } from '../../locales/resources';
import { readLanguage } from './language';

/**
 * The one i18next instance. Resources are bundled (no network fetch), so it is ready
 * synchronously and the first paint is already translated. Changing language reloads the page
 * (SPEC section 4), so the instance never switches language at run time.
 */
export const i18n = i18next.createInstance();

export function initI18n(language: Language = readLanguage()) {
  if (i18n.isInitialized) return i18n;
  void i18n.use(initReactI18next).init({
    resources,
    lng: language,
    fallbackLng: DEFAULT_LANGUAGE,
    defaultNS: 'translation',
    nsSeparator: false,
    keySeparator: '.',
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  return i18n;
}

/** Whether a key (possibly built at run time) has a translation in the current language. */
export function hasTranslation(key: string): boolean {
  return i18n.exists(key);
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
