import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageContainer } from '../../../shared/ui/page-container';
import { UnderConstruction } from '../../../shared/ui/under-construction';

/**
 * System notices (reached from the dashboard's "more"): the list and its title search (POST
 * /notice/page) come in a later issue. Until then the page says so; a search box over a list that
 * does not exist would be a dead end.
 */
export default function NoticePage() {
  const { t } = useTranslation();
  return (
    <PageContainer title={t('menu.systemNotice')} testId="page-notice">
      <Card>
        <UnderConstruction planned={t('pages.notice.planned')} />
      </Card>
    </PageContainer>
  );
}
