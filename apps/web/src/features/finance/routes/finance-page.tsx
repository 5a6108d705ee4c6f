import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageContainer } from '../../../shared/ui/page-container';
import { UnderConstruction } from '../../../shared/ui/under-construction';

/**
 * Asset management: overview, deposit and withdrawal come in a later issue; until then the page
 * says what it will hold.
 */
export default function FinancePage() {
  const { t } = useTranslation();
  return (
    <PageContainer title={t('menu.assetManagement')} testId="page-finance">
      <Card>
        <UnderConstruction planned={t('pages.finance.planned')} />
      </Card>
    </PageContainer>
  );
}
