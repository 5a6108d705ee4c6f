import type { Language } from '@tollgate/contracts/languages';
import type { LocaleBundle } from './catalogue';

/**
 * Each interface language's bundle (our sections, the contracts messages, antd's and dayjs's
 * locale) is its own chunk, named `locale-<language>-<hash>.js` by the build (vite.config.ts).
 * main.tsx loads the stored language's bundle before the first render; the other three never
 * load, since changing language reloads the page (SPEC section 4).
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
