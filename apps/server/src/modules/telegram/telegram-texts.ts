import type { Language } from '@tollgate/contracts';
import enUS from '../../locales/en_US/telegram.json';
import viVN from '../../locales/vi_VN/telegram.json';
import zhCN from '../../locales/zh_CN/telegram.json';
import zhTW from '../../locales/zh_TW/telegram.json';

/**
 * What the bot says, in the four languages (src/locales/<lang>/telegram.json, the same keys in
 * each: a test checks). Alerts go out in the merchant's language; replies to /start and /stop
 * in the language of the application's merchant when known, else in the Telegram user's.
 */
export type TelegramCatalogue = typeof enUS;
export type TelegramTextKey = keyof TelegramCatalogue;

export const TELEGRAM_CATALOGUES: Record<Language, TelegramCatalogue> = {
  zh_CN: zhCN,
  zh_TW: zhTW,
  en_US: enUS,
  vi_VN: viVN,
};

export function telegramText(
  lang: Language,
  key: TelegramTextKey,
  params: Record<string, string> = {},
): string {
  return TELEGRAM_CATALOGUES[lang][key].replace(/\{(\w+)\}/g, (whole, name: string) => params[name] ?? whole);
}

/** A Telegram user's language_code ("en", "zh-hans", "vi") as one of ours; zh_CN by default. */
export function languageOfTelegramUser(code: string | undefined): Language {
  const lower = (code ?? '').toLowerCase();
  if (lower.startsWith('en')) return 'en_US';
  if (lower.startsWith('vi')) return 'vi_VN';
  if (lower === 'zh-hant' || lower === 'zh-tw' || lower === 'zh-hk') return 'zh_TW';
  return 'zh_CN';
}
