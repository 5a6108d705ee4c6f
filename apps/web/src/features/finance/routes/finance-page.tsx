import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { EmptyData } from '../../../shared/ui/empty-data';
import { PageContainer } from '../../../shared/ui/page-container';

/** Asset management: overview, deposit and withdrawal come in a later issue. */
export default function FinancePage() {
  const { t } = useTranslation();
  return (
    <PageContainer title={t('menu.assetManagement')} testId="page-finance">
      <Card>
        <EmptyData theme="large" textKey="pages.finance.empty" />
      </Card>
    </PageContainer>
  );
}
