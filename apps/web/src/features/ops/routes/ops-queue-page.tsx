import type { OpsWithdrawal, OpsWithdrawalPageBody } from '@tollgate/contracts';
import { Button, Card, Flex, Form, Input, Select, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRuntimeConfig } from '../../../shared/api/get-runtime-config';
import { formatDate } from '../../../shared/lib/format';
import { EmptyData } from '../../../shared/ui/empty-data';
import { LoadError } from '../../../shared/ui/load-error';
import { PageContainer } from '../../../shared/ui/page-container';
import { useOpsWithdrawals } from '../api/ops-withdrawals';
import { ReviewDialog, type ReviewKind } from '../components/review-dialog';
import { ServerWarnings } from '../components/server-warnings';
import { CoinAmount, CopyableAddress, UsdtValue, WithdrawalStatusTag } from '../components/withdrawal-cells';
import { WithdrawalDrawer } from '../components/withdrawal-drawer';
import { WITHDRAWAL_STATUSES, type WithdrawalStatus } from '../lib/ops-labels';

/**
 * The review queue: withdrawals and payouts waiting for an operator (pending_review by default;
 * any other status can be looked up), by merchant, a page at a time. A row opens its detail;
 * a pending row can be approved or rejected from the table too, each after its confirmation.
 * The console's home: a server setting that weakens a safety rule shows above it in red.
 */
interface Filters {
  status: WithdrawalStatus | 'all';
  merchantId?: string;
}

const FIRST_PAGE = { pageNo: 1, pageSize: 20 };
const MERCHANT_ID = /^\d{1,12}$/;

export default function OpsQueuePage() {
  const { t } = useTranslation();
  const [form] = Form.useForm<Filters>();
  const [filters, setFilters] = useState<Filters>({ status: 'pending_review' });
  const [page, setPage] = useState(FIRST_PAGE);
  const [selected, setSelected] = useState<OpsWithdrawal>();
  const [review, setReview] = useState<{ kind: ReviewKind; withdrawal: OpsWithdrawal }>();
  const runtime = useRuntimeConfig();
  const isDevnet = runtime.data?.chainMode === 'devnet';
  const body: OpsWithdrawalPageBody = {
    ...page,
    // "All" is sent as no status; the server's default (the queue) is said explicitly.
    ...(filters.status === 'all' ? {} : { status: filters.status }),
    ...(filters.merchantId ? { merchantId: Number(filters.merchantId) } : {}),
  };
  const records = useOpsWithdrawals(body);

  const search = (values: Filters) => {
    setFilters({
      status: values.status,
      ...(values.merchantId?.trim() ? { merchantId: values.merchantId.trim() } : {}),
    });
    setPage((current) => ({ ...current, pageNo: 1 }));
  };

  const columns: ColumnsType<OpsWithdrawal> = [
    {
      title: t('ops.queue.column.merchant'),
      key: 'merchant',
      width: 170,
      render: (_, r) => (
        <Flex vertical>
          <Typography.Text ellipsis={{ tooltip: r.merchantEmail }} style={{ maxWidth: 150 }}>
            {r.merchantEmail}
          </Typography.Text>
          <span className="ops-secondary">ID {r.merchantId}</span>
        </Flex>
      ),
    },
    {
      title: t('ops.queue.column.source'),
      dataIndex: 'source',
      width: 100,
      render: (source: OpsWithdrawal['source'], r) => (
        <Flex vertical gap={4} align="flex-start">
          <Tag>{t(`ops.source.${source}`)}</Tag>
          {r.test ? <Tag color="warning">{t('ops.queue.test')}</Tag> : null}
        </Flex>
      ),
    },
    {
      title: t('ops.queue.column.coin'),
      key: 'coin',
      width: 100,
      render: (_, r) => (
        <Flex vertical>
          <span>{r.coinName}</span>
          <span className="ops-secondary">{r.chainId}</span>
        </Flex>
      ),
    },
    {
      title: t('ops.queue.column.amount'),
      key: 'amount',
      align: 'right',
      width: 130,
      render: (_, r) => <CoinAmount value={r.amount} coin={r.coinName} />,
    },
    {
      title: t('ops.queue.column.fee'),
      key: 'fee',
      align: 'right',
      width: 90,
      render: (_, r) => <CoinAmount value={r.fee} coin={r.coinName} />,
    },
    {
      title: t('ops.queue.column.usdtValue'),
      dataIndex: 'usdtValue',
      align: 'right',
      width: 130,
      render: (value: string) => <UsdtValue value={value} />,
    },
    {
      title: t('ops.queue.column.address'),
      dataIndex: 'address',
      width: 150,
      render: (address: string) => <CopyableAddress address={address} maxWidth={130} />,
    },
    {
      title: t('ops.queue.column.created'),
      dataIndex: 'createdAt',
      width: 105,
      render: (v: string) => (
        <Flex vertical>
          <span>{formatDate(v, 'YYYY/MM/DD')}</span>
          <span className="ops-secondary">{formatDate(v, 'HH:mm:ss')}</span>
        </Flex>
      ),
    },
    {
      title: t('ops.queue.column.status'),
      dataIndex: 'status',
      width: 100,
      render: (status: WithdrawalStatus) => <WithdrawalStatusTag status={status} />,
    },
    {
      title: t('ops.queue.column.actions'),
      key: 'actions',
      fixed: 'right',
      width: 90,
      render: (_, r) => (
        <Flex vertical align="flex-start">
          <Button type="link" size="small" onClick={() => setSelected(r)} data-testid="ops-queue-detail">
            {t('ops.queue.detail')}
          </Button>
          {r.status === 'pending_review' ? (
            <>
              <Button
                type="link"
                size="small"
                onClick={() => setReview({ kind: 'approve', withdrawal: r })}
                data-testid="ops-queue-approve"
              >
                {t('ops.review.approve')}
              </Button>
              <Button
                type="link"
                size="small"
                danger
                onClick={() => setReview({ kind: 'reject', withdrawal: r })}
                data-testid="ops-queue-reject"
              >
                {t('ops.review.reject')}
              </Button>
            </>
          ) : null}
        </Flex>
      ),
    },
  ];

  return (
    <PageContainer title={t('ops.menu.queue')} testId="page-ops-queue">
      <ServerWarnings />
      <Card>
        <Form
          name="opsQueueFilter"
          form={form}
          layout="inline"
          initialValues={{ status: 'pending_review' }}
          onFinish={search}
          className="ops-filters"
          data-testid="ops-queue-filters"
        >
          <Form.Item name="status" label={t('ops.queue.filter.status')}>
            <Select
              style={{ width: 180 }}
              options={[
                { value: 'all', label: t('ops.common.all') },
                ...WITHDRAWAL_STATUSES.map((value) => ({ value, label: t(`ops.status.${value}`) })),
              ]}
              data-testid="ops-queue-status"
            />
          </Form.Item>
          <Form.Item
            name="merchantId"
            label={t('ops.queue.filter.merchant')}
            rules={[
              {
                validator: async (_rule, value: unknown) => {
                  if (typeof value === 'string' && value.trim() !== '' && !MERCHANT_ID.test(value.trim()))
                    throw new Error(t('ops.queue.filter.merchantInvalid'));
                },
              },
            ]}
          >
            <Input
              allowClear
              inputMode="numeric"
              placeholder={t('ops.queue.filter.merchantPlaceholder')}
              style={{ width: 180 }}
              data-testid="ops-queue-merchant"
            />
          </Form.Item>
          <Form.Item>
            <Space>
              <Button type="primary" htmlType="submit" data-testid="ops-queue-search">
                {t('ops.common.search')}
              </Button>
              <Button
                onClick={() => {
                  form.resetFields();
                  search({ status: 'pending_review' });
                }}
              >
                {t('ops.common.reset')}
              </Button>
            </Space>
          </Form.Item>
        </Form>
        {records.isError ? (
          <LoadError
            message={records.error.message}
            onRetry={() => void records.refetch()}
            isRetrying={records.isFetching}
            testId="ops-queue-error"
          />
        ) : null}
        <Table
          rowKey="withdrawalNo"
          columns={columns}
          dataSource={records.data?.list ?? []}
          loading={records.isPending || (records.isFetching && records.isPlaceholderData)}
          // Empty, a sideways-scrolling table has nothing to focus (axe: scrollable-region-focusable).
          scroll={records.data?.list.length ? { x: 1165 } : undefined}
          locale={{
            emptyText: records.isPending ? (
              ' '
            ) : (
              <EmptyData
                textKey={filters.status === 'pending_review' ? 'ops.queue.empty' : 'ops.common.noData'}
              />
            ),
          }}
          pagination={{
            current: page.pageNo,
            pageSize: page.pageSize,
            total: records.data?.total ?? 0,
            showSizeChanger: true,
            showTotal: (total) => t('ops.common.total', { total }),
            onChange: (pageNo, pageSize) =>
              setPage({ pageNo: pageSize === page.pageSize ? pageNo : 1, pageSize }),
          }}
          data-testid="ops-queue-table"
        />
      </Card>
      <WithdrawalDrawer withdrawal={selected} isDevnet={isDevnet} onClose={() => setSelected(undefined)} />
      {review ? (
        <ReviewDialog
          kind={review.kind}
          withdrawal={review.withdrawal}
          onClose={() => setReview(undefined)}
        />
      ) : null}
    </PageContainer>
  );
}
