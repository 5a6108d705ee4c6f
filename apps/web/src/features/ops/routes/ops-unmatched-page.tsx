import type { OpsUnmatchedTransfer } from '@tollgate/contracts';
import { App, Button, Card, Form, Select, Space, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../shared/lib/format';
import { useIsPhone } from '../../../shared/lib/use-is-phone';
import { EmptyData } from '../../../shared/ui/empty-data';
import { LoadError } from '../../../shared/ui/load-error';
import { PageContainer } from '../../../shared/ui/page-container';
import { useCreditUnmatched, useOpsUnmatched } from '../api/ops-unmatched';
import { ReturnDialog } from '../components/return-dialog';
import { CoinAmount, CopyableAddress } from '../components/withdrawal-cells';

/**
 * Unmatched transfers (issue 32): transfers to a platform address that no rule credits (a token
 * other than the order's, a payment to a deleted application's address). The operator credits
 * each to the address owner's balance, after a confirmation, or returns it to its sender from
 * the hot wallet with a Google code; each once, and every action is audited.
 */
type Status = OpsUnmatchedTransfer['status'];
const STATUSES: Status[] = ['unmatched', 'returning', 'returned', 'credited'];
const STATUS_COLOR: Record<Status, string> = {
  unmatched: 'warning',
  returning: 'processing',
  returned: 'default',
  credited: 'success',
};
const FIRST_PAGE = { pageNo: 1, pageSize: 20 };

export default function OpsUnmatchedPage() {
  const { t } = useTranslation();
  const isPhone = useIsPhone();
  const { modal, message } = App.useApp();
  const [status, setStatus] = useState<Status>('unmatched');
  const [page, setPage] = useState(FIRST_PAGE);
  const list = useOpsUnmatched({ ...page, status });
  const credit = useCreditUnmatched();
  const [returning, setReturning] = useState<OpsUnmatchedTransfer>();

  const confirmCredit = (row: OpsUnmatchedTransfer) =>
    void modal.confirm({
      title: t('ops.unmatched.creditTitle'),
      content: t('ops.unmatched.creditConfirm', {
        amount: `${row.amount} ${row.coinName}`,
        email: row.owner.merchantEmail,
      }),
      okText: t('ops.unmatched.credit'),
      okButtonProps: { 'data-testid': 'ops-unmatched-credit-confirm' },
      cancelText: t('ops.common.cancel'),
      onOk: async () => {
        try {
          await credit.mutateAsync({ id: row.id });
          void message.success(t('ops.unmatched.credited', { email: row.owner.merchantEmail }));
        } catch (failure) {
          void message.error(failure instanceof Error ? failure.message : String(failure));
        }
      },
    });

  const owner = (row: OpsUnmatchedTransfer) => (
    <Space direction="vertical" size={0}>
      <span>{row.owner.merchantEmail}</span>
      <span className="ops-secondary">
        {row.owner.kind === 'order'
          ? t('ops.unmatched.ownerOrder', { orderNo: row.owner.orderNo, currency: row.owner.orderCurrency })
          : t('ops.unmatched.ownerDeposit')}
      </span>
    </Space>
  );
  const statusTag = (status: Status) => (
    <Tag color={STATUS_COLOR[status]} data-testid="ops-unmatched-status">
      {t(`ops.unmatched.status.${status}`)}
    </Tag>
  );
  const actions = (row: OpsUnmatchedTransfer) =>
    row.status === 'unmatched' ? (
      <Space wrap>
        <Button
          size="small"
          type="primary"
          onClick={() => confirmCredit(row)}
          data-testid="ops-unmatched-credit"
        >
          {t('ops.unmatched.credit')}
        </Button>
        <Button size="small" danger onClick={() => setReturning(row)} data-testid="ops-unmatched-return">
          {t('ops.unmatched.return')}
        </Button>
      </Space>
    ) : row.returnTxHash ? (
      <CopyableAddress address={row.returnTxHash} maxWidth={160} />
    ) : (
      '-'
    );

  const columns: ColumnsType<OpsUnmatchedTransfer> = [
    { title: t('ops.unmatched.column.seenAt'), dataIndex: 'seenAt', render: (v: string) => formatDate(v) },
    {
      title: t('ops.unmatched.column.amount'),
      key: 'amount',
      render: (_, row) => (
        <Space direction="vertical" size={0}>
          <CoinAmount value={row.amount} coin={row.coinName} />
          <span className="ops-secondary">{row.chainId}</span>
        </Space>
      ),
    },
    { title: t('ops.unmatched.column.owner'), key: 'owner', render: (_, row) => owner(row) },
    {
      title: t('ops.unmatched.column.from'),
      dataIndex: 'fromAddress',
      render: (v: string) => <CopyableAddress address={v} maxWidth={160} />,
    },
    {
      title: t('ops.unmatched.column.txHash'),
      dataIndex: 'txHash',
      render: (v: string) => <CopyableAddress address={v} maxWidth={160} />,
    },
    { title: t('ops.unmatched.column.status'), dataIndex: 'status', render: (v: Status) => statusTag(v) },
    { title: t('ops.unmatched.column.action'), key: 'action', render: (_, row) => actions(row) },
  ];

  // A phone shows one cell per transfer: what came, to whose address, when, its status and actions.
  const phoneColumns: ColumnsType<OpsUnmatchedTransfer> = [
    {
      key: 'summary',
      render: (_, row) => (
        <Space direction="vertical" size={4} style={{ width: '100%' }}>
          <Space wrap>
            <CoinAmount value={row.amount} coin={row.coinName} />
            <span className="ops-secondary">{row.chainId}</span>
            {statusTag(row.status)}
          </Space>
          {owner(row)}
          <span className="ops-secondary">{formatDate(row.seenAt)}</span>
          {actions(row)}
        </Space>
      ),
    },
  ];

  return (
    <PageContainer title={t('ops.menu.unmatched')} testId="page-ops-unmatched">
      <Card>
        <p className="ops-secondary">{t('ops.unmatched.intro')}</p>
        <Form name="opsUnmatchedFilter" layout="inline" className="ops-filters">
          <Form.Item label={t('ops.unmatched.column.status')}>
            <Select
              value={status}
              style={{ width: 200 }}
              onChange={(value: Status) => {
                setStatus(value);
                setPage((current) => ({ ...current, pageNo: 1 }));
              }}
              options={STATUSES.map((value) => ({ value, label: t(`ops.unmatched.status.${value}`) }))}
              data-testid="ops-unmatched-filter"
            />
          </Form.Item>
        </Form>
        {list.isError ? (
          <LoadError
            message={list.error.message}
            onRetry={() => void list.refetch()}
            testId="ops-unmatched-error"
          />
        ) : null}
        <Table
          rowKey="id"
          columns={isPhone ? phoneColumns : columns}
          showHeader={!isPhone}
          dataSource={list.data?.list ?? []}
          loading={list.isPending || (list.isFetching && list.isPlaceholderData)}
          locale={{ emptyText: list.isPending ? ' ' : <EmptyData textKey="ops.unmatched.empty" /> }}
          pagination={{
            current: page.pageNo,
            pageSize: page.pageSize,
            total: list.data?.total ?? 0,
            showTotal: (total) => t('ops.common.total', { total }),
            onChange: (pageNo, pageSize) => setPage({ pageNo, pageSize }),
          }}
          data-testid="ops-unmatched-table"
        />
      </Card>
      <ReturnDialog transfer={returning} onClose={() => setReturning(undefined)} />
    </PageContainer>
  );
}
