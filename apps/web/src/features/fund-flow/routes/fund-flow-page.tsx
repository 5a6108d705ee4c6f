import type { FundsRecordItem } from '@tollgate/contracts';
import type { FundAction } from '@tollgate/contracts/fund-action';
import { FILTER_TEXT_MAX } from '@tollgate/contracts/records-limits';
import { Card, DatePicker, Flex, Form, Input, Select, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { maxLengthRule } from '../../../shared/lib/form-rules';
import { DATE_FORMAT, formatDate, formatExactAmount } from '../../../shared/lib/format';
import { isSameQuery } from '../../../shared/lib/same-query';
import { useIsPhone } from '../../../shared/lib/use-is-phone';
import { RecordSummary } from '../../../shared/records/record-summary';
import { RecordsFilterBar } from '../../../shared/records/records-filter-bar';
import { COLUMN_CLASS, FIT_TABLE } from '../../../shared/records/table-fit';
import { useCurrencyOptions } from '../../../shared/records/use-currency-options';
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
  const currencies = useCurrencyOptions();
  const isPhone = useIsPhone();
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
      <Typography.Text copyable className="mono" ellipsis={{ tooltip: value }} style={{ maxWidth: 150 }}>
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
      className: 'col-type',
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
      // The network under its currency: one column fewer beside the balances (issue 31).
      title: `${t('fundFlow.column.currency')} / ${t('fundFlow.column.network')}`,
      dataIndex: 'currency',
      render: (currency: string, row) => (
        <Flex vertical>
          <span>{currency}</span>
          <Typography.Text type="secondary">{dash(row.network)}</Typography.Text>
        </Flex>
      ),
    },
    {
      title: t('fundFlow.column.amount'),
      dataIndex: 'amount',
      align: 'right',
      className: `amount ${COLUMN_CLASS.amount}`,
      render: exact,
    },
    {
      title: t('fundFlow.column.fee'),
      dataIndex: 'fee',
      align: 'right',
      className: `amount ${COLUMN_CLASS.fee}`,
      render: exact,
    },
    {
      // The status, and under it which balance the record moved (one column fewer beside the
      // balances, issue 31): a withdrawal's total goes from available to frozen, then leaves
      // frozen (or comes back): its before and after are that balance's. A withdrawal's or
      // payout's moves are each their own record (older records carry the withdrawal's status
      // of the time).
      title: `${t('fundFlow.column.status')} / ${t('fundFlow.column.bucket')}`,
      dataIndex: 'status',
      className: COLUMN_CLASS.status,
      render: (status: string, row) => (
        <Flex vertical align="flex-start" gap={2}>
          <span data-testid="fund-status">{t(`fundFlow.status.${status}`, { defaultValue: status })}</span>
          <Tag color={row.bucket === 'frozen' ? 'blue' : undefined} data-testid="fund-bucket">
            {t(`fundFlow.bucket.${row.bucket}`)}
          </Tag>
        </Flex>
      ),
    },
    {
      title: t('fundFlow.column.balanceBefore'),
      dataIndex: 'balanceBefore',
      align: 'right',
      className: `amount ${COLUMN_CLASS.balanceBefore}`,
      render: exact,
    },
    {
      title: t('fundFlow.column.changeAmount'),
      dataIndex: 'changeAmount',
      align: 'right',
      className: COLUMN_CLASS.change,
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
      className: COLUMN_CLASS.balanceAfter,
      render: (value: string) => (
        <span className="amount" data-testid="fund-balance-after">
          {formatExactAmount(value)}
        </span>
      ),
    },
    // The references last: long, and read less than the amounts and balances (issue 31).
    {
      title: t('fundFlow.column.orderNo'),
      dataIndex: 'orderNo',
      render: (value: string | null) =>
        value ? (
          <Typography.Text copyable className="mono records-id" data-testid="fund-order-no">
            {value}
          </Typography.Text>
        ) : (
          '-'
        ),
    },
    { title: t('fundFlow.column.hash'), dataIndex: 'hash', render: mono },
    { title: t('fundFlow.column.address'), dataIndex: 'address', render: mono },
  ];
  // A phone: what moved, by how much, its status, when, and the balance it left.
  const phoneColumns: ColumnsType<FundsRecordItem> = [
    {
      title: t('fundFlow.column.changeAmount'),
      key: 'summary',
      className: COLUMN_CLASS.summary,
      render: (_value, row) => {
        const signed = signedChange(row.changeAmount);
        return (
          <RecordSummary
            title={
              <span>
                <span data-testid="fund-type">{t(`fundFlow.type.${row.type}`)}</span> · {row.currency}
              </span>
            }
            amount={
              <span className={`amount change-${signed.direction}`} data-testid="fund-change">
                {signed.text}
              </span>
            }
            status={
              <span data-testid="fund-status">
                {t(`fundFlow.status.${row.status}`, { defaultValue: row.status })}
              </span>
            }
            time={`${formatDate(row.createdAt)} · ${t('fundFlow.column.balanceAfter')} ${formatExactAmount(row.balanceAfter)}`}
          />
        );
      },
    },
  ];

  return (
    <PageContainer title={t('menu.fundFlow')} testId="page-fund-flow">
      <Card>
        <RecordsFilterBar<FundFlowFilterValues>
          name="fundFlowFilter"
          form={form}
          onSearch={search}
          onReset={() => search({})}
          isSearching={records.isFetching}
          actions={<ExportButton kind="fundFlow" filters={filter} />}
          testId="fund-filter"
          searchTestId="fund-search"
          resetTestId="fund-reset"
          moreNames={['orderNo']}
          keyFilters={
            <>
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
                  options={currencies.options}
                  loading={currencies.isLoading}
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
            </>
          }
          moreFilters={
            <Form.Item
              name="orderNo"
              label={t('fundFlow.filter.orderNo')}
              rules={[maxLengthRule(FILTER_TEXT_MAX.orderNo)]}
            >
              <Input allowClear data-testid="fund-filter-orderNo" />
            </Form.Item>
          }
        />
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
            columns={isPhone ? phoneColumns : columns}
            dataSource={records.data?.list ?? []}
            loading={records.isFetching}
            {...FIT_TABLE}
            // Twelve columns: the small cell padding keeps the balances in view at 1440 px in
            // every language (Vietnamese's wider menu left them 10 px short).
            size="small"
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
