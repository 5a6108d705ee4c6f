import type { MenuProps } from 'antd';
import { Tag } from 'antd';
import type { TFunction } from 'i18next';
import { resolveMenuTarget } from '../router/route-lookup';
import type { AppRoute } from '../router/route-table';
import { MenuIcon } from './menu-icon';

/**
 * Sidebar entries from the route table: every non-hidden, logged-in, non-standalone route,
 * groups (routes with children) as submenus, and entries nested under another indented below
 * it. An item's key is the path it leads to (and selects); a few land on an anchor in it.
 */
type MenuItem = Required<MenuProps>['items'][number];

export function isMenuRoute(route: AppRoute): boolean {
  return !route.hidden && !route.standalone && route.needLogin;
}

function renderLabel(route: AppRoute, t: TFunction) {
  const label = t(route.menuTitleCode ?? route.titleCode);
  return (
    <span className="menu-label">
      <span title={label}>{label}</span>
      {route.tag ? (
        <Tag color={route.tag.type} variant="filled" className="menu-tag">
          {t(route.tag.title)}
        </Tag>
      ) : null}
    </span>
  );
}

export function buildMenuItems(
  routes: AppRoute[],
  activeKey: string | undefined,
  t: TFunction,
  parentPath?: string,
): MenuItem[] {
  return routes.filter(isMenuRoute).map((route): MenuItem => {
    const ownPath = parentPath ? `${parentPath}/${route.path}` : route.path;
    const key = route.children ? ownPath : resolveMenuTarget(route, parentPath);
    // A group is active through any entry in it; an entry only as itself (My applications is not
    // while its records, listed under it, are).
    const isActive =
      activeKey !== undefined &&
      (activeKey === key || (route.children !== undefined && activeKey.startsWith(`${ownPath}/`)));
    const icon = route.icon ? (
      <MenuIcon key={key} src={route.icon} activeSrc={route.activeIcon} isActive={isActive} />
    ) : null;
    const label = renderLabel(route, t);
    if (route.children) {
      return { key, icon, label, children: buildMenuItems(route.children, activeKey, t, ownPath) };
    }
    return route.nestedUnder ? { key, icon, label, className: 'app-menu-nested' } : { key, icon, label };
  });
}

/** Where each entry leads: its key, plus the anchor of an entry that lands inside its page. */
export function listMenuTargets(routes: AppRoute[], parentPath?: string): Map<string, string> {
  const targets = new Map<string, string>();
  for (const route of routes.filter(isMenuRoute)) {
    const ownPath = parentPath ? `${parentPath}/${route.path}` : route.path;
    if (route.children) {
      for (const [key, target] of listMenuTargets(route.children, ownPath)) targets.set(key, target);
    } else {
      const key = resolveMenuTarget(route, parentPath);
      targets.set(key, `${key}${route.menuAnchor ?? ''}`);
    }
  }
  return targets;
}

/** Every key a menu item can select (leaf entries only), for the prefix match. */
export function listMenuKeys(routes: AppRoute[], parentPath?: string): string[] {
  return routes.filter(isMenuRoute).flatMap((route) => {
    const ownPath = parentPath ? `${parentPath}/${route.path}` : route.path;
    return route.children ? listMenuKeys(route.children, ownPath) : [resolveMenuTarget(route, parentPath)];
  });
}
