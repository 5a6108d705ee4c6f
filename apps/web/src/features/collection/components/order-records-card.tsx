import type { OrderPageBody } from '@tollgate/contracts';
import { Card } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { isSameQuery } from '../../../shared/lib/same-query';
import { EmptyData } from '../../../shared/ui/empty-data';
import { LoadError } from '../../../shared/ui/load-error';
import { ExportButton } from '../../exports/components/export-button';
import { useOrderPage } from '../api/order-records';
import { type RecordsFilter as Filter, toRecordsFilter } from '../lib/records-filter';
import { OrderDetailDrawer } from './order-detail-drawer';
import { RecordsFilter } from './records-filter';
import { RecordsTable } from './records-table';

const FIRST_PAGE = { pageNo: 1, pageSize: 10 };

const TEXTS = {
  collection: {
    title: 'collection.records.title',
    loadFailed: 'collection.records.loadFailed',
    empty: 'collection.records.empty',
  },
  payout: {
    title: 'collection.payoutRecords.title',
    loadFailed: 'collection.payoutRecords.loadFailed',
    empty: 'collection.payoutRecords.empty',
  },
} as const;

/**
 * Collection or payout records (SPEC "Collection and payout records"): every filter, server
 * paging and each order's detail (transfers, delivery log, resend), for one order type.
 */
export function OrderRecordsCard({ type }: { type: 'collection' | 'payout' }) {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<Filter>({});
  const [page, setPage] = useState(FIRST_PAGE);
  const [openOrderNo, setOpenOrderNo] = useState<string | null>(null);
  const body: OrderPageBody = { type, ...page, ...filter };
  const records = useOrderPage(body);
  const texts = TEXTS[type];
  // My applications' "Collection records" and "Payout records" links land on the records
  // (#records), below the product intro.
  const { hash } = useLocation();
  const anchor = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (hash === '#records') anchor.current?.scrollIntoView({ block: 'start' });
  }, [hash]);
  return (
    <div ref={anchor}>
      <Card title={t(texts.title)} data-testid={`${type}-records`}>
        <RecordsFilter
          type={type}
          isSearching={records.isFetching}
          actions={<ExportButton kind={type} filters={filter} />}
          onSearch={(values) => {
            const next = toRecordsFilter(values);
            if (isSameQuery(next, filter, page.pageNo)) void records.refetch();
            setFilter(next);
            setPage((current) => ({ ...current, pageNo: 1 }));
          }}
        />
        {records.error ? (
          <LoadError
            message={`${t(texts.loadFailed)}: ${records.error.message}`}
            onRetry={() => void records.refetch()}
            isRetrying={records.isFetching}
            testId="records-error"
          />
        ) : (
          <RecordsTable
            type={type}
            rows={records.data?.list ?? []}
            total={records.data?.total ?? 0}
            totalCapped={records.data?.totalCapped}
            pageNo={page.pageNo}
            pageSize={page.pageSize}
            isLoading={records.isFetching}
            onPage={(pageNo, pageSize) =>
              setPage({ pageNo: pageSize === page.pageSize ? pageNo : 1, pageSize })
            }
            onOpen={setOpenOrderNo}
            empty={<EmptyData textKey={texts.empty} />}
          />
        )}
        <OrderDetailDrawer orderNo={openOrderNo} onClose={() => setOpenOrderNo(null)} />
      </Card>
    </div>
  );
}
