import { MESSAGES } from '@tollgate/contracts';
import enCommon from './en_US/common.json';
import enDashboard from './en_US/dashboard.json';
import enLogin from './en_US/login.json';
import enMenu from './en_US/menu.json';
import enMerchant from './en_US/merchant.json';
import enPages from './en_US/pages.json';
import viCommon from './vi_VN/common.json';
import viDashboard from './vi_VN/dashboard.json';
import viLogin from './vi_VN/login.json';
import viMenu from './vi_VN/menu.json';
import viMerchant from './vi_VN/merchant.json';
import viPages from './vi_VN/pages.json';
import cnCommon from './zh_CN/common.json';
import cnDashboard from './zh_CN/dashboard.json';
import cnLogin from './zh_CN/login.json';
import cnMenu from './zh_CN/menu.json';
import cnMerchant from './zh_CN/merchant.json';
import cnPages from './zh_CN/pages.json';
import twCommon from './zh_TW/common.json';
import twDashboard from './zh_TW/dashboard.json';
import twLogin from './zh_TW/login.json';
import twMenu from './zh_TW/menu.json';
import twMerchant from './zh_TW/merchant.json';
import twPages from './zh_TW/pages.json';

/**
 * Every translation bundled with the app, one section per JSON file (`common`, `menu`, …),
 * all in i18next's single default namespace so a key reads as its path: `menu.dashboard`.
 * The `messages` section is the contracts catalogue (error codes and field rules), shared with
 * the server so a validation key reads the same on both sides. zh_CN is the reference for the
 * key types.
 */
export const catalogues = {
  zh_CN: {
    common: cnCommon,
    menu: cnMenu,
    login: cnLogin,
    dashboard: cnDashboard,
    merchant: cnMerchant,
    pages: cnPages,
    messages: MESSAGES.zh_CN,
  },
  zh_TW: {
    common: twCommon,
    menu: twMenu,
    login: twLogin,
    dashboard: twDashboard,
    merchant: twMerchant,
    pages: twPages,
    messages: MESSAGES.zh_TW,
  },
  en_US: {
    common: enCommon,
    menu: enMenu,
    login: enLogin,
    dashboard: enDashboard,
    merchant: enMerchant,
    pages: enPages,
    messages: MESSAGES.en_US,
  },
  vi_VN: {
    common: viCommon,
    menu: viMenu,
    login: viLogin,
    dashboard: viDashboard,
    merchant: viMerchant,
    pages: viPages,
    messages: MESSAGES.vi_VN,
  },
} as const;

export type Section = keyof (typeof catalogues)['zh_CN'];
export const SECTIONS = Object.keys(catalogues.zh_CN) as Section[];

/** The same catalogues in the shape i18next wants: { [language]: { translation: … } }. */
export const resources = {
  zh_CN: { translation: catalogues.zh_CN },
  zh_TW: { translation: catalogues.zh_TW },
  en_US: { translation: catalogues.en_US },
  vi_VN: { translation: catalogues.vi_VN },
} as const;
