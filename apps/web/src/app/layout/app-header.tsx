import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { Button, Layout, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { LanguageSwitcher } from '../../shared/ui/language-switcher';
import { BalanceLabel } from './balance-label';
import { UserPopover } from './user-popover';

/** The shell's header: sidebar toggle on the left; balance, language and account on the right. */
export function AppHeader({ isCollapsed, onToggle }: { isCollapsed: boolean; onToggle: () => void }) {
  const { t } = useTranslation();
  // The icon shows what a click does: unfold (arrow right) when collapsed, fold when expanded.
  const label = t(isCollapsed ? 'common.header.expandSidebar' : 'common.header.collapseSidebar');
  return (
    <Layout.Header className="app-header">
      <Button
        type="text"
        icon={isCollapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
        onClick={onToggle}
        aria-label={label}
        title={label}
        className="app-header__toggle"
        data-testid="sidebar-toggle"
      />
      <Space size={16} className="app-header__right">
        <BalanceLabel />
        <LanguageSwitcher />
        <UserPopover />
      </Space>
    </Layout.Header>
  );
}
