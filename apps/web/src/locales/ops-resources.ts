import type { Language } from '@tollgate/contracts/languages';
import { i18n } from '../shared/lib/i18n';
import type { LazyCatalogue } from './catalogue';

/**
 * The operator console's texts (`ops.json` of each language) are not in the language bundle
 * every page loads: only the /ops area needs them, and the merchant login page must not grow
 * with them (issue 6). The console's routes load the current language's file and add it to
 * the one i18next instance before they render; the other three never load.
 */
type OpsTexts = LazyCatalogue['ops'];

const LOADERS: Record<Language, () => Promise<{ default: OpsTexts }>> = {
  zh_CN: () => import('./zh_CN/ops.json'),
  zh_TW: () => import('./zh_TW/ops.json'),
  en_US: () => import('./en_US/ops.json'),
  vi_VN: () => import('./vi_VN/ops.json'),
};

export async function loadOpsTexts(language: Language): Promise<OpsTexts> {
  return (await LOADERS[language]()).default;
}

/** Load `language`'s console texts into i18n (once); resolves when `t('ops.…')` works. */
export async function loadOpsLocale(language: Language): Promise<void> {
  if (i18n.exists('ops.menu.queue', { lng: language })) return;
  const ops = await loadOpsTexts(language);
  i18n.addResourceBundle(language, 'translation', { ops }, true, true);
}
