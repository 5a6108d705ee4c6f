import { type LoaderFunction, Navigate, type RouteObject, redirect } from 'react-router';
import { loadDateLocale } from '../../locales/resources';
import { readLanguage } from '../../shared/lib/language';
import { PageLoading } from '../../shared/ui/page-loading';
import { RootFrame } from '../root-frame';
import { buildOpsRouteObjects } from './build-ops-routes';
import { requireLogin } from './require-login';
import { trackRouteLoad } from './route-loading';
import type { AppRoute } from './route-table';

/**
 * Turns the route table into react-router route objects: the shell (layout) holds every
 * logged-in route, standalone routes (login) sit beside it. Pages, the shell itself and the
 * 404 page load lazily, so /login never loads the shell's menu, header and tabs.
 */
function redirectTo(target: string, needLogin: boolean): LoaderFunction {
  return (args) => {
    if (needLogin) requireLogin(args);
    return redirect(target);
  };
}

/**
 * A redirect-only route: the loader redirects before anything renders, but react-router still
 * wants every leaf to have an element (else it warns "Matched leaf route … does not have an
 * element"). The element redirects too, so the route is right even if the loader were skipped.
 */
function redirectRoute(target: string, needLogin: boolean) {
  return { loader: redirectTo(target, needLogin), element: <Navigate to={target} replace /> };
}

function lazyPage(load: NonNullable<AppRoute['page']>) {
  return async () => {
    const module = await trackRouteLoad(load());
    return { Component: module.default };
  };
}

/** The shell, and dayjs's locale for the dates its pages show (the login page shows none). */
async function loadAppLayout() {
  const [{ ShellFrame }] = await trackRouteLoad(
    Promise.all([import('../shell-frame'), loadDateLocale(readLanguage())]),
  );
  return { Component: ShellFrame };
}

async function loadNotFoundPage() {
  const { NotFoundPage } = await trackRouteLoad(import('../not-found-page'));
  return { Component: NotFoundPage };
}

export function toRouteObject(route: AppRoute): RouteObject {
  const guard = route.needLogin ? { loader: requireLogin } : {};
  if (route.children) {
    const index: RouteObject[] = route.redirect
      ? [{ index: true, ...redirectRoute(route.redirect, route.needLogin) }]
      : [];
    return { path: route.path, children: [...index, ...route.children.map(toRouteObject)] };
  }
  if (route.redirect) return { path: route.path, ...redirectRoute(route.redirect, route.needLogin) };
  if (!route.page) throw new Error(`route ${route.path} has neither page, redirect nor children`);
  return { path: route.path, ...guard, lazy: lazyPage(route.page) };
}

export function buildRouteObjects(routes: AppRoute[]): RouteObject[] {
  const shell = routes.filter((route) => !route.standalone);
  const standalone = routes.filter((route) => route.standalone);
  return [
    {
      id: 'root',
      Component: RootFrame,
      HydrateFallback: PageLoading,
      children: [
        {
          id: 'layout',
          loader: requireLogin,
          lazy: loadAppLayout,
          children: [...shell.map(toRouteObject), { path: '*', lazy: loadNotFoundPage }],
        },
        ...standalone.map(toRouteObject),
        // The operator console (/ops): its own login, layout and pages, all loaded lazily.
        ...buildOpsRouteObjects(),
      ],
    },
  ];
}
