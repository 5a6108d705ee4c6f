import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageContainer } from '../../../shared/ui/page-container';
import { UnderConstruction } from '../../../shared/ui/under-construction';

/**
 * Payment rates per chain and currency (GET /merchant/fee-info) come in a later issue; until then
 * the page says what it will hold.
 */
export default function RatePage() {
  const { t } = useTranslation();
  return (
    <PageContainer title={t('menu.paymentRates')} testId="page-rate">
      <Card>
        <UnderConstruction planned={t('merchant.rate.planned')} />
      </Card>
    </PageContainer>
  );
}
