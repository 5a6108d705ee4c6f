import type { Language } from '@tollgate/contracts/languages';
import type { LocaleBundle } from './catalogue';

/**
 * Each interface language's bundle (our sections, the contracts messages and antd's locale) is
 * its own chunk, named `locale-<language>-<hash>.js` by the build (vite.config.ts), and so is
 * its dayjs locale (`locale-<language>-dayjs-<hash>.js`). main.tsx loads the stored language's
 * bundle before the first render; the logged-in shell loads its dayjs locale, since only its
 * pages show dates. The other three languages never load: changing language reloads the page
 * (SPEC section 4).
 */
const LOADERS: Record<Language, () => Promise<{ default: LocaleBundle }>> = {
  zh_CN: () => import('./zh_CN/index'),
  zh_TW: () => import('./zh_TW/index'),
  en_US: () => import('./en_US/index'),
  vi_VN: () => import('./vi_VN/index'),
};

export async function loadLocale(language: Language): Promise<LocaleBundle> {
  return (await LOADERS[language]()).default;
}

const DATE_LOADERS: Record<Language, () => Promise<{ applyDayjsLocale: () => void }>> = {
  zh_CN: () => import('./zh_CN/dayjs'),
  zh_TW: () => import('./zh_TW/dayjs'),
  en_US: () => import('./en_US/dayjs'),
  vi_VN: () => import('./vi_VN/dayjs'),
};

/** Load dayjs's locale for `language` and switch dayjs to it. */
export async function loadDateLocale(language: Language): Promise<void> {
  (await DATE_LOADERS[language]()).applyDayjsLocale();
}
