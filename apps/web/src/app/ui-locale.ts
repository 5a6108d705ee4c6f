import type { Language } from '@tollgate/contracts/languages';
import type { LocaleBundle } from '../locales/catalogue';

/** The document's `lang` for each interface language. */
export const HTML_LANGS: Record<Language, string> = {
  zh_CN: 'zh-CN',
  zh_TW: 'zh-TW',
  en_US: 'en',
  vi_VN: 'vi',
};

/**
 * The document follows the interface language together with i18n; the bundle's antd locale
 * goes to the ConfigProvider, and dayjs's locale is loaded with the shell (resources.ts).
 */
export function applyUiLocale(bundle: LocaleBundle) {
  document.documentElement.lang = HTML_LANGS[bundle.language];
}
