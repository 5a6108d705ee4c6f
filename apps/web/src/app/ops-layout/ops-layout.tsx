import { LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Layout, Space, Spin, Tag, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import logoUrl from '../../assets/logo.svg?inline';
import { useOpsMe } from '../../features/ops/api/get-ops-me';
import { opsKeys } from '../../features/ops/api/ops-keys';
import { useOpsLogout } from '../../features/ops/api/ops-logout';
import { OpsGoogleBind } from '../../features/ops/components/ops-google-bind';
import { useRuntimeConfig } from '../../shared/api/get-runtime-config';
import { setOpsSessionEndHandler } from '../../shared/lib/http';
import { OPS_LOGIN_PATH } from '../../shared/lib/ops-session';
import { LanguageSwitcher } from '../../shared/ui/language-switcher';
import { LoadError } from '../../shared/ui/load-error';
import { findOpsRoute, OpsMenu } from './ops-menu';
import { OpsPages } from './ops-pages';

/**
 * The operator console's frame: a sider with the console's menu, a header with the operator's
 * email, the language and logout, and the page. It reads the operator first: one who must
 * bind Google (live mode, not bound) sees only the bind page until it is done. A 401/4000 on
 * any console call comes back to /ops/login (the merchant's session is left alone).
 */
export function OpsLayout() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { pathname } = useLocation();
  const me = useOpsMe();
  const logout = useOpsLogout();
  const runtime = useRuntimeConfig();
  const route = findOpsRoute(pathname);

  useEffect(() => {
    setOpsSessionEndHandler(() => {
      const target = `${OPS_LOGIN_PATH}?redirect=${encodeURIComponent(window.location.pathname)}`;
      void Promise.resolve(navigate(target, { replace: true })).finally(() =>
        queryClient.removeQueries({ queryKey: opsKeys.all }),
      );
    });
  }, [navigate, queryClient]);

  useEffect(() => {
    const title = route ? t(route.titleCode) : t('ops.appName');
    document.title = `${title} - ${t('ops.appName')}`;
  }, [route, t]);

  let content = <OpsPages />;
  if (me.isPending) content = <Spin size="large" className="ops-loading" data-testid="ops-me-loading" />;
  else if (me.isError)
    content = (
      <LoadError message={me.error.message} onRetry={() => void me.refetch()} testId="ops-me-error" />
    );
  else if (me.data.googleRequired) content = <OpsGoogleBind />;

  return (
    <Layout className="ops-shell" data-testid="ops-shell">
      <Layout.Sider className="ops-sider" theme="light" width={220} breakpoint="md" collapsedWidth={0}>
        <div className="ops-logo">
          <img src={logoUrl} alt={t('common.appName')} height={28} />
          <Tag color="blue" className="ops-logo__tag">
            {t('ops.badge')}
          </Tag>
        </div>
        <nav aria-label={t('ops.header.menu')}>
          <OpsMenu />
        </nav>
      </Layout.Sider>
      <Layout className="ops-main">
        <Layout.Header className="ops-header">
          <Typography.Text strong className="ops-header__title">
            {t('ops.appName')}
          </Typography.Text>
          <Space size={12} className="ops-header__tools">
            {runtime.data?.chainMode === 'devnet' ? (
              <Tag color="warning" data-testid="ops-devnet">
                {t('ops.header.devnet')}
              </Tag>
            ) : null}
            <span className="ops-header__operator" data-testid="ops-operator-email">
              <UserOutlined aria-hidden /> <span className="visually-hidden">{t('ops.header.operator')}</span>
              <span className="ops-header__operator-email">{me.data?.email ?? '-'}</span>
            </span>
            <LanguageSwitcher />
            <Button
              icon={<LogoutOutlined />}
              loading={logout.isPending}
              onClick={() => logout.mutate()}
              aria-label={t('ops.header.logout')}
              data-testid="ops-logout"
            >
              <span className="ops-header__logout-text">{t('ops.header.logout')}</span>
            </Button>
          </Space>
        </Layout.Header>
        <Layout.Content className="ops-content" data-testid="ops-content">
          {content}
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
