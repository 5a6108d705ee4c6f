import type { OrderRecord } from '@tollgate/contracts';
import { Button, Flex, Space, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, formatExactAmount } from '../../../shared/lib/format';
import { useIsPhone } from '../../../shared/lib/use-is-phone';
import { useRecentChanges } from '../../../shared/live/recent-changes';
import { RecordSummary } from '../../../shared/records/record-summary';
import { COLUMN_CLASS, FIT_TABLE } from '../../../shared/records/table-fit';
import { RecordsTotal } from '../../../shared/ui/records-total';
import { OrderStatus, TestTag } from './order-status';

/**
 * The records table: server pages, each row opening the order's detail. It fits its box at
 * 1440 px (shared/records/table-fit.ts); on a phone each order is one summary cell. A row the live events
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
  const isPhone = useIsPhone();
  const amount = (value: string, currency: string) => (
    <span className="amount">
      {formatExactAmount(value)} {currency}
    </span>
  );
  // In the wide table the currency has its column: the amounts go without it (issue 31).
  const bare = (value: string) => <span className="amount">{formatExactAmount(value)}</span>;
  const labelled = (label: string, value: string | null) =>
    value ? (
      <Typography.Text type="secondary" ellipsis={{ tooltip: value }} style={{ maxWidth: 240 }}>
        {label}: {value}
      </Typography.Text>
    ) : null;
  const actions: ColumnsType<OrderRecord>[number] = {
    title: t('collection.column.actions'),
    key: 'actions',
    fixed: 'right',
    render: (_value, order) => (
      <Button type="link" onClick={() => onOpen(order.orderNo)} data-testid="record-detail">
        {t('collection.column.detail')}
      </Button>
    ),
  };
  const columns: ColumnsType<OrderRecord> = [
    {
      // The shop's order number and application under the platform's: one column, not three
      // (issue 31: at 1440 px the status and times must fit beside them).
      title: t('collection.column.orderNo'),
      dataIndex: 'orderNo',
      render: (orderNo: string, order) => (
        <Flex vertical gap={2}>
          <Typography.Text copyable className="mono records-id" data-testid="record-order-no">
            {orderNo}
          </Typography.Text>
          {labelled(t('collection.column.merchantOrderNo'), order.merchantOrderNo)}
          {labelled(t('collection.column.appName'), order.appName)}
        </Flex>
      ),
    },
    {
      title: t('collection.column.currency'),
      key: 'currency',
      render: (_value, order) => (
        <Flex vertical>
          <span>{order.currency}</span>
          <Typography.Text type="secondary">
            {order.network ?? t('collection.column.noNetwork')}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      title: t('collection.column.amount'),
      dataIndex: 'amount',
      align: 'right',
      className: COLUMN_CLASS.amount,
      render: (value: string) => bare(value),
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
            className: COLUMN_CLASS.paid,
            render: (value: string) => bare(value),
          },
        ]),
    {
      title: t('collection.column.fee'),
      dataIndex: 'fee',
      align: 'right',
      className: COLUMN_CLASS.fee,
      render: (value: string) => bare(value),
    },
    {
      title: t('collection.column.status'),
      key: 'status',
      className: COLUMN_CLASS.status,
      // The devnet mark beside the status, not widening the order number's column.
      render: (_value, order) => (
        <Space size={4} wrap>
          <OrderStatus order={order} />
          {order.test ? <TestTag /> : null}
        </Space>
      ),
    },
    {
      title: t('collection.column.createdAt'),
      dataIndex: 'createdAt',
      className: COLUMN_CLASS.created,
      render: (value: string) => formatDate(value),
    },
    {
      title: t('collection.column.completedAt'),
      dataIndex: 'completedAt',
      className: COLUMN_CLASS.completed,
      render: (value: string | null) => (value ? formatDate(value) : '-'),
    },
    actions,
  ];
  // A phone: the order, its amount and status, its time, and the detail with the rest.
  const phoneColumns: ColumnsType<OrderRecord> = [
    {
      title: t('collection.column.orderNo'),
      key: 'summary',
      className: COLUMN_CLASS.summary,
      render: (_value, order) => (
        <RecordSummary
          title={
            <Space size={4}>
              <Typography.Text
                copyable
                className="mono"
                ellipsis={{ tooltip: order.orderNo }}
                style={{ maxWidth: 190 }}
                data-testid="record-order-no"
              >
                {order.orderNo}
              </Typography.Text>
              {order.test ? <TestTag /> : null}
            </Space>
          }
          amount={amount(order.amount, order.currency)}
          status={<OrderStatus order={order} />}
          time={formatDate(order.createdAt)}
        />
      ),
    },
    actions,
  ];
  return (
    <Table<OrderRecord>
      rowKey="orderNo"
      rowClassName={(order) => (isChanged(order.orderNo) ? 'live-changed' : '')}
      columns={isPhone ? phoneColumns : columns}
      dataSource={rows}
      loading={isLoading}
      {...FIT_TABLE}
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
