import type { OrderRecord } from '@tollgate/contracts';
import { Button, Space, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, formatExactAmount } from '../../../shared/lib/format';
import { useRecentChanges } from '../../../shared/live/recent-changes';
import { RecordsTotal } from '../../../shared/ui/records-total';
import { OrderStatus, TestTag } from './order-status';

/**
 * The records table: server pages, each row opening the order's detail. A row the live events
 * just named (new, or its status changed) is marked for a moment (`live-changed`, app/styles.css).
 */
export function RecordsTable({
  rows,
  total,
  totalCapped = false,
  pageNo,
  pageSize,
  isLoading,
  onPage,
  onOpen,
  empty,
  type = 'collection',
}: {
  /** Payouts show their destination and no paid amount. */
  type?: 'collection' | 'payout';
  rows: OrderRecord[];
  total: number;
  /** The server counted no further than its window: `total` is the window, more match. */
  totalCapped?: boolean;
  pageNo: number;
  pageSize: number;
  isLoading: boolean;
  onPage: (pageNo: number, pageSize: number) => void;
  onOpen: (orderNo: string) => void;
  empty: ReactNode;
}) {
  const { t } = useTranslation();
  const isChanged = useRecentChanges();
  const amount = (value: string, currency: string) => (
    <span className="amount">
      {formatExactAmount(value)} {currency}
    </span>
  );
  const columns: ColumnsType<OrderRecord> = [
    {
      title: t('collection.column.orderNo'),
      dataIndex: 'orderNo',
      render: (orderNo: string, order) => (
        <Space size={4}>
          <Typography.Text copyable className="mono" data-testid="record-order-no">
            {orderNo}
          </Typography.Text>
          {order.test ? <TestTag /> : null}
        </Space>
      ),
    },
    { title: t('collection.column.merchantOrderNo'), dataIndex: 'merchantOrderNo' },
    { title: t('collection.column.appName'), dataIndex: 'appName' },
    {
      title: t('collection.column.currency'),
      key: 'currency',
      render: (_value, order) => (
        <span>
          {order.currency} / {order.network ?? t('collection.column.noNetwork')}
        </span>
      ),
    },
    {
      title: t('collection.column.amount'),
      dataIndex: 'amount',
      align: 'right',
      render: (value: string, order) => amount(value, order.currency),
    },
    ...(type === 'payout'
      ? [
          {
            title: t('collection.filter.payAddress'),
            dataIndex: 'payAddress',
            render: (value: string | null) =>
              value ? (
                <Typography.Text copyable className="mono" data-testid="record-address">
                  {value}
                </Typography.Text>
              ) : (
                '-'
              ),
          },
        ]
      : [
          {
            title: t('collection.column.paidAmount'),
            dataIndex: 'paidAmount',
            align: 'right' as const,
            render: (value: string, order: OrderRecord) => amount(value, order.currency),
          },
        ]),
    {
      title: t('collection.column.fee'),
      dataIndex: 'fee',
      align: 'right',
      render: (value: string, order) => amount(value, order.currency),
    },
    {
      title: t('collection.column.status'),
      key: 'status',
      render: (_value, order) => <OrderStatus order={order} />,
    },
    {
      title: t('collection.column.createdAt'),
      dataIndex: 'createdAt',
      render: (value: string) => formatDate(value),
    },
    {
      title: t('collection.column.completedAt'),
      dataIndex: 'completedAt',
      render: (value: string | null) => (value ? formatDate(value) : '-'),
    },
    {
      title: t('collection.column.actions'),
      key: 'actions',
      fixed: 'right',
      render: (_value, order) => (
        <Button type="link" onClick={() => onOpen(order.orderNo)} data-testid="record-detail">
          {t('collection.column.detail')}
        </Button>
      ),
    },
  ];
  return (
    <Table<OrderRecord>
      rowKey="orderNo"
      rowClassName={(order) => (isChanged(order.orderNo) ? 'live-changed' : '')}
      columns={columns}
      dataSource={rows}
      loading={isLoading}
      scroll={{ x: 'max-content' }}
      size="middle"
      locale={{ emptyText: empty }}
      data-testid="records-table"
      pagination={{
        current: pageNo,
        pageSize,
        total,
        showSizeChanger: true,
        showTotal: (count) => (
          <RecordsTotal count={count} capped={totalCapped} textKey="collection.records.total" />
        ),
        onChange: onPage,
      }}
    />
  );
}
