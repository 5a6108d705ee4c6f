import { type ComponentType, lazy } from 'react';
import type opsTexts from '../../locales/zh_CN/ops.json';

/**
 * The operator console's route table (issue 8): its own area under /ops, apart from the
 * merchant's table, since it has its own accounts, layout and menu. It drives the console's
 * pages (ops-pages.tsx), its sider menu and its page titles. It loads with the console, not
 * with the app: the app's router knows only /ops/login and /ops/* (router/build-ops-routes.tsx).
 */
export type OpsTitleKey = `ops.menu.${keyof (typeof opsTexts)['menu']}`;
export type OpsMenuIcon = 'queue' | 'merchants' | 'fees' | 'notices' | 'chains' | 'unmatched' | 'audit';

export interface OpsRoute {
  /** Relative to /ops. */
  path: string;
  titleCode: OpsTitleKey;
  icon: OpsMenuIcon;
  page: () => Promise<{ default: ComponentType }>;
}

export const OPS_BASE = '/ops';

export const OPS_ROUTES: OpsRoute[] = [
  {
    path: 'queue',
    titleCode: 'ops.menu.queue',
    icon: 'queue',
    page: () => import('../../features/ops/routes/ops-queue-page'),
  },
  {
    path: 'merchants',
    titleCode: 'ops.menu.merchants',
    icon: 'merchants',
    page: () => import('../../features/ops/routes/ops-merchants-page'),
  },
  {
    path: 'fees',
    titleCode: 'ops.menu.fees',
    icon: 'fees',
    page: () => import('../../features/ops/routes/ops-fees-page'),
  },
  {
    path: 'notices',
    titleCode: 'ops.menu.notices',
    icon: 'notices',
    page: () => import('../../features/ops/routes/ops-notices-page'),
  },
  {
    path: 'chains',
    titleCode: 'ops.menu.chains',
    icon: 'chains',
    page: () => import('../../features/ops/routes/ops-chains-page'),
  },
  {
    path: 'unmatched',
    titleCode: 'ops.menu.unmatched',
    icon: 'unmatched',
    page: () => import('../../features/ops/routes/ops-unmatched-page'),
  },
  {
    path: 'audit',
    titleCode: 'ops.menu.audit',
    icon: 'audit',
    page: () => import('../../features/ops/routes/ops-audit-page'),
  },
];

export const OPS_HOME = `${OPS_BASE}/${OPS_ROUTES[0]?.path ?? 'queue'}`;

/** Each page as a React.lazy component, made once. */
export const OPS_PAGES = OPS_ROUTES.map((route) => ({ route, Page: lazy(route.page) }));

export function opsFullPath(route: OpsRoute): string {
  return `${OPS_BASE}/${route.path}`;
}
