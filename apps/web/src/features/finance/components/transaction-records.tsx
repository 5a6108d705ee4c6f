import { useQueryClient } from '@tanstack/react-query';
import type { TransactionRecord, TransactionRecordBody } from '@tollgate/contracts';
import { FILTER_TEXT_MAX } from '@tollgate/contracts/records-limits';
import { Button, DatePicker, Flex, Form, Input, Select, Table, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { Dayjs } from 'dayjs';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCoinList } from '../../../shared/api/get-coin-list';
import { maxLengthRule } from '../../../shared/lib/form-rules';
import { DATE_FORMAT, formatDate, formatExactAmount } from '../../../shared/lib/format';
import { isSameQuery } from '../../../shared/lib/same-query';
import { withdrawalReasonText } from '../../../shared/lib/withdrawal-reason';
import { EmptyData } from '../../../shared/ui/empty-data';
import { LoadError } from '../../../shared/ui/load-error';
import { accountKeys } from '../../dashboard/api/account-keys';
import { ExportButton } from '../../exports/components/export-button';
import { merchantKeys } from '../../merchant/api/merchant-keys';
import { MOVING_STATUSES, useTransactionRecords } from '../api/transaction-records';

/**
 * Deposit or withdrawal records (POST /merchant/account/transaction-record), newest first,
 * filtered by currency, status, time and hash. Rows still moving (confirming) are read again
 * every few seconds; when one completes, the balances on the page and in the header refresh.
 */
type RecordType = TransactionRecordBody['type'];
type Status = TransactionRecord['status'];

const STATUSES: Record<RecordType, Status[]> = {
  deposit: ['confirming', 'completed', 'below_minimum'],
  withdrawal: ['pending_review', 'processing', 'completed', 'failed', 'rejected'],
};
const STATUS_COLOR: Record<Status, string> = {
  confirming: 'processing',
  completed: 'success',
  below_minimum: 'warning',
  pending_review: 'default',
  processing: 'processing',
  failed: 'error',
  rejected: 'error',
};

interface FilterValues {
  coinName?: string;
  status?: Status;
  hash?: string;
  time?: [Dayjs | null, Dayjs | null] | null;
}

const FIRST_PAGE = { pageNo: 1, pageSize: 10 };

export function TransactionRecords({ type }: { type: RecordType }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<FilterValues>();
  const [filter, setFilter] = useState<Omit<TransactionRecordBody, 'type' | 'pageNo' | 'pageSize'>>({});
  const [page, setPage] = useState(FIRST_PAGE);
  const records = useTransactionRecords({ type, ...page, ...filter });
  useRefreshBalancesOnCompletion(records.data?.list);
  const coins = useCoinList();
  const currencies = useMemo(
    () =>
      [...new Set((coins.data ?? []).map((coin) => coin.coinName))].map((value) => ({ value, label: value })),
    [coins.data],
  );
  const search = (values: FilterValues) => {
    const [from, to] = values.time ?? [null, null];
    const next = {
      ...(values.coinName ? { coinName: values.coinName } : {}),
      ...(values.status ? { status: values.status } : {}),
      ...(values.hash?.trim() ? { hash: values.hash.trim() } : {}),
      ...(from ? { timeFrom: from.toISOString() } : {}),
      ...(to ? { timeTo: to.toISOString() } : {}),
    };
    if (isSameQuery(next, filter, page.pageNo)) void records.refetch();
    setFilter(next);
    setPage((current) => ({ ...current, pageNo: 1 }));
  };
  const mono = (value: string | null) =>
    value ? (
      <Typography.Text copyable className="mono" ellipsis={{ tooltip: value }} style={{ maxWidth: 180 }}>
        {value}
      </Typography.Text>
    ) : (
      '-'
    );
  const columns: ColumnsType<TransactionRecord> = [
    { title: t('assets.records.column.time'), dataIndex: 'createdAt', render: (v: string) => formatDate(v) },
    { title: t('assets.records.column.currency'), dataIndex: 'coinName' },
    { title: t('assets.records.column.network'), dataIndex: 'chainId' },
    {
      title: t('assets.records.column.amount'),
      dataIndex: 'amount',
      align: 'right',
      render: (value: string) => <span className="amount">{formatExactAmount(value)}</span>,
    },
    ...(type === 'withdrawal'
      ? [
          {
            title: t('assets.records.column.fee'),
            dataIndex: 'fee',
            align: 'right' as const,
            render: (value: string) => <span className="amount">{formatExactAmount(value)}</span>,
          },
        ]
      : []),
    { title: t('assets.records.column.address'), dataIndex: 'address', render: mono },
    ...(type === 'deposit'
      ? [{ title: t('assets.records.column.from'), dataIndex: 'fromAddress', render: mono }]
      : [
          {
            // A payout order (the signed API's) moves money as a withdrawal: said so, with its order; a
            // spreadsheet's withdrawals say they are a batch's, the others that they were made here.
            title: t('assets.records.column.source'),
            dataIndex: 'payoutOrderNo',
            render: (orderNo: string | null, row: TransactionRecord) =>
              orderNo ? (
                <Flex vertical gap={2} align="start" data-testid="record-source">
                  <Tooltip title={t('assets.records.source.payoutOrder', { orderNo })}>
                    <Tag color="purple">{t('assets.records.source.payout')}</Tag>
                  </Tooltip>
                  <Typography.Text
                    copyable
                    className="mono"
                    type="secondary"
                    style={{ maxWidth: 170, wordBreak: 'break-all' }}
                  >
                    {orderNo}
                  </Typography.Text>
                </Flex>
              ) : (
                <Typography.Text type="secondary" data-testid="record-source">
                  {t(
                    row.withdrawalSource === 'batch'
                      ? 'assets.records.source.batch'
                      : 'assets.records.source.withdrawal',
                  )}
                </Typography.Text>
              ),
          },
        ]),
    { title: t('assets.records.column.hash'), dataIndex: 'txHash', render: mono },
    {
      title: t('assets.records.column.status'),
      dataIndex: 'status',
      render: (status: Status, row) => {
        const tag = (
          <Tag color={STATUS_COLOR[status]} data-testid="record-status">
            {t(`assets.records.status.${status}`)}
          </Tag>
        );
        if (status === 'below_minimum')
          return <Tooltip title={t('assets.records.belowMinimumHint')}>{tag}</Tooltip>;
        if (status === 'confirming') {
          return (
            <Flex gap={4} align="center">
              {tag}
              <Typography.Text type="secondary" data-testid="record-confirmations">
                {`${Math.min(row.confirmations, row.confirmationsRequired)}/${row.confirmationsRequired}`}
              </Typography.Text>
            </Flex>
          );
        }
        // A rejection's or failure's reason is written under the status, not in a tooltip: a
        // phone cannot hover.
        const reason = withdrawalReasonText(t, status, row.reason);
        if (!reason) return tag;
        return (
          <Flex vertical gap={2} align="start">
            {tag}
            <Typography.Text type="secondary" className="record-reason" data-testid="record-reason">
              {t('assets.records.reason', { reason })}
            </Typography.Text>
          </Flex>
        );
      },
    },
  ];

  return (
    <div data-testid={`records-${type}`}>
      <Form
        name={`${type}RecordsFilter`}
        form={form}
        layout="vertical"
        className="records-filter"
        onFinish={search}
      >
        <div className="records-filter-grid">
          <Form.Item name="coinName" label={t('assets.records.filter.currency')}>
            <Select allowClear placeholder={t('assets.records.filter.anyCurrency')} options={currencies} />
          </Form.Item>
          <Form.Item name="status" label={t('assets.records.filter.status')}>
            <Select
              allowClear
              placeholder={t('assets.records.filter.anyStatus')}
              options={STATUSES[type].map((status) => ({
                value: status,
                label: t(`assets.records.status.${status}`),
              }))}
            />
          </Form.Item>
          <Form.Item name="time" label={t('assets.records.filter.time')}>
            <DatePicker.RangePicker
              showTime
              format={DATE_FORMAT}
              allowEmpty={[true, true]}
              className="full-width"
            />
          </Form.Item>
          <Form.Item
            name="hash"
            label={t('assets.records.filter.hash')}
            rules={[maxLengthRule(FILTER_TEXT_MAX.hash)]}
          >
            <Input allowClear />
          </Form.Item>
        </div>
        <Flex gap={8} justify="flex-end" wrap>
          <ExportButton kind={type} filters={filter} />
          <Button
            onClick={() => {
              form.resetFields();
              search({});
            }}
          >
            {t('assets.records.filter.reset')}
          </Button>
          <Button type="primary" htmlType="submit" loading={records.isFetching}>
            {t('assets.records.filter.search')}
          </Button>
        </Flex>
      </Form>
      {records.error ? (
        <LoadError
          message={`${t('assets.records.loadFailed')}: ${records.error.message}`}
          onRetry={() => void records.refetch()}
          isRetrying={records.isFetching}
        />
      ) : (
        <Table<TransactionRecord>
          rowKey="id"
          columns={columns}
          dataSource={records.data?.list ?? []}
          loading={records.isPending}
          scroll={{ x: 'max-content' }}
          size="middle"
          data-testid={`records-${type}-table`}
          locale={{ emptyText: <EmptyData textKey={`assets.records.empty.${type}`} /> }}
          pagination={{
            current: page.pageNo,
            pageSize: page.pageSize,
            total: records.data?.total ?? 0,
            showSizeChanger: true,
            showTotal: (count) => t('assets.records.total', { count }),
            onChange: (pageNo, pageSize) =>
              setPage({ pageNo: pageSize === page.pageSize ? pageNo : 1, pageSize }),
          }}
        />
      )}
    </div>
  );
}

/** What the records list has shown so far: each record's last status, and the newest creation. */
export interface SeenRecords {
  statuses: Map<string, Status>;
  newest: string;
}

/**
 * Whether `list` shows a balance change that what was `seen` did not: a record that was moving
 * and has settled, or a record newer than any seen that arrives settled (a deposit seen,
 * confirmed and credited between two idle readings). A record merely new to this page or
 * filter is not news. Creation times are the server's ISO strings, so they compare as text.
 */
export function showsNewSettlement(seen: SeenRecords | null, list: readonly TransactionRecord[]): boolean {
  if (seen === null) return false;
  return list.some((record) => {
    if (MOVING_STATUSES.has(record.status)) return false;
    const before = seen.statuses.get(record.id);
    return before === undefined ? record.createdAt > seen.newest : before !== record.status;
  });
}

/** `seen` with `list` added (a new object; `seen` is left as it was). */
export function addSeen(seen: SeenRecords | null, list: readonly TransactionRecord[]): SeenRecords {
  const statuses = new Map(seen?.statuses);
  let newest = seen?.newest ?? '';
  for (const record of list) {
    statuses.set(record.id, record.status);
    if (record.createdAt > newest) newest = record.createdAt;
  }
  return { statuses, newest };
}

/** A record that settled changed a balance: the overview and the header read it again. */
function useRefreshBalancesOnCompletion(list: readonly TransactionRecord[] | undefined) {
  const queryClient = useQueryClient();
  const seen = useRef<SeenRecords | null>(null);
  useEffect(() => {
    if (!list) return;
    const settled = showsNewSettlement(seen.current, list);
    seen.current = addSeen(seen.current, list);
    if (settled) {
      void queryClient.invalidateQueries({ queryKey: merchantKeys.all });
      void queryClient.invalidateQueries({ queryKey: accountKeys.all });
    }
  }, [list, queryClient]);
}
