import type { Language } from '@tollgate/contracts';
import type { Locale } from 'antd/es/locale';
import enUS from 'antd/locale/en_US';
import viVN from 'antd/locale/vi_VN';
import zhCN from 'antd/locale/zh_CN';
import zhTW from 'antd/locale/zh_TW';
import dayjs from 'dayjs';
import 'dayjs/locale/en';
import 'dayjs/locale/vi';
import 'dayjs/locale/zh-cn';
import 'dayjs/locale/zh-tw';

/** antd's and dayjs's locale for each interface language; they switch together with i18n. */
export const ANTD_LOCALES: Record<Language, Locale> = { zh_CN: zhCN, zh_TW: zhTW, en_US: enUS, vi_VN: viVN };
export const DAYJS_LOCALES: Record<Language, string> = {
  zh_CN: 'zh-cn',
  zh_TW: 'zh-tw',
  en_US: 'en',
  vi_VN: 'vi',
};
export const HTML_LANGS: Record<Language, string> = {
  zh_CN: 'zh-CN',
  zh_TW: 'zh-TW',
  en_US: 'en',
  vi_VN: 'vi',
};

export function applyUiLocale(language: Language) {
  dayjs.locale(DAYJS_LOCALES[language]);
  document.documentElement.lang = HTML_LANGS[language];
}
