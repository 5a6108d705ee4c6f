import type { Language, MessageCatalogue } from '@tollgate/contracts';
import type { Locale } from 'antd/es/locale';
import type application from './zh_CN/application.json';
import type assets from './zh_CN/assets.json';
import type collection from './zh_CN/collection.json';
import type common from './zh_CN/common.json';
import type dashboard from './zh_CN/dashboard.json';
import type exportTexts from './zh_CN/exports.json';
import type fundFlow from './zh_CN/fundFlow.json';
import type login from './zh_CN/login.json';
import type menu from './zh_CN/menu.json';
import type merchant from './zh_CN/merchant.json';
import type ops from './zh_CN/ops.json';
import type pages from './zh_CN/pages.json';
import type reports from './zh_CN/reports.json';

/**
 * One language's translations, one section per JSON file (`common`, `menu`, …), all in
 * i18next's single default namespace so a key reads as its path: `menu.dashboard`. The
 * `messages` section is the contracts catalogue (error codes and field rules), shared with the
 * server so a validation key reads the same on both sides. zh_CN is the reference for the key
 * types; each language's bundle must satisfy it, so a key missing in one fails to compile.
 */
export interface Catalogue {
  common: typeof common;
  menu: typeof menu;
  login: typeof login;
  dashboard: typeof dashboard;
  merchant: typeof merchant;
  pages: typeof pages;
  application: typeof application;
  collection: typeof collection;
  fundFlow: typeof fundFlow;
  assets: typeof assets;
  reports: typeof reports;
  exports: typeof exportTexts;
  messages: MessageCatalogue;
}

/**
 * Sections loaded with the area that shows them, not with the bundle (ops-resources.ts): typed
 * keys like the rest (i18next.d.ts), each language's file checked against zh_CN's there.
 */
export interface LazyCatalogue {
  ops: typeof ops;
}

/** One interface language's texts, ours and antd's, loaded as one chunk (dayjs's come with the shell). */
export interface LocaleBundle {
  language: Language;
  catalogue: Catalogue;
  antd: Locale;
}
