import messages from '@tollgate/contracts/messages/vi_VN';
import antdLocale from 'antd/es/locale/vi_VN';
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
 * antd's Vietnamese with shorter date-range placeholders: its "Ngày bắt đầu" / "Ngày kết thúc"
 * ended in "…" in the filters' range pickers ("Ngày kết th…"); "Từ ngày" / "Đến ngày" fit.
 */
const antd = antdLocale.DatePicker
  ? {
      ...antdLocale,
      DatePicker: {
        ...antdLocale.DatePicker,
        lang: {
          ...antdLocale.DatePicker.lang,
          rangePlaceholder: ['Từ ngày', 'Đến ngày'] as [string, string],
        },
      },
    }
  : antdLocale;

/**
 * Everything the interface needs in vi_VN but dates (dayjs.ts): built as its own chunk, loaded
 * only in vi_VN.
 */
export default {
  language: 'vi_VN',
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
