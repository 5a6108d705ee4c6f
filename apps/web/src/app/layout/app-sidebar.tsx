import { type Language, resolveLanguage } from '@tollgate/contracts/languages';
import { Drawer, Layout, Menu } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import logoUrl from '../../assets/logo.svg?inline';
import { findActiveMenuKey } from '../router/route-lookup';
import { ROUTES } from '../router/route-table';
import { buildMenuItems, listMenuKeys, listMenuTargets } from './menu-items';

/**
 * The left navigation: full logo or mini logo, and the grouped menu. The active entry is
 * found by path prefix, so /dashboard/notice keeps "dashboard" highlighted. From 768 px up it
 * is the collapsible sider; on a phone the same menu is in a drawer opened from the header's
 * toggle, which closes once an entry is chosen.
 */
export const SIDER_WIDTH = 240;
export const SIDER_COLLAPSED_WIDTH = 64;
/**
 * Vietnamese labels are the longest ("Trung tâm thương nhân", then "Thông tin thương nhân" one
 * level in): at 240 they ended in an ellipsis, so the sider is wider in that language.
 */
const WIDER_SIDER: Partial<Record<Language, number>> = { vi_VN: 272 };

function useSiderWidth(): number {
  const { i18n } = useTranslation();
  return WIDER_SIDER[resolveLanguage(i18n.language)] ?? SIDER_WIDTH;
}
const MENU_KEYS = listMenuKeys(ROUTES);
const MENU_TARGETS = listMenuTargets(ROUTES);

function findOpenGroup(activeKey: string | undefined): string | undefined {
  if (!activeKey) return undefined;
  const group = ROUTES.find((route) => route.children && activeKey.startsWith(`${route.path}/`));
  return group?.path;
}

function SidebarContent({ isCollapsed, onNavigate }: { isCollapsed: boolean; onNavigate?: () => void }) {
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
    <>
      <div className={`app-logo ${isCollapsed ? 'app-logo--mini' : ''}`}>
        <img
          src={isCollapsed ? '/logo-mini.svg' : logoUrl}
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
        onClick={({ key }) => {
          void navigate(MENU_TARGETS.get(key) ?? key);
          onNavigate?.();
        }}
        className="app-menu"
        data-testid="side-menu"
      />
    </>
  );
}

export function AppSidebar({ isCollapsed }: { isCollapsed: boolean }) {
  const width = useSiderWidth();
  return (
    <Layout.Sider
      className="app-sider"
      theme="light"
      width={width}
      collapsedWidth={SIDER_COLLAPSED_WIDTH}
      collapsible
      collapsed={isCollapsed}
      trigger={null}
      data-testid="sidebar"
    >
      <SidebarContent isCollapsed={isCollapsed} />
    </Layout.Sider>
  );
}

export function SidebarDrawer({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const width = useSiderWidth();
  return (
    <Drawer
      open={isOpen}
      onClose={onClose}
      placement="left"
      size={width}
      closable={false}
      aria-label={t('common.header.menu')}
      className="app-drawer"
      styles={{ body: { padding: 0 } }}
      data-testid="sidebar-drawer"
    >
      <nav aria-label={t('common.header.menu')}>
        <SidebarContent isCollapsed={false} onNavigate={onClose} />
      </nav>
    </Drawer>
  );
}
