import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageContainer } from '../../../shared/ui/page-container';
import { UnderConstruction } from '../../../shared/ui/under-construction';

/**
 * Fund flow: the list of fund records (POST /merchant/account/funds-record) comes in a later
 * issue; until then the page says what it will hold.
 */
export default function FundFlowPage() {
  const { t } = useTranslation();
  return (
    <PageContainer title={t('menu.fundFlow')} testId="page-fund-flow">
      <Card>
        <UnderConstruction planned={t('pages.fundFlow.planned')} />
      </Card>
    </PageContainer>
  );
}
