import 'i18next';
import type { Catalogue, LazyCatalogue } from './locales/catalogue';

/**
 * Typed translation keys: `t('menu.dashboard')` compiles only if the key exists in the zh_CN
 * catalogue. All sections share the default namespace, so a key is its path in the catalogue.
 */
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    nsSeparator: false;
    resources: { translation: Catalogue & LazyCatalogue };
  }
}
