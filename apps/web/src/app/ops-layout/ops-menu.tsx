import {
  AuditOutlined,
  BlockOutlined,
  DisconnectOutlined,
  NotificationOutlined,
  PercentageOutlined,
  SafetyCertificateOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import { Menu } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { OPS_ROUTES, type OpsMenuIcon, opsFullPath } from './ops-route-table';

/** The console's sider menu, one entry per route of the console's table. */
const ICONS: Record<OpsMenuIcon, ReactNode> = {
  queue: <SafetyCertificateOutlined />,
  merchants: <TeamOutlined />,
  fees: <PercentageOutlined />,
  notices: <NotificationOutlined />,
  chains: <BlockOutlined />,
  unmatched: <DisconnectOutlined />,
  audit: <AuditOutlined />,
};

export function findOpsRoute(pathname: string) {
  return OPS_ROUTES.find((route) => {
    const path = opsFullPath(route);
    return pathname === path || pathname.startsWith(`${path}/`);
  });
}

export function OpsMenu() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const active = findOpsRoute(pathname);
  return (
    <Menu
      mode="inline"
      className="ops-menu"
      selectedKeys={active ? [opsFullPath(active)] : []}
      items={OPS_ROUTES.map((route) => ({
        key: opsFullPath(route),
        icon: ICONS[route.icon],
        label: t(route.titleCode),
      }))}
      onClick={({ key }) => void navigate(key)}
      data-testid="ops-menu"
    />
  );
}
