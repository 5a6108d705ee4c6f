import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageContainer } from '../../../shared/ui/page-container';
import { UnderConstruction } from '../../../shared/ui/under-construction';

/**
 * Platform collection (product intro and records): content comes in a later issue; until then the
 * page says what it will hold.
 */
export default function CollectionPage() {
  const { t } = useTranslation();
  return (
    <PageContainer title={t('menu.platformCollection')} testId="page-collection">
      <Card>
        <UnderConstruction planned={t('pages.collection.planned')} />
      </Card>
    </PageContainer>
  );
}
