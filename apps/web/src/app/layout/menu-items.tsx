import type { MenuProps } from 'antd';
import { Tag } from 'antd';
import type { TFunction } from 'i18next';
import { resolveMenuTarget } from '../router/route-lookup';
import type { AppRoute } from '../router/route-table';
import { MenuIcon } from './menu-icon';

/**
 * Sidebar entries from the route table: every non-hidden, logged-in, non-standalone route,
 * groups (routes with children) as submenus. An item's key is the path it leads to.
 */
type MenuItem = Required<MenuProps>['items'][number];

export function isMenuRoute(route: AppRoute): boolean {
  return !route.hidden && !route.standalone && route.needLogin;
}

function renderLabel(route: AppRoute, t: TFunction) {
  return (
    <span className="menu-label">
      <span title={t(route.titleCode)}>{t(route.titleCode)}</span>
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
    const isActive = activeKey !== undefined && (activeKey === key || activeKey.startsWith(`${ownPath}/`));
    const icon = route.icon ? (
      <MenuIcon key={key} src={route.icon} activeSrc={route.activeIcon} isActive={isActive} />
    ) : null;
    const label = renderLabel(route, t);
    if (route.children) {
      return { key, icon, label, children: buildMenuItems(route.children, activeKey, t, ownPath) };
    }
    return { key, icon, label };
  });
}

/** Every key a menu item can select (leaf entries only), for the prefix match. */
export function listMenuKeys(routes: AppRoute[], parentPath?: string): string[] {
  return routes.filter(isMenuRoute).flatMap((route) => {
    const ownPath = parentPath ? `${parentPath}/${route.path}` : route.path;
    return route.children ? listMenuKeys(route.children, ownPath) : [resolveMenuTarget(route, parentPath)];
  });
}
