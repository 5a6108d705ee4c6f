import { LockOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMerchantProfile } from '../api/get-merchant-profile';
import { ChangePasswordModal } from './change-password-modal';

/** The login password row of the merchant centre: what changing it does, and the way to change it. */
export function PasswordCard() {
  const { t } = useTranslation();
  const { data: profile, isPending } = useMerchantProfile();
  const [isOpen, setIsOpen] = useState(false);
  return (
    <Card title={t('merchant.password.title')} loading={isPending} data-testid="password-card">
      <Flex justify="space-between" align="center" gap={16} wrap>
        <Flex gap={12} align="center">
          <LockOutlined style={{ fontSize: 20, color: '#1668dc' }} />
          <Typography.Text type="secondary">
            {profile?.hasPassword === false
              ? t('merchant.password.notSet')
              : t('merchant.password.description')}
          </Typography.Text>
        </Flex>
        <Button onClick={() => setIsOpen(true)} disabled={!profile} data-testid="open-change-password">
          {t('merchant.password.change')}
        </Button>
      </Flex>
      {profile ? (
        <ChangePasswordModal
          open={isOpen}
          onClose={() => setIsOpen(false)}
          hasPassword={profile.hasPassword}
          merchantId={profile.merchantId}
        />
      ) : null}
    </Card>
  );
}
