import { CheckCircleFilled, SendOutlined } from '@ant-design/icons';
import type { App as AppItem } from '@tollgate/contracts';
import { Alert, Button, Flex, Modal, QRCode, Result, Spin, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../shared/lib/format';
import { useTelegramConnect, useTelegramStatus } from '../api/telegram';

/**
 * "Connect Telegram": asks for a one-time deep link to the bot, says what to do with it (open,
 * press Start; it works once, for 15 minutes), and watches the status until the chat is bound.
 * Offered only while the application has no chat.
 */
export function TelegramConnectModal({ app, onClose }: { app: AppItem; onClose: () => void }) {
  const { t } = useTranslation();
  const connect = useTelegramConnect();
  const { mutate } = connect;
  useEffect(() => mutate(app.appId), [mutate, app.appId]);
  const status = useTelegramStatus({ isWaitingForChat: true });
  const chat = status.data?.chats.find((c) => c.appId === app.appId);
  // The card offers to connect only an application without a chat: any chat now is this link's.
  const isBound = chat !== undefined;
  return (
    <Modal
      open
      title={t('application.telegramAlerts.connectTitle', { name: app.name })}
      onCancel={onClose}
      destroyOnHidden
      footer={
        <Button onClick={onClose} data-testid="telegram-connect-close">
          {isBound ? t('application.telegramAlerts.done') : t('common.cancel')}
        </Button>
      }
    >
      {connect.isPending ? (
        <Spin />
      ) : connect.error ? (
        <Alert
          type="error"
          showIcon
          title={connect.error.message}
          action={
            <Button size="small" onClick={() => connect.mutate(app.appId)}>
              {t('common.retry')}
            </Button>
          }
          data-testid="telegram-connect-error"
        />
      ) : isBound && chat ? (
        <Result
          icon={<CheckCircleFilled />}
          status="success"
          title={t('application.telegramAlerts.connected', { chat: chat.title })}
          subTitle={t('application.telegramAlerts.connectedHint')}
          data-testid="telegram-connect-done"
        />
      ) : connect.data ? (
        <div data-testid="telegram-connect-steps">
          <ol style={{ paddingInlineStart: 20 }}>
            <li>{t('application.telegramAlerts.stepOpen')}</li>
            <li>{t('application.telegramAlerts.stepStart')}</li>
            <li>{t('application.telegramAlerts.stepWait')}</li>
          </ol>
          <Flex wrap align="center" gap={16}>
            <QRCode value={connect.data.url} size={128} bordered={false} data-testid="telegram-connect-qr" />
            <Button
              type="primary"
              icon={<SendOutlined />}
              href={connect.data.url}
              target="_blank"
              rel="noopener noreferrer"
              data-testid="telegram-connect-link"
            >
              {t('application.telegramAlerts.open')}
            </Button>
          </Flex>
          <Typography.Paragraph
            copyable={{ text: connect.data.url }}
            type="secondary"
            style={{ marginTop: 12, overflowWrap: 'anywhere' }}
          >
            {connect.data.url}
          </Typography.Paragraph>
          <Typography.Paragraph type="secondary">
            <Spin size="small" />{' '}
            {t('application.telegramAlerts.waiting', { time: formatDate(connect.data.expiresAt) })}
          </Typography.Paragraph>
        </div>
      ) : null}
    </Modal>
  );
}
