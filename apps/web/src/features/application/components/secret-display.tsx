import { Alert, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** The APPSECRET in full, with a copy button and what to do with it. */
export function SecretDisplay({ secret, isNew = false }: { secret: string; isNew?: boolean }) {
  const { t } = useTranslation();
  return (
    <Flex vertical gap={12}>
      <Typography.Paragraph
        code
        copyable={{ text: secret, tooltips: [t('application.secret.copy'), t('application.secret.copied')] }}
        style={{ wordBreak: 'break-all', marginBottom: 0, fontSize: 14 }}
        data-testid="app-secret-value"
      >
        {secret}
      </Typography.Paragraph>
      {isNew ? <Alert type="info" showIcon title={t('application.secret.onceNote')} /> : null}
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t('application.secret.keepPrivate')}
      </Typography.Text>
    </Flex>
  );
}
