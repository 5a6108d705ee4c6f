import { EllipsisOutlined } from '@ant-design/icons';
import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { ViewTab } from './tabs-reducer';

/**
 * The bar of visited views; pinned tabs have no close button, the current path is highlighted.
 * antd's overflow button and close buttons carry no name of their own (the icon's "ellipsis",
 * an English "remove"), so both are named here in the interface language.
 */
export interface TabBarProps {
  tabs: ViewTab[];
  activeKey: string;
  onClose: (key: string) => void;
}

export function TabBar({ tabs, activeKey, onClose }: TabBarProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const items = tabs.map((tab) => ({
    key: tab.key,
    label: <span data-testid={`view-tab-${tab.key}`}>{t(tab.titleCode)}</span>,
    closable: !tab.isAffix,
  }));
  const isActiveTab = tabs.some((tab) => tab.key === activeKey);
  return (
    <nav className="app-tabs" aria-label={t('common.tabs.label')} data-testid="view-tabs">
      <Tabs
        type="editable-card"
        hideAdd
        size="small"
        items={items}
        more={{ icon: <EllipsisOutlined aria-label={t('common.tabs.more')} /> }}
        locale={{ dropdownAriaLabel: t('common.tabs.moreList'), removeAriaLabel: t('common.tabs.close') }}
        {...(isActiveTab ? { activeKey } : { activeKey: '' })}
        onChange={(key) => navigate(key)}
        onEdit={(key, action) => {
          if (action === 'remove' && typeof key === 'string') onClose(key);
        }}
      />
    </nav>
  );
}
