import { Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageContainer } from '../../../shared/ui/page-container';
import { CollectionIntro } from '../../collection/components/collection-intro';
import { OrderRecordsCard } from '../../collection/components/order-records-card';

/**
 * Platform payout (SPEC 2, "Product intro pages" and "Collection and payout records"): the intro
 * with the payout API and a signed example, then the payout records (type payout: the same
 * filters, paging and detail as collections; the receiving address is the destination).
 */
export default function PayerPage() {
  const { t } = useTranslation();
  return (
    <PageContainer title={t('menu.platformPayout')} testId="page-payer">
      <Space orientation="vertical" size={16} className="full-width">
        <CollectionIntro kind="payout" />
        <OrderRecordsCard type="payout" />
      </Space>
    </PageContainer>
  );
}
