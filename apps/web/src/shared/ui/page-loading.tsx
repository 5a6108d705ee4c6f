import { Spin } from 'antd';
import { useTranslation } from 'react-i18next';

/** Full-page loading overlay: first paint of the router and lazily loaded route modules. */
export function PageLoading() {
  const { t } = useTranslation();
  return <Spin fullscreen size="large" description={t('common.loading')} data-testid="page-loading" />;
}
