import { Alert, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * A modal showing the secret: its 64 hex characters (code, 14 px) and the copy button fit on
 * one line (at 560 px the last two characters wrapped alone). On a phone antd keeps a modal
 * within the screen, and the secret breaks where it must.
 */
export const SECRET_MODAL_WIDTH = 640;

/** The APPSECRET in full, with a copy button and what to do with it. */
export function SecretDisplay({ secret, isNew = false }: { secret: string; isNew?: boolean }) {
  const { t } = useTranslation();
  return (
    <Flex vertical gap={12}>
      {/* The copy button beside the secret, never wrapped under it on its own line. */}
      <Flex align="start" gap={8}>
        <Typography.Text
          code
          style={{ wordBreak: 'break-all', fontSize: 14, flex: 1 }}
          data-testid="app-secret-value"
        >
          {secret}
        </Typography.Text>
        <Typography.Text
          copyable={{
            text: secret,
            tooltips: [t('application.secret.copy'), t('application.secret.copied')],
          }}
          data-testid="app-secret-copy"
        />
      </Flex>
      {isNew ? <Alert type="info" showIcon title={t('application.secret.onceNote')} /> : null}
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t('application.secret.keepPrivate')}
      </Typography.Text>
    </Flex>
  );
}
