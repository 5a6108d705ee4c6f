import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageContainer } from '../../../shared/ui/page-container';
import { useMerchantInfo } from '../api/get-merchant-info';
import { MerchantInfoCard } from '../components/merchant-info-card';

/** Merchant info: the real merchant from GET /merchant/info (password, Google and login history come later). */
export default function MerchantInfoPage() {
  const { t } = useTranslation();
  const { data, isPending, error } = useMerchantInfo();
  return (
    <PageContainer title={t('menu.merchantInfo')} testId="page-merchant-info">
      {error ? <Alert type="error" showIcon title={error.message} style={{ marginBottom: 16 }} /> : null}
      <MerchantInfoCard {...(data ? { merchant: data } : {})} isLoading={isPending} />
    </PageContainer>
  );
}
