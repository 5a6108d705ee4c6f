import { type AppRoute, ROUTES } from './route-table';

/**
 * Questions asked of the route table by the shell: a path's route (for titles and tabs), the
 * menu entry a path belongs to (by prefix), and where a menu child leads.
 */
export interface FlatRoute {
  fullPath: string;
  route: AppRoute;
  parent?: AppRoute;
}

export function joinPath(parent: string, child: string): string {
  if (child.startsWith('/')) return child;
  return `${parent.replace(/\/$/, '')}/${child}`;
}

export function flattenRoutes(routes: AppRoute[] = ROUTES, parent?: AppRoute): FlatRoute[] {
  return routes.flatMap((route) => {
    const fullPath = parent ? joinPath(parent.path, route.path) : route.path;
    const self: FlatRoute = parent ? { fullPath, route, parent } : { fullPath, route };
    const children = route.children ? flattenRoutes(route.children, { ...route, path: fullPath }) : [];
    return [self, ...children];
  });
}

const FLAT_ROUTES = flattenRoutes();

export function normalizePath(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
}

/** The page route at exactly this path (redirect-only routes have no page and are skipped). */
export function findPageRoute(pathname: string): FlatRoute | undefined {
  const path = normalizePath(pathname);
  return FLAT_ROUTES.find((entry) => entry.fullPath === path && entry.route.page);
}

/** The path a menu entry leads to: parent path plus the child's redirect or path. */
export function resolveMenuTarget(route: AppRoute, parentPath?: string): string {
  const own = parentPath ? joinPath(parentPath, route.path) : route.path;
  return route.redirect ?? own;
}

function isPathPrefix(prefix: string, pathname: string): boolean {
  return pathname === prefix || pathname.startsWith(prefix.endsWith('/') ? prefix : `${prefix}/`);
}

/** The menu key (full path) to highlight: the longest key that is a path prefix of `pathname`. */
export function findActiveMenuKey(pathname: string, menuKeys: string[]): string | undefined {
  const path = normalizePath(pathname);
  return menuKeys
    .filter((key) => key !== '/' && isPathPrefix(key, path))
    .sort((a, b) => b.length - a.length)[0];
}

export function listAffixRoutes(): FlatRoute[] {
  return FLAT_ROUTES.filter((entry) => entry.route.affix && entry.route.page);
}
