import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { EmptyData } from '../../../shared/ui/empty-data';
import { PageContainer } from '../../../shared/ui/page-container';

/** Platform payer (product intro and records): content comes in a later issue. */
export default function PayerPage() {
  const { t } = useTranslation();
  return (
    <PageContainer title={t('menu.platformPayout')} testId="page-payer">
      <Card>
        <EmptyData theme="large" textKey="common.noData" />
      </Card>
    </PageContainer>
  );
}
