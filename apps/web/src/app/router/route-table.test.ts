import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TFunction } from 'i18next';
import type { LoaderFunctionArgs } from 'react-router';
import { describe, expect, it } from 'vitest';
import { writeCookie } from '../../shared/lib/cookies';
import { storeToken } from '../../shared/lib/session';
import { buildMenuItems, listMenuKeys, listMenuTargets } from '../layout/menu-items';
import { toRouteObject } from './build-routes';
import { requireLogin } from './require-login';
import {
  findActiveMenuKey,
  findPageRoute,
  flattenRoutes,
  listAffixRoutes,
  resolveMenuTarget,
} from './route-lookup';
import { ROUTES } from './route-table';

const publicDir = join(dirname(fileURLToPath(import.meta.url)), '../../../public');
const flat = flattenRoutes();
const byPath = (path: string) => {
  const entry = flat.find((e) => e.fullPath === path);
  if (!entry) throw new Error(`no route ${path}`);
  return entry.route;
};
const loaderArgs = (url: string) =>
  ({
    request: new Request(`http://localhost${url}`),
    params: {},
    context: {},
  }) as unknown as LoaderFunctionArgs;

async function runLoader(route: ReturnType<typeof toRouteObject>, url: string): Promise<Response | unknown> {
  const loader = route.loader;
  if (typeof loader !== 'function') throw new Error('route has no loader');
  try {
    return await loader(loaderArgs(url));
  } catch (thrown) {
    return thrown;
  }
}

describe('route table', () => {
  it('has every route of SPEC section 2', () => {
    expect(flat.map((e) => e.fullPath).sort()).toEqual(
      [
        '/',
        '/dashboard',
        '/application',
        '/application/collection',
        '/application/payer',
        '/fundFlow',
        '/dashboard/notice',
        '/finance',
        '/merchant',
        '/merchant/info',
        '/merchant/rate',
        '/report',
        '/report/bill',
        '/report/recharge',
        '/report/withdrawal',
        '/report/collection',
        '/report/payment',
        '/login',
      ].sort(),
    );
  });

  it('redirects / to /dashboard and /merchant to /merchant/info', async () => {
    storeToken('t');
    expect(byPath('/').redirect).toBe('/dashboard');
    expect(byPath('/merchant').redirect).toBe('/merchant/info');
    const root = await runLoader(toRouteObject(byPath('/')), '/');
    expect((root as Response).headers.get('Location')).toBe('/dashboard');
    const group = toRouteObject(byPath('/merchant'));
    const index = group.children?.find((child) => child.index);
    const merchant = await runLoader(index as ReturnType<typeof toRouteObject>, '/merchant');
    expect((merchant as Response).headers.get('Location')).toBe('/merchant/info');
  });

  it('gives redirect-only leaves an element, so react-router does not warn about them', () => {
    expect(toRouteObject(byPath('/')).element).toBeTruthy();
    const index = toRouteObject(byPath('/merchant')).children?.find((child) => child.index);
    expect(index?.element).toBeTruthy();
  });

  it('hides notices and login from the menu and lists the rest', () => {
    for (const path of ['/dashboard/notice', '/login']) {
      expect(byPath(path).hidden, path).toBe(true);
    }
    expect(listMenuKeys(ROUTES)).toEqual([
      '/dashboard',
      '/application',
      '/application/collection',
      '/application/payer',
      '/fundFlow',
      '/finance',
      '/merchant/info',
      '/merchant/rate',
      '/report/bill',
      '/report/recharge',
      '/report/withdrawal',
      '/report/collection',
      '/report/payment',
    ]);
  });

  it('lists the collection and payment records under My applications, landing on the records', () => {
    const t = ((key: string) => key) as unknown as TFunction;
    const items = buildMenuItems(ROUTES, undefined, t) as { key: string; className?: string }[];
    const keys = items.map((item) => item.key);
    const nested = items.filter((item) => item.className === 'app-menu-nested').map((item) => item.key);
    expect(nested).toEqual(['/application/collection', '/application/payer']);
    expect(keys.indexOf('/application/collection')).toBe(keys.indexOf('/application') + 1);
    // SPEC "Menu labels": collection records and payment records; the pages keep their titles.
    expect(byPath('/application/collection')).toMatchObject({
      menuTitleCode: 'menu.collectionRecords',
      titleCode: 'menu.platformCollection',
    });
    expect(byPath('/application/payer')).toMatchObject({
      menuTitleCode: 'menu.paymentRecords',
      titleCode: 'menu.platformPayout',
    });
    const targets = listMenuTargets(ROUTES);
    expect(targets.get('/application/collection')).toBe('/application/collection#records');
    expect(targets.get('/application/payer')).toBe('/application/payer#records');
    expect(targets.get('/application')).toBe('/application');
    expect(targets.get('/merchant/rate')).toBe('/merchant/rate');
  });

  it('pins dashboard and my applications, with their i18n title codes', () => {
    expect(listAffixRoutes().map((e) => e.fullPath)).toEqual(['/dashboard', '/application']);
    expect(byPath('/dashboard').titleCode).toBe('menu.dashboard');
    expect(byPath('/application').titleCode).toBe('menu.myApplications');
  });

  it('needs login everywhere but /login, which stands alone', () => {
    for (const entry of flat) expect(entry.route.needLogin, entry.fullPath).toBe(entry.fullPath !== '/login');
    expect(byPath('/login').standalone).toBe(true);
  });

  it('gives every menu entry an icon and an active icon that exist, and at least one tag', () => {
    for (const entry of flat.filter((e) => !e.route.hidden)) {
      for (const icon of [entry.route.icon, entry.route.activeIcon]) {
        expect(icon, entry.fullPath).toMatch(/^\/menu\/.+\.svg$/);
        expect(existsSync(join(publicDir, icon ?? '')), icon).toBe(true);
      }
    }
    expect(flat.some((e) => e.route.tag)).toBe(true);
  });

  it('has a lazily loaded page for every path that is not a redirect', () => {
    for (const entry of flat) {
      if (!entry.route.redirect) expect(typeof entry.route.page, entry.fullPath).toBe('function');
    }
    expect(findPageRoute('/merchant/rate/')?.route.titleCode).toBe('menu.paymentRates');
    expect(findPageRoute('/merchant')).toBeUndefined();
  });
});

describe('menu and guard', () => {
  const keys = listMenuKeys(ROUTES);

  it('finds the active menu entry by path prefix', () => {
    expect(findActiveMenuKey('/dashboard/notice', keys)).toBe('/dashboard');
    expect(findActiveMenuKey('/application/collection', keys)).toBe('/application/collection');
    expect(findActiveMenuKey('/application', keys)).toBe('/application');
    expect(findActiveMenuKey('/merchant/rate', keys)).toBe('/merchant/rate');
    expect(findActiveMenuKey('/fundFlowing', keys)).toBeUndefined();
  });

  it('sends a menu child to parent path plus child path', () => {
    const merchant = byPath('/merchant');
    const rate = merchant.children?.find((c) => c.path === 'rate');
    expect(rate && resolveMenuTarget(rate, merchant.path)).toBe('/merchant/rate');
  });

  it('redirects to /login?redirect=… without a token, passes with one', async () => {
    const thrown = (() => {
      try {
        return requireLogin(loaderArgs('/fundFlow?x=1'));
      } catch (error) {
        return error;
      }
    })();
    expect((thrown as Response).headers.get('Location')).toBe(
      `/login?redirect=${encodeURIComponent('/fundFlow?x=1')}`,
    );
    storeToken('t');
    expect(requireLogin(loaderArgs('/fundFlow'))).toBeNull();
  });

  it('accepts the token cookie alone', () => {
    writeCookie('token', 'from-cookie', 1);
    expect(requireLogin(loaderArgs('/dashboard'))).toBeNull();
  });
});
