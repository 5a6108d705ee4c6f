import type { Language } from '@tollgate/contracts';

/**
 * The one map from an interface language to its BCP 47 tag, for everything the server asks
 * Intl for (dates in mails, country names on the phone tab and in the login history) and for
 * the `lang` attribute of mail HTML.
 */
export const LOCALE_TAGS: Readonly<Record<Language, string>> = {
  zh_CN: 'zh-CN',
  zh_TW: 'zh-TW',
  en_US: 'en-US',
  vi_VN: 'vi-VN',
};

export function toLocaleTag(lang: Language): string {
  return LOCALE_TAGS[lang];
}
