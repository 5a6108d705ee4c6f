import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { EmptyData } from '../../../shared/ui/empty-data';
import { PageContainer } from '../../../shared/ui/page-container';

/** Payment rates per chain and currency (GET /merchant/fee-info) come in a later issue. */
export default function RatePage() {
  const { t } = useTranslation();
  return (
    <PageContainer title={t('menu.paymentRates')} testId="page-rate">
      <Card>
        <EmptyData theme="large" textKey="merchant.rate.empty" />
      </Card>
    </PageContainer>
  );
}
