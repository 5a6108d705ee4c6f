import messages from '@tollgate/contracts/messages/en_US';
import antd from 'antd/es/locale/en_US';
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
 * Everything the interface needs in en_US but dates (dayjs.ts): built as its own chunk, loaded
 * only in en_US.
 */
export default {
  language: 'en_US',
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
