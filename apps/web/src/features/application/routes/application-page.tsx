import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageContainer } from '../../../shared/ui/page-container';
import { UnderConstruction } from '../../../shared/ui/under-construction';

/**
 * My applications: the app cards, adding, editing and the secret keys come with the applications
 * issue. Until then the page says so and offers no "Add" button that would lead nowhere.
 */
export default function ApplicationPage() {
  const { t } = useTranslation();
  return (
    <PageContainer title={t('menu.myApplications')} testId="page-application">
      <Card>
        <UnderConstruction planned={t('pages.application.planned')} />
      </Card>
    </PageContainer>
  );
}
