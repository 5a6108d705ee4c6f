import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { Button, Layout, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { LanguageSwitcher } from '../../shared/ui/language-switcher';
import { BalanceLabel } from './balance-label';
import { NoticeBell } from './notice-bell';
import { UserPopover } from './user-popover';

/**
 * The shell's header: the navigation toggle on the left; balance, unread notices, language and
 * account on the right. On a phone the toggle opens the menu drawer and the balance is
 * shortened, so all four stay on screen at 390 px.
 */
export interface AppHeaderProps {
  isPhone: boolean;
  /** Desktop: the sider is collapsed. Phone: the drawer is closed. */
  isCollapsed: boolean;
  onToggle: () => void;
}

export function AppHeader({ isPhone, isCollapsed, onToggle }: AppHeaderProps) {
  const { t } = useTranslation();
  // The icon shows what a click does: unfold (arrow right) when collapsed, fold when expanded.
  const label = isPhone
    ? t('common.header.openMenu')
    : t(isCollapsed ? 'common.header.expandSidebar' : 'common.header.collapseSidebar');
  return (
    <Layout.Header className="app-header">
      <Button
        type="text"
        icon={isCollapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
        onClick={onToggle}
        aria-label={label}
        aria-expanded={!isCollapsed}
        title={label}
        className="app-header__toggle"
        data-testid="sidebar-toggle"
      />
      <Space size={isPhone ? 4 : 16} className="app-header__right">
        <BalanceLabel isCompact={isPhone} />
        <NoticeBell />
        <LanguageSwitcher />
        <UserPopover />
      </Space>
    </Layout.Header>
  );
}
