import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

/** Unknown paths inside the shell: a localized 404 with a way back to the dashboard. */
export function NotFoundPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Result
      status="404"
      title={t('common.notFound.title')}
      subTitle={t('common.notFound.description')}
      extra={
        <Button type="primary" onClick={() => navigate('/dashboard')}>
          {t('common.notFound.backHome')}
        </Button>
      }
    />
  );
}
