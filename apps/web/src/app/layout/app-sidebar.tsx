import { Layout, Menu } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { findActiveMenuKey } from '../router/route-lookup';
import { ROUTES } from '../router/route-table';
import { buildMenuItems, listMenuKeys } from './menu-items';

/**
 * The collapsible left sidebar: full logo or mini logo, and the grouped menu. The active entry
 * is found by path prefix, so /dashboard/notice keeps "dashboard" highlighted.
 */
export const SIDER_WIDTH = 240;
export const SIDER_COLLAPSED_WIDTH = 64;
const MENU_KEYS = listMenuKeys(ROUTES);

function findOpenGroup(activeKey: string | undefined): string | undefined {
  if (!activeKey) return undefined;
  const group = ROUTES.find((route) => route.children && activeKey.startsWith(`${route.path}/`));
  return group?.path;
}

export function AppSidebar({ isCollapsed }: { isCollapsed: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const activeKey = findActiveMenuKey(pathname, MENU_KEYS);
  const items = useMemo(() => buildMenuItems(ROUTES, activeKey, t), [activeKey, t]);
  const [openKeys, setOpenKeys] = useState<string[]>(() => {
    const group = findOpenGroup(activeKey);
    return group ? [group] : [];
  });

  useEffect(() => {
    const group = findOpenGroup(activeKey);
    if (group) setOpenKeys((keys) => (keys.includes(group) ? keys : [...keys, group]));
  }, [activeKey]);

  return (
    <Layout.Sider
      className="app-sider"
      theme="light"
      width={SIDER_WIDTH}
      collapsedWidth={SIDER_COLLAPSED_WIDTH}
      collapsible
      collapsed={isCollapsed}
      trigger={null}
      data-testid="sidebar"
    >
      <div className={`app-logo ${isCollapsed ? 'app-logo--mini' : ''}`}>
        <img
          src={isCollapsed ? '/logo-mini.svg' : '/logo.svg'}
          alt={t('common.appName')}
          height={32}
          data-testid={isCollapsed ? 'logo-mini' : 'logo'}
        />
      </div>
      <Menu
        mode="inline"
        items={items}
        selectedKeys={activeKey ? [activeKey] : []}
        {...(isCollapsed ? {} : { openKeys, onOpenChange: setOpenKeys })}
        onClick={({ key }) => navigate(key)}
        className="app-menu"
        data-testid="side-menu"
      />
    </Layout.Sider>
  );
}
