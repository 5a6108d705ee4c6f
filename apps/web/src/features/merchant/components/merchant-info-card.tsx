import type { MerchantInfo } from '@tollgate/contracts';
import { Card, Descriptions } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../shared/lib/format';

/** User information of the merchant centre: ID, login account and registration time. */
export function MerchantInfoCard({ merchant, isLoading }: { merchant?: MerchantInfo; isLoading: boolean }) {
  const { t } = useTranslation();
  const items = [
    { key: 'merchantId', label: t('merchant.info.merchantId'), children: merchant?.merchantId ?? '-' },
    { key: 'loginAccount', label: t('merchant.info.loginAccount'), children: merchant?.email ?? '-' },
    {
      key: 'registrationTime',
      label: t('merchant.info.registrationTime'),
      children: formatDate(merchant?.createdAt),
    },
  ];
  return (
    <Card title={t('merchant.info.title')} loading={isLoading} data-testid="merchant-info-card">
      <Descriptions column={1} items={items} styles={{ label: { width: 160 } }} />
    </Card>
  );
}
