import { SafetyCertificateOutlined } from '@ant-design/icons';
import { App, Button, Flex, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GoogleUnbindModal } from './google-unbind-modal';

/**
 * Bound: what the authenticator protects, and unbinding behind a warning (SPEC section 5)
 * that says what is lost, before the password and code are even asked for.
 */
export function GoogleBoundPanel() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const [isUnbindOpen, setIsUnbindOpen] = useState(false);

  const warn = () =>
    modal.confirm({
      title: t('merchant.google.unbindWarningTitle'),
      content: t('merchant.google.unbindWarning'),
      okText: t('merchant.google.unbindContinue'),
      okButtonProps: { danger: true, 'data-testid': 'google-unbind-warning-ok' },
      cancelText: t('common.cancel'),
      onOk: () => setIsUnbindOpen(true),
    });

  return (
    <div data-testid="google-bound-panel">
      <Flex justify="space-between" align="center" gap={16} wrap>
        <Flex gap={12} align="center">
          <SafetyCertificateOutlined style={{ fontSize: 28, color: '#52c41a' }} />
          <Typography.Text type="secondary">{t('merchant.google.boundDescription')}</Typography.Text>
        </Flex>
        <Button danger onClick={warn} data-testid="google-unbind">
          {t('merchant.google.unbind')}
        </Button>
      </Flex>
      <GoogleUnbindModal open={isUnbindOpen} onClose={() => setIsUnbindOpen(false)} />
    </div>
  );
}
