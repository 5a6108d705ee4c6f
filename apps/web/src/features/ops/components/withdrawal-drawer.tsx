import type { OpsWithdrawal, OpsWithdrawalDetail } from '@tollgate/contracts';
import { Alert, Button, Descriptions, Drawer, Flex, Space, Spin, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, formatExactAmount } from '../../../shared/lib/format';
import { withdrawalReasonText } from '../../../shared/lib/withdrawal-reason';
import { LoadError } from '../../../shared/ui/load-error';
import { useOpsWithdrawalDetail } from '../api/ops-withdrawals';
import { ReviewDialog, type ReviewKind } from './review-dialog';
import { BalanceList, CoinAmount, CopyableAddress, UsdtValue, WithdrawalStatusTag } from './withdrawal-cells';

/**
 * One withdrawal, with what a reviewer weighs: its merchant (status, balances, auto-approve
 * threshold), the destination's history across merchants (an address never paid before is
 * flagged) and the merchant's latest withdrawals. A pending one has the decisions at the foot.
 */
export interface WithdrawalDrawerProps {
  withdrawal: OpsWithdrawal | undefined;
  isDevnet: boolean;
  onClose: () => void;
}

export function WithdrawalDrawer({ withdrawal, isDevnet, onClose }: WithdrawalDrawerProps) {
  const { t } = useTranslation();
  const detail = useOpsWithdrawalDetail(withdrawal?.withdrawalNo);
  const [review, setReview] = useState<ReviewKind>();
  const current = detail.data?.withdrawal ?? withdrawal;
  const isPending = current?.status === 'pending_review';

  const footer =
    current && isPending ? (
      <Flex gap={8} wrap justify="flex-end">
        {isDevnet ? (
          <Button danger onClick={() => setReview('fail')} data-testid="ops-drawer-fail">
            {t('ops.review.failAction')}
          </Button>
        ) : null}
        <Button danger onClick={() => setReview('reject')} data-testid="ops-drawer-reject">
          {t('ops.review.reject')}
        </Button>
        <Button type="primary" onClick={() => setReview('approve')} data-testid="ops-drawer-approve">
          {t('ops.review.approve')}
        </Button>
      </Flex>
    ) : null;

  return (
    <Drawer
      open={withdrawal !== undefined}
      onClose={onClose}
      size={720}
      title={current ? t('ops.drawer.title', { no: current.withdrawalNo }) : undefined}
      footer={footer}
      destroyOnHidden
      data-testid="ops-withdrawal-drawer"
    >
      {detail.isError ? (
        <LoadError
          message={detail.error.message}
          onRetry={() => void detail.refetch()}
          testId="ops-drawer-error"
        />
      ) : null}
      {current ? <WithdrawalSummary withdrawal={current} /> : null}
      {detail.isPending && !detail.isError ? <Spin className="ops-loading" /> : null}
      {detail.data ? <DetailSections detail={detail.data} /> : null}
      {current ? (
        <ReviewDialog kind={review} withdrawal={current} onClose={() => setReview(undefined)} />
      ) : null}
    </Drawer>
  );
}

function WithdrawalSummary({ withdrawal: w }: { withdrawal: OpsWithdrawal }) {
  const { t } = useTranslation();
  return (
    <Descriptions size="small" column={2} bordered data-testid="ops-drawer-withdrawal">
      <Descriptions.Item label={t('ops.queue.column.status')}>
        <Space size={4}>
          <WithdrawalStatusTag status={w.status} />
          {w.test ? <Tag>{t('ops.queue.test')}</Tag> : null}
        </Space>
      </Descriptions.Item>
      <Descriptions.Item label={t('ops.queue.column.source')}>
        {t(`ops.source.${w.source}`)}
      </Descriptions.Item>
      <Descriptions.Item label={t('ops.queue.column.amount')}>
        <CoinAmount value={w.amount} coin={w.coinName} />
      </Descriptions.Item>
      <Descriptions.Item label={t('ops.queue.column.fee')}>
        <CoinAmount value={w.fee} coin={w.coinName} />
      </Descriptions.Item>
      <Descriptions.Item label={t('ops.drawer.total')}>
        <CoinAmount value={w.total} coin={w.coinName} />
      </Descriptions.Item>
      <Descriptions.Item label={t('ops.queue.column.usdtValue')}>
        <UsdtValue value={w.usdtValue} />
      </Descriptions.Item>
      <Descriptions.Item label={t('ops.queue.column.chain')}>{w.chainId}</Descriptions.Item>
      <Descriptions.Item label={t('ops.queue.column.created')}>{formatDate(w.createdAt)}</Descriptions.Item>
      <Descriptions.Item label={t('ops.queue.column.address')} span={2}>
        <CopyableAddress address={w.address} maxWidth="full" />
      </Descriptions.Item>
      {w.txHash ? (
        <Descriptions.Item label={t('ops.drawer.txHash')} span={2}>
          <CopyableAddress address={w.txHash} maxWidth="full" />
        </Descriptions.Item>
      ) : null}
      {w.orderNo ? (
        <Descriptions.Item label={t('ops.drawer.orderNo')} span={2}>
          {w.orderNo}
        </Descriptions.Item>
      ) : null}
      {w.reason ? (
        <Descriptions.Item label={t('ops.drawer.reason')} span={2}>
          {withdrawalReasonText(t, w.status, w.reason)}
        </Descriptions.Item>
      ) : null}
      {w.reviewedBy ? (
        <Descriptions.Item label={t('ops.drawer.reviewedBy')} span={2}>
          {w.reviewedBy} · {formatDate(w.reviewedAt)}
        </Descriptions.Item>
      ) : null}
    </Descriptions>
  );
}

function DetailSections({ detail }: { detail: OpsWithdrawalDetail }) {
  const { t } = useTranslation();
  const { merchant, addressStats } = detail;
  const isNewAddress = addressStats.total === 0;
  return (
    <>
      <Typography.Title level={3} className="ops-drawer__heading">
        {t('ops.drawer.merchant')}
      </Typography.Title>
      <Descriptions size="small" column={2} bordered data-testid="ops-drawer-merchant">
        <Descriptions.Item label={t('ops.merchants.column.email')}>
          {merchant.email} ({merchant.id})
        </Descriptions.Item>
        <Descriptions.Item label={t('ops.merchants.column.status')}>
          <Tag color={merchant.status === 'active' ? 'success' : 'error'}>
            {t(`ops.merchants.status.${merchant.status}`)}
          </Tag>
        </Descriptions.Item>
        <Descriptions.Item label={t('ops.merchants.column.threshold')} span={2}>
          {formatExactAmount(merchant.autoApproveUsdt)} USDT
        </Descriptions.Item>
        <Descriptions.Item label={t('ops.merchants.column.balances')} span={2}>
          <BalanceList balances={merchant.balances} />
        </Descriptions.Item>
      </Descriptions>

      <Typography.Title level={3} className="ops-drawer__heading">
        {t('ops.drawer.address')}
      </Typography.Title>
      {isNewAddress ? (
        <Alert
          type="warning"
          showIcon
          title={t('ops.drawer.newAddress')}
          data-testid="ops-drawer-new-address"
        />
      ) : (
        <Alert
          type="info"
          showIcon
          title={t('ops.drawer.addressStats', addressStats)}
          data-testid="ops-drawer-address-stats"
        />
      )}
      {detail.addressHistory.length > 0 ? <HistoryTable rows={detail.addressHistory} showMerchant /> : null}

      <Typography.Title level={3} className="ops-drawer__heading">
        {t('ops.drawer.merchantHistory')}
      </Typography.Title>
      <HistoryTable rows={detail.merchantHistory} testId="ops-drawer-merchant-history" />
    </>
  );
}

function HistoryTable({
  rows,
  showMerchant = false,
  testId,
}: {
  rows: OpsWithdrawal[];
  showMerchant?: boolean;
  testId?: string;
}) {
  const { t } = useTranslation();
  const columns: ColumnsType<OpsWithdrawal> = [
    { title: t('ops.queue.column.created'), dataIndex: 'createdAt', render: (v: string) => formatDate(v) },
    ...(showMerchant
      ? [
          {
            title: t('ops.queue.column.merchant'),
            key: 'merchant',
            render: (_: unknown, r: OpsWithdrawal) => r.merchantEmail,
          },
        ]
      : []),
    {
      title: t('ops.queue.column.amount'),
      key: 'amount',
      render: (_: unknown, r: OpsWithdrawal) => <CoinAmount value={r.amount} coin={r.coinName} />,
    },
    ...(showMerchant
      ? []
      : [
          {
            title: t('ops.queue.column.address'),
            key: 'address',
            render: (_: unknown, r: OpsWithdrawal) => <CopyableAddress address={r.address} maxWidth={160} />,
          },
        ]),
    {
      title: t('ops.queue.column.status'),
      dataIndex: 'status',
      render: (s: OpsWithdrawal['status']) => <WithdrawalStatusTag status={s} />,
    },
  ];
  return (
    <Table
      size="small"
      rowKey="withdrawalNo"
      columns={columns}
      dataSource={rows}
      pagination={false}
      locale={{ emptyText: t('ops.drawer.noHistory') }}
      style={{ marginTop: 8 }}
      data-testid={testId}
    />
  );
}
