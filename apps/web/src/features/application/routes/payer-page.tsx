import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageContainer } from '../../../shared/ui/page-container';
import { UnderConstruction } from '../../../shared/ui/under-construction';

/**
 * Platform payer (product intro and records): content comes in a later issue; until then the page
 * says what it will hold.
 */
export default function PayerPage() {
  const { t } = useTranslation();
  return (
    <PageContainer title={t('menu.platformPayout')} testId="page-payer">
      <Card>
        <UnderConstruction planned={t('pages.payer.planned')} />
      </Card>
    </PageContainer>
  );
}
