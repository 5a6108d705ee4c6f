import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { EmptyData } from '../../../shared/ui/empty-data';
import { PageContainer } from '../../../shared/ui/page-container';

/** My applications: the app cards and their actions come with the applications issue; until then, nothing is invented. */
export default function ApplicationPage() {
  const { t } = useTranslation();
  return (
    <PageContainer title={t('menu.myApplications')} testId="page-application">
      <Card>
        <EmptyData theme="large" textKey="pages.application.empty" />
      </Card>
    </PageContainer>
  );
}
