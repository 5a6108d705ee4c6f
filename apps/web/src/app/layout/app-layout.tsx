import { useQueryClient } from '@tanstack/react-query';
import { Layout } from 'antd';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { accountKeys } from '../../features/dashboard/api/account-keys';
import { accountInfoQueryOptions } from '../../features/dashboard/api/get-account-info';
import { useMerchantInfo } from '../../features/merchant/api/get-merchant-info';
import { chainListQueryOptions } from '../../shared/api/get-chain-list';
import { coinListQueryOptions } from '../../shared/api/get-coin-list';
import { exchangeRateListQueryOptions } from '../../shared/api/get-exchange-rate-list';
import { useIsPhone } from '../../shared/lib/use-is-phone';
import { useLiveUpdates } from '../live/use-live-updates';
import { AppHeader } from './app-header';
import { AppSidebar, SidebarDrawer } from './app-sidebar';
import { DevnetBanner } from './devnet-banner';
import { KeepAliveOutlet } from './keep-alive-outlet';
import { TabBar } from './tab-bar';
import { useViewTabs } from './use-view-tabs';

/**
 * The shell of every logged-in page (SPEC section 2): sidebar, header, tab bar and the cached
 * views. Entering it loads the merchant; after mount the balances and reference data are
 * loaded into the query cache for the pages that need them. On devnet a strip under the
 * header says that payments are simulated. Below 768 px the sider gives way to a drawer, so
 * the content keeps the whole width of a phone.
 */
export function AppLayout() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [isCollapsed, setIsCollapsed] = useState(false);
  const [isDrawerOpen, setIsDrawerOpen] = useState(false);
  const isPhone = useIsPhone();
  const { tabs, activeKey, activeRoute, closeTab } = useViewTabs();
  const contentRef = useRef<HTMLElement>(null);
  const scrollTops = useRef(new Map<string, number>());
  useMerchantInfo();
  // The merchant's live events (one stream per tab, while the shell is open).
  useLiveUpdates();

  useEffect(() => {
    void queryClient.prefetchQuery(accountInfoQueryOptions());
    void queryClient.prefetchQuery(coinListQueryOptions());
    void queryClient.prefetchQuery(chainListQueryOptions());
    void queryClient.prefetchQuery(exchangeRateListQueryOptions());
  }, [queryClient]);

  // The balance moves with payments the merchant does not see happen: the header's and the
  // dashboard's figures are read again on each navigation between views (and on focus, see
  // accountInfoQueryOptions), without waiting for a reload.
  // The first view's balance is the prefetch above.
  const isFirstView = useRef(true);
  useEffect(() => {
    if (!isFirstView.current && activeKey)
      void queryClient.invalidateQueries({ queryKey: accountKeys.info() });
    isFirstView.current = false;
  }, [activeKey, queryClient]);

  useEffect(() => {
    const title = activeRoute ? t(activeRoute.route.titleCode) : t('common.notFound.title');
    document.title = `${title} - ${t('common.appName')}`;
  }, [activeRoute, t]);

  // Each view keeps its own scroll position in the one scrolling content area.
  useLayoutEffect(() => {
    if (contentRef.current) contentRef.current.scrollTop = scrollTops.current.get(activeKey) ?? 0;
  }, [activeKey]);

  return (
    <Layout className="app-shell">
      {isPhone ? (
        <SidebarDrawer isOpen={isDrawerOpen} onClose={() => setIsDrawerOpen(false)} />
      ) : (
        <AppSidebar isCollapsed={isCollapsed} />
      )}
      <Layout className="app-main">
        <AppHeader
          isPhone={isPhone}
          isCollapsed={isPhone ? !isDrawerOpen : isCollapsed}
          onToggle={() => (isPhone ? setIsDrawerOpen(true) : setIsCollapsed((value) => !value))}
        />
        <DevnetBanner />
        <TabBar tabs={tabs} activeKey={activeKey} onClose={closeTab} />
        <Layout.Content
          ref={contentRef}
          className="app-content"
          data-testid="app-content"
          onScroll={(event) => scrollTops.current.set(activeKey, event.currentTarget.scrollTop)}
        >
          <KeepAliveOutlet
            activeKey={activeKey}
            keepKeys={tabs.map((tab) => tab.key)}
            isCacheable={activeRoute !== undefined}
          />
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
