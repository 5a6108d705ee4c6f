import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { EmptyData } from '../../../shared/ui/empty-data';
import { PageContainer } from '../../../shared/ui/page-container';

/** Fund flow: the list of fund records (POST /merchant/account/funds-record) comes in a later issue. */
export default function FundFlowPage() {
  const { t } = useTranslation();
  return (
    <PageContainer title={t('menu.fundFlow')} testId="page-fund-flow">
      <Card>
        <EmptyData theme="large" textKey="pages.fundFlow.empty" />
      </Card>
    </PageContainer>
  );
}
