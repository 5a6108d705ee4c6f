import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { EmptyData } from '../../../shared/ui/empty-data';
import { PageContainer } from '../../../shared/ui/page-container';

/** Platform collection (product intro and records): content comes in a later issue. */
export default function CollectionPage() {
  const { t } = useTranslation();
  return (
    <PageContainer title={t('menu.platformCollection')} testId="page-collection">
      <Card>
        <EmptyData theme="large" textKey="common.noData" />
      </Card>
    </PageContainer>
  );
}
