import messages from '@tollgate/contracts/messages/zh_TW';
import antd from 'antd/es/locale/zh_TW';
import type { LocaleBundle } from '../catalogue';
import application from './application.json';
import assets from './assets.json';
import collection from './collection.json';
import common from './common.json';
import dashboard from './dashboard.json';
import exportTexts from './exports.json';
import fundFlow from './fundFlow.json';
import login from './login.json';
import menu from './menu.json';
import merchant from './merchant.json';
import pages from './pages.json';
import reports from './reports.json';

/**
 * Everything the interface needs in zh_TW but dates (dayjs.ts): built as its own chunk, loaded
 * only in zh_TW.
 */
export default {
  language: 'zh_TW',
  catalogue: {
    common,
    menu,
    login,
    dashboard,
    merchant,
    pages,
    application,
    collection,
    fundFlow,
    assets,
    reports,
    exports: exportTexts,
    messages,
  },
  antd,
} satisfies LocaleBundle;
