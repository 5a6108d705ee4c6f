import type { Language } from '@tollgate/contracts/languages';
import dayjs from 'dayjs';
import type { LocaleBundle } from '../locales/catalogue';

/** The document's `lang` for each interface language. */
export const HTML_LANGS: Record<Language, string> = {
  zh_CN: 'zh-CN',
  zh_TW: 'zh-TW',
  en_US: 'en',
  vi_VN: 'vi',
};

/**
 * dayjs and the document follow the interface language together with i18n; the bundle's
 * import registered its dayjs locale, and its antd locale goes to the ConfigProvider.
 */
export function applyUiLocale(bundle: LocaleBundle) {
  dayjs.locale(bundle.dayjs);
  document.documentElement.lang = HTML_LANGS[bundle.language];
}
