import type { MerchantProfile } from '@tollgate/contracts';
import { Button, Card, Descriptions, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../shared/lib/format';
import { LoadError } from '../../../shared/ui/load-error';
import { useMerchantProfile } from '../api/get-merchant-profile';
import { SetPhoneModal } from './set-phone-modal';

/** User information (SPEC section 2): merchant ID, login account, registration time, phone. */
export function formatPhone(profile: Pick<MerchantProfile, 'phone' | 'countryCode'>): string | undefined {
  if (!profile.phone) return undefined;
  return profile.countryCode ? `+${profile.countryCode} ${profile.phone}` : profile.phone;
}

export function ProfileCard() {
  const { t } = useTranslation();
  const { data: profile, isPending, error, refetch, isFetching } = useMerchantProfile();
  const [isPhoneOpen, setIsPhoneOpen] = useState(false);
  const phone = profile ? formatPhone(profile) : undefined;

  const items = profile
    ? [
        { key: 'merchantId', label: t('merchant.info.merchantId'), children: profile.merchantId },
        { key: 'loginAccount', label: t('merchant.info.loginAccount'), children: profile.loginAccount },
        {
          key: 'registrationTime',
          label: t('merchant.info.registrationTime'),
          children: formatDate(profile.createdAt),
        },
        {
          key: 'phone',
          label: t('merchant.info.phone'),
          children: (
            <Space size={12} wrap>
              {phone ? (
                <span data-testid="profile-phone">{phone}</span>
              ) : (
                <Typography.Text type="secondary" data-testid="profile-phone">
                  {t('merchant.info.phoneNotSet')}
                </Typography.Text>
              )}
              <Button size="small" onClick={() => setIsPhoneOpen(true)} data-testid="open-set-phone">
                {phone ? t('merchant.phone.change') : t('merchant.phone.set')}
              </Button>
            </Space>
          ),
        },
      ]
    : [];

  return (
    <Card title={t('merchant.info.title')} loading={isPending} data-testid="merchant-info-card">
      {error ? (
        <LoadError message={error.message} onRetry={() => void refetch()} isRetrying={isFetching} />
      ) : (
        // No wrap: at a fixed 140 px, vi_VN's 'Tài khoản đăng nhập' wrapped, its colon on a line of its own.
        <Descriptions column={1} items={items} styles={{ label: { minWidth: 160, whiteSpace: 'nowrap' } }} />
      )}
      {profile ? (
        <SetPhoneModal
          open={isPhoneOpen}
          onClose={() => setIsPhoneOpen(false)}
          currentCountryCode={profile.countryCode}
          currentPhone={profile.phone}
        />
      ) : null}
    </Card>
  );
}
