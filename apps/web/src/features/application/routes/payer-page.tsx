import type { OrderPageBody } from '@tollgate/contracts';
import { Card, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyData } from '../../../shared/ui/empty-data';
import { LoadError } from '../../../shared/ui/load-error';
import { PageContainer } from '../../../shared/ui/page-container';
import { useOrderPage } from '../../collection/api/order-records';
import { CollectionIntro } from '../../collection/components/collection-intro';
import { OrderDetailDrawer } from '../../collection/components/order-detail-drawer';
import { RecordsFilter } from '../../collection/components/records-filter';
import { RecordsTable } from '../../collection/components/records-table';
import { type RecordsFilter as Filter, toRecordsFilter } from '../../collection/lib/records-filter';

const FIRST_PAGE = { pageNo: 1, pageSize: 10 };

/**
 * Platform payout (SPEC 2, "Product intro pages" and "Collection and payout records"): the intro
 * with the payout API and a signed example, then the payout records (type payout: the same
 * filters, paging and detail as collections; the receiving address is the destination).
 */
export default function PayerPage() {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<Filter>({});
  const [page, setPage] = useState(FIRST_PAGE);
  const [openOrderNo, setOpenOrderNo] = useState<string | null>(null);
  const body: OrderPageBody = { type: 'payout', ...page, ...filter };
  const records = useOrderPage(body);

  return (
    <PageContainer title={t('menu.platformPayout')} testId="page-payer">
      <Space direction="vertical" size={16} className="full-width">
        <CollectionIntro kind="payout" />
        <Card title={t('collection.payoutRecords.title')} data-testid="payout-records">
          <RecordsFilter
            type="payout"
            isSearching={records.isFetching}
            onSearch={(values) => {
              setFilter(toRecordsFilter(values));
              setPage((current) => ({ ...current, pageNo: 1 }));
            }}
          />
          {records.error ? (
            <LoadError
              message={`${t('collection.payoutRecords.loadFailed')}: ${records.error.message}`}
              onRetry={() => void records.refetch()}
              isRetrying={records.isFetching}
              testId="records-error"
            />
          ) : (
            <RecordsTable
              rows={records.data?.list ?? []}
              total={records.data?.total ?? 0}
              pageNo={page.pageNo}
              pageSize={page.pageSize}
              isLoading={records.isFetching}
              onPage={(pageNo, pageSize) =>
                setPage({ pageNo: pageSize === page.pageSize ? pageNo : 1, pageSize })
              }
              onOpen={setOpenOrderNo}
              empty={<EmptyData textKey="collection.payoutRecords.empty" />}
              type="payout"
            />
          )}
        </Card>
      </Space>
      <OrderDetailDrawer orderNo={openOrderNo} onClose={() => setOpenOrderNo(null)} />
    </PageContainer>
  );
}
