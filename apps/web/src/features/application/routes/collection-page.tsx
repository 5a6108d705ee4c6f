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
 * Platform collection (SPEC 2, "Product intro pages" and "Collection and payout records"):
 * the intro with the API and a signed example, then the collection records with every filter,
 * server paging and each order's detail (transfers, delivery log, resend).
 */
export default function CollectionPage() {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<Filter>({});
  const [page, setPage] = useState(FIRST_PAGE);
  const [openOrderNo, setOpenOrderNo] = useState<string | null>(null);
  const body: OrderPageBody = { type: 'collection', ...page, ...filter };
  const records = useOrderPage(body);

  return (
    <PageContainer title={t('menu.platformCollection')} testId="page-collection">
      <Space direction="vertical" size={16} className="full-width">
        <CollectionIntro />
        <Card title={t('collection.records.title')} data-testid="collection-records">
          <RecordsFilter
            isSearching={records.isFetching}
            onSearch={(values) => {
              setFilter(toRecordsFilter(values));
              setPage((current) => ({ ...current, pageNo: 1 }));
            }}
          />
          {records.error ? (
            <LoadError
              message={`${t('collection.records.loadFailed')}: ${records.error.message}`}
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
              empty={<EmptyData textKey="collection.records.empty" />}
            />
          )}
        </Card>
      </Space>
      <OrderDetailDrawer orderNo={openOrderNo} onClose={() => setOpenOrderNo(null)} />
    </PageContainer>
  );
}
