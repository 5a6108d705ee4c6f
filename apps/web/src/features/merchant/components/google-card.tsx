import { Card, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../shared/ui/load-error';
import { useGoogleCheck } from '../api/get-google-check';
import { GoogleBindPanel } from './google-bind-panel';
import { GoogleBoundPanel } from './google-bound-panel';

/** Google Authenticator (SPEC section 2): the bind panel while unbound, the status and unbind once bound. */
export function GoogleCard() {
  const { t } = useTranslation();
  const { data, isPending, error, refetch, isFetching } = useGoogleCheck();
  const status = data ? (
    <Tag color={data.isBindGoogle ? 'success' : 'default'} data-testid="google-status">
      {data.isBindGoogle ? t('merchant.google.bound') : t('merchant.google.unbound')}
    </Tag>
  ) : null;
  let content = null;
  if (error) {
    content = <LoadError message={error.message} onRetry={() => void refetch()} isRetrying={isFetching} />;
  } else if (data?.isBindGoogle) {
    content = <GoogleBoundPanel />;
  } else if (data) {
    content = <GoogleBindPanel secret={data.secret} otpauthUrl={data.otpauthUrl} />;
  }
  return (
    <Card title={t('merchant.google.title')} extra={status} loading={isPending} data-testid="google-card">
      {content}
    </Card>
  );
}
