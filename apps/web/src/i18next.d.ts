import 'i18next';
import type { catalogues } from './locales/resources';

/**
 * Typed translation keys: `t('menu.dashboard')` compiles only if the key exists in the zh_CN
 * catalogue. All sections share the default namespace, so a key is its path in the catalogue.
 */
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    nsSeparator: false;
    resources: { translation: (typeof catalogues)['zh_CN'] };
  }
}
