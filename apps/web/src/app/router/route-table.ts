import type { ComponentType } from 'react';
import LoginPage from '../../features/auth/routes/login-page';
import type common from '../../locales/zh_CN/common.json';
import type menu from '../../locales/zh_CN/menu.json';

/**
 * The one route table (SPEC section 2). It drives the router, the sidebar menu, page and tab
 * titles, pinned tabs and the login guard. Top-level paths are absolute; children are relative
 * to their parent. `titleCode` is the i18n key shown to the user; `title` is a developer name.
 */
export type TitleKey = `menu.${keyof typeof menu}` | 'login.title';
export type TagKey = `common.tag.${keyof (typeof common)['tag']}`;
export type TagType = 'success' | 'processing' | 'warning' | 'error' | 'default';

export interface AppRoute {
  path: string;
  title: string;
  titleCode: TitleKey;
  /** Pinned: its tab opens at start and cannot be closed. */
  affix?: boolean;
  needLogin: boolean;
  icon?: string;
  activeIcon?: string;
  tag?: { title: TagKey; type: TagType };
  /** Reachable but not listed in the menu. */
  hidden?: boolean;
  /** The menu's label, when it is not the page's title (a page's records section). */
  menuTitleCode?: TitleKey;
  /** Where in the page the menu entry lands (`#records`), when not at its top. */
  menuAnchor?: string;
  /** Listed right under this entry of the menu, indented: a part of it with an entry of its own. */
  nestedUnder?: string;
  /** Outside the shell (no sidebar, header or tabs). */
  standalone?: boolean;
  redirect?: string;
  page?: () => Promise<{ default: ComponentType }>;
  children?: AppRoute[];
}

const menuIcon = (name: string) => ({ icon: `/menu/${name}.svg`, activeIcon: `/menu/${name}-active.svg` });

export const ROUTES: AppRoute[] = [
  { path: '/', title: 'Home', titleCode: 'menu.home', needLogin: true, hidden: true, redirect: '/dashboard' },
  {
    path: '/dashboard',
    title: 'Dashboard',
    titleCode: 'menu.dashboard',
    affix: true,
    needLogin: true,
    ...menuIcon('dashboard'),
    page: () => import('../../features/dashboard/routes/dashboard-page'),
  },
  {
    path: '/application',
    title: 'My applications',
    titleCode: 'menu.myApplications',
    affix: true,
    needLogin: true,
    ...menuIcon('application'),
    page: () => import('../../features/application/routes/application-page'),
  },
  // The product pages of collection and payout, each with its records below the intro: listed
  // under My applications by their records (issue 31), landing on them.
  {
    path: '/application/collection',
    title: 'Platform collection',
    titleCode: 'menu.platformCollection',
    menuTitleCode: 'menu.collectionRecords',
    menuAnchor: '#records',
    nestedUnder: '/application',
    needLogin: true,
    ...menuIcon('collection-records'),
    page: () => import('../../features/application/routes/collection-page'),
  },
  {
    path: '/application/payer',
    title: 'Platform payer',
    titleCode: 'menu.platformPayout',
    menuTitleCode: 'menu.paymentRecords',
    menuAnchor: '#records',
    nestedUnder: '/application',
    needLogin: true,
    ...menuIcon('payment-records'),
    page: () => import('../../features/application/routes/payer-page'),
  },
  {
    path: '/fundFlow',
    title: 'Fund flow',
    titleCode: 'menu.fundFlow',
    needLogin: true,
    tag: { title: 'common.tag.new', type: 'success' },
    ...menuIcon('fund-flow'),
    page: () => import('../../features/fund-flow/routes/fund-flow-page'),
  },
  {
    path: '/dashboard/notice',
    title: 'System notices',
    titleCode: 'menu.systemNotice',
    needLogin: true,
    hidden: true,
    page: () => import('../../features/notice/routes/notice-page'),
  },
  {
    path: '/finance',
    title: 'Asset management',
    titleCode: 'menu.assetManagement',
    needLogin: true,
    ...menuIcon('finance'),
    page: () => import('../../features/finance/routes/finance-page'),
  },
  {
    path: '/merchant',
    title: 'Merchant centre',
    titleCode: 'menu.merchantCenter',
    needLogin: true,
    redirect: '/merchant/info',
    ...menuIcon('merchant'),
    children: [
      {
        path: 'info',
        title: 'Merchant info',
        titleCode: 'menu.merchantInfo',
        needLogin: true,
        ...menuIcon('merchant-info'),
        page: () => import('../../features/merchant/routes/merchant-info-page'),
      },
      {
        path: 'rate',
        title: 'Payment rate',
        titleCode: 'menu.paymentRates',
        needLogin: true,
        ...menuIcon('merchant-rate'),
        page: () => import('../../features/merchant/routes/rate-page'),
      },
    ],
  },
  {
    path: '/report',
    title: 'Reports',
    titleCode: 'menu.reports',
    needLogin: true,
    redirect: '/report/bill',
    ...menuIcon('report'),
    // Daily aggregates over a range of the merchant's days (issue 9); each page is its own chunk.
    children: [
      {
        path: 'bill',
        title: 'Bill report',
        titleCode: 'menu.billReport',
        needLogin: true,
        ...menuIcon('report-bill'),
        page: () => import('../../features/reports/routes/bill-report-page'),
      },
      {
        path: 'recharge',
        title: 'Recharge report',
        titleCode: 'menu.rechargeReport',
        needLogin: true,
        ...menuIcon('report-recharge'),
        page: () => import('../../features/reports/routes/recharge-report-page'),
      },
      {
        path: 'withdrawal',
        title: 'Withdrawal report',
        titleCode: 'menu.withdrawalReport',
        needLogin: true,
        ...menuIcon('report-withdrawal'),
        page: () => import('../../features/reports/routes/withdrawal-report-page'),
      },
      {
        path: 'collection',
        title: 'Collection report',
        titleCode: 'menu.collectionReport',
        needLogin: true,
        ...menuIcon('report-collection'),
        page: () => import('../../features/reports/routes/collection-report-page'),
      },
      {
        path: 'payment',
        title: 'Payment report',
        titleCode: 'menu.paymentReport',
        needLogin: true,
        ...menuIcon('report-payment'),
        page: () => import('../../features/reports/routes/payment-report-page'),
      },
    ],
  },
  {
    path: '/login',
    title: 'Login',
    titleCode: 'login.title',
    needLogin: false,
    hidden: true,
    standalone: true,
    // Not lazy: the page a logged-out visitor lands on comes with the app, not one load later.
    page: () => Promise.resolve({ default: LoginPage }),
  },
];
