import { Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageContainer } from '../../../shared/ui/page-container';
import { CollectionIntro } from '../../collection/components/collection-intro';
import { OrderRecordsCard } from '../../collection/components/order-records-card';

/**
 * Platform collection (SPEC 2, "Product intro pages" and "Collection and payout records"):
 * the intro with the API and a signed example, then the collection records with every filter,
 * server paging and each order's detail (transfers, delivery log, resend).
 */
export default function CollectionPage() {
  const { t } = useTranslation();
  return (
    <PageContainer title={t('menu.platformCollection')} testId="page-collection">
      <Space orientation="vertical" size={16} className="full-width">
        <CollectionIntro />
        <OrderRecordsCard type="collection" />
      </Space>
    </PageContainer>
  );
}
