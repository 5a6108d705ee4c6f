import type { FundsRecordItem } from '@tollgate/contracts';
import type { FundAction } from '@tollgate/contracts/fund-action';
import { FILTER_TEXT_MAX } from '@tollgate/contracts/records-limits';
import { Button, Card, DatePicker, Flex, Form, Input, Select, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCoinList } from '../../../shared/api/get-coin-list';
import { maxLengthRule } from '../../../shared/lib/form-rules';
import { DATE_FORMAT, formatDate, formatExactAmount } from '../../../shared/lib/format';
import { isSameQuery } from '../../../shared/lib/same-query';
import { EmptyData } from '../../../shared/ui/empty-data';
import { LoadError } from '../../../shared/ui/load-error';
import { PageContainer } from '../../../shared/ui/page-container';
import { RecordsTotal } from '../../../shared/ui/records-total';
import { ExportButton } from '../../exports/components/export-button';
import { useFundsRecord } from '../api/get-funds-record';
import {
  FUND_TYPES,
  type FundFlowFilter,
  type FundFlowFilterValues,
  signedChange,
  toFundFlowFilter,
} from '../lib/fund-flow-filter';

const FIRST_PAGE = { pageNo: 1, pageSize: 10 };

const ACTION_COLOURS: Record<FundAction, string> = {
  credit: 'green',
  debit: 'volcano',
  freeze: 'blue',
  settle: 'purple',
  fee: 'orange',
  release: 'cyan',
};

/**
 * Fund flow (SPEC 2 and 3 "Fund record"): every credit and debit of the balance, newest
 * first, with the columns of the SPEC; filtered by type, currency, time and order number.
 */
export default function FundFlowPage() {
  const { t } = useTranslation();
  const [form] = Form.useForm<FundFlowFilterValues>();
  const [filter, setFilter] = useState<FundFlowFilter>({});
  const [page, setPage] = useState(FIRST_PAGE);
  const records = useFundsRecord({ ...page, ...filter });
  const coins = useCoinList();
  const currencies = useMemo(
    () =>
      [...new Set((coins.data ?? []).map((coin) => coin.coinName))].map((name) => ({
        value: name,
        label: name,
      })),
    [coins.data],
  );
  const search = (values: FundFlowFilterValues) => {
    const next = toFundFlowFilter(values);
    if (isSameQuery(next, filter, page.pageNo)) void records.refetch();
    setFilter(next);
    setPage((current) => ({ ...current, pageNo: 1 }));
  };
  const dash = (value: string | null) => value || '-';
  // Exact, with thousands separators, as the asset page and the dashboard write amounts.
  const exact = (value: string) => formatExactAmount(value);
  const mono = (value: string | null) =>
    value ? (
      <Typography.Text copyable className="mono" ellipsis={{ tooltip: value }} style={{ maxWidth: 180 }}>
        {value}
      </Typography.Text>
    ) : (
      '-'
    );
  const columns: ColumnsType<FundsRecordItem> = [
    { title: t('fundFlow.column.createdAt'), dataIndex: 'createdAt', render: (v: string) => formatDate(v) },
    {
      // The type, and what this record did (issue 31): a withdrawal's freeze, settle, fee and
      // release are records of one type and order number, told apart by their action.
      title: t('fundFlow.column.type'),
      dataIndex: 'type',
      render: (type: FundsRecordItem['type'], row) => (
        <span className="fund-type">
          <span data-testid="fund-type">{t(`fundFlow.type.${type}`)}</span>
          <Tag color={ACTION_COLOURS[row.action]} data-testid="fund-action" data-action={row.action}>
            {t(`fundFlow.action.${row.action}`)}
          </Tag>
        </span>
      ),
    },
    {
      title: t('fundFlow.column.orderNo'),
      dataIndex: 'orderNo',
      render: (value: string | null) =>
        value ? (
          <Typography.Text copyable className="mono" data-testid="fund-order-no">
            {value}
          </Typography.Text>
        ) : (
          '-'
        ),
    },
    { title: t('fundFlow.column.hash'), dataIndex: 'hash', render: mono },
    { title: t('fundFlow.column.address'), dataIndex: 'address', render: mono },
    { title: t('fundFlow.column.currency'), dataIndex: 'currency' },
    { title: t('fundFlow.column.network'), dataIndex: 'network', render: dash },
    {
      title: t('fundFlow.column.amount'),
      dataIndex: 'amount',
      align: 'right',
      className: 'amount',
      render: exact,
    },
    { title: t('fundFlow.column.fee'), dataIndex: 'fee', align: 'right', className: 'amount', render: exact },
    {
      title: t('fundFlow.column.status'),
      dataIndex: 'status',
      // A withdrawal's or payout's total is frozen, then leaves (completed) or is returned: each
      // move is its own record (older records carry the withdrawal's status of the time).
      render: (status: string) => (
        <span data-testid="fund-status">{t(`fundFlow.status.${status}`, { defaultValue: status })}</span>
      ),
    },
    {
      // Which balance the record moved: a withdrawal's total goes from available to frozen, then
      // leaves frozen (or comes back): its before and after are that balance's.
      title: t('fundFlow.column.bucket'),
      dataIndex: 'bucket',
      render: (bucket: FundsRecordItem['bucket']) => (
        <Tag color={bucket === 'frozen' ? 'blue' : undefined} data-testid="fund-bucket">
          {t(`fundFlow.bucket.${bucket}`)}
        </Tag>
      ),
    },
    {
      title: t('fundFlow.column.balanceBefore'),
      dataIndex: 'balanceBefore',
      align: 'right',
      className: 'amount',
      render: exact,
    },
    {
      title: t('fundFlow.column.changeAmount'),
      dataIndex: 'changeAmount',
      align: 'right',
      render: (change: string) => {
        const signed = signedChange(change);
        return (
          <span className={`amount change-${signed.direction}`} data-testid="fund-change">
            {signed.text}
          </span>
        );
      },
    },
    {
      title: t('fundFlow.column.balanceAfter'),
      dataIndex: 'balanceAfter',
      align: 'right',
      render: (value: string) => (
        <span className="amount" data-testid="fund-balance-after">
          {formatExactAmount(value)}
        </span>
      ),
    },
  ];

  return (
    <PageContainer title={t('menu.fundFlow')} testId="page-fund-flow">
      <Card>
        <Form
          name="fundFlowFilter"
          form={form}
          layout="vertical"
          className="records-filter"
          onFinish={search}
          data-testid="fund-filter"
        >
          <div className="records-filter-grid">
            <Form.Item name="type" label={t('fundFlow.filter.type')}>
              <Select
                allowClear
                placeholder={t('fundFlow.filter.anyType')}
                options={FUND_TYPES.map((type) => ({ value: type, label: t(`fundFlow.type.${type}`) }))}
                data-testid="fund-filter-type"
              />
            </Form.Item>
            <Form.Item name="currency" label={t('fundFlow.filter.currency')}>
              <Select
                allowClear
                placeholder={t('fundFlow.filter.anyCurrency')}
                options={currencies}
                loading={coins.isPending}
                data-testid="fund-filter-currency"
              />
            </Form.Item>
            <Form.Item name="time" label={t('fundFlow.filter.time')}>
              <DatePicker.RangePicker
                showTime
                format={DATE_FORMAT}
                allowEmpty={[true, true]}
                className="full-width"
              />
            </Form.Item>
            <Form.Item
              name="orderNo"
              label={t('fundFlow.filter.orderNo')}
              rules={[maxLengthRule(FILTER_TEXT_MAX.orderNo)]}
            >
              <Input allowClear data-testid="fund-filter-orderNo" />
            </Form.Item>
          </div>
          <Flex gap={8} justify="flex-end" wrap>
            <ExportButton kind="fundFlow" filters={filter} />
            <Button
              onClick={() => {
                form.resetFields();
                search({});
              }}
              data-testid="fund-reset"
            >
              {t('fundFlow.filter.reset')}
            </Button>
            <Button type="primary" htmlType="submit" loading={records.isFetching} data-testid="fund-search">
              {t('fundFlow.filter.search')}
            </Button>
          </Flex>
        </Form>
        {records.error ? (
          <LoadError
            message={`${t('fundFlow.loadFailed')}: ${records.error.message}`}
            onRetry={() => void records.refetch()}
            isRetrying={records.isFetching}
            testId="fund-error"
          />
        ) : (
          <Table<FundsRecordItem>
            rowKey={(row, index) => `${row.createdAt}:${row.orderNo ?? ''}:${index}`}
            columns={columns}
            dataSource={records.data?.list ?? []}
            loading={records.isFetching}
            scroll={{ x: 'max-content' }}
            size="middle"
            data-testid="fund-table"
            locale={{ emptyText: <EmptyData textKey="fundFlow.empty" /> }}
            pagination={{
              current: page.pageNo,
              pageSize: page.pageSize,
              total: records.data?.total ?? 0,
              showSizeChanger: true,
              showTotal: (count) => (
                <RecordsTotal count={count} capped={records.data?.totalCapped} textKey="fundFlow.total" />
              ),
              onChange: (pageNo, pageSize) =>
                setPage({ pageNo: pageSize === page.pageSize ? pageNo : 1, pageSize }),
            }}
          />
        )}
      </Card>
    </PageContainer>
  );
}
