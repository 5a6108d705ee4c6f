import type { OpsMerchant } from '@tollgate/contracts';
import { App, Button, Card, Form, Input, Space, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatExactAmount } from '../../../shared/lib/format';
import { Amount } from '../../../shared/ui/amount';
import { EmptyData } from '../../../shared/ui/empty-data';
import { LoadError } from '../../../shared/ui/load-error';
import { PageContainer } from '../../../shared/ui/page-container';
import { useOpsMerchants, useSetMerchantStatus } from '../api/ops-merchants';
import { ThresholdModal } from '../components/threshold-modal';
import { BalanceList } from '../components/withdrawal-cells';

/**
 * Merchants: status, worth, balances, withdrawals waiting for review and the auto-approve
 * threshold; searched by email or ID. Disabling (the merchant can no longer log in or call
 * the API) and enabling ask first; the threshold is edited in a dialog. Both are audited.
 */
const FIRST_PAGE = { pageNo: 1, pageSize: 20 };

export default function OpsMerchantsPage() {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(FIRST_PAGE);
  const [editing, setEditing] = useState<OpsMerchant>();
  const merchants = useOpsMerchants({ ...page, ...(keyword ? { keyword } : {}) });
  const setStatus = useSetMerchantStatus();

  const confirmStatus = (merchant: OpsMerchant) => {
    const isDisabling = merchant.status === 'active';
    void modal.confirm({
      title: t(isDisabling ? 'ops.merchants.disableTitle' : 'ops.merchants.enableTitle'),
      content: t(isDisabling ? 'ops.merchants.confirmDisable' : 'ops.merchants.confirmEnable', {
        email: merchant.email,
      }),
      okText: t(isDisabling ? 'ops.merchants.disable' : 'ops.merchants.enable'),
      okButtonProps: { danger: isDisabling, 'data-testid': 'ops-status-confirm' },
      cancelText: t('ops.common.cancel'),
      onOk: async () => {
        try {
          await setStatus.mutateAsync({
            merchantId: merchant.id,
            status: isDisabling ? 'disabled' : 'active',
          });
          void message.success(
            t(isDisabling ? 'ops.merchants.disabled' : 'ops.merchants.enabled', { email: merchant.email }),
          );
        } catch (failure) {
          void message.error(failure instanceof Error ? failure.message : String(failure));
        }
      },
    });
  };

  const columns: ColumnsType<OpsMerchant> = [
    { title: t('ops.merchants.column.id'), dataIndex: 'id', width: 100 },
    { title: t('ops.merchants.column.email'), dataIndex: 'email' },
    {
      title: t('ops.merchants.column.status'),
      dataIndex: 'status',
      render: (status: OpsMerchant['status']) => (
        <Tag color={status === 'active' ? 'success' : 'error'} data-testid="ops-merchant-status">
          {t(`ops.merchants.status.${status}`)}
        </Tag>
      ),
    },
    {
      title: t('ops.merchants.column.totalUsdt'),
      dataIndex: 'totalUsdt',
      align: 'right',
      render: (value: string) => <Amount className="ops-amount" value={value} suffix="USDT" />,
    },
    {
      title: t('ops.merchants.column.balances'),
      dataIndex: 'balances',
      render: (balances: OpsMerchant['balances']) => <BalanceList balances={balances} />,
    },
    {
      title: t('ops.merchants.column.pendingReview'),
      dataIndex: 'pendingReview',
      align: 'right',
      render: (count: number) => (count > 0 ? <Tag color="warning">{count}</Tag> : count),
    },
    {
      title: t('ops.merchants.column.threshold'),
      dataIndex: 'autoApproveUsdt',
      align: 'right',
      render: (value: string) => (
        <span className="ops-amount" data-testid="ops-merchant-threshold">
          {formatExactAmount(value)} USDT
        </span>
      ),
    },
    {
      title: t('ops.queue.column.actions'),
      key: 'actions',
      render: (_, merchant) => (
        <Space size={0} wrap>
          <Button
            type="link"
            size="small"
            onClick={() => setEditing(merchant)}
            data-testid="ops-merchant-threshold-edit"
          >
            {t('ops.merchants.editThreshold')}
          </Button>
          <Button
            type="link"
            size="small"
            danger={merchant.status === 'active'}
            onClick={() => confirmStatus(merchant)}
            data-testid="ops-merchant-toggle"
          >
            {t(merchant.status === 'active' ? 'ops.merchants.disable' : 'ops.merchants.enable')}
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <PageContainer title={t('ops.menu.merchants')} testId="page-ops-merchants">
      <Card>
        <Form
          name="opsMerchantFilter"
          layout="inline"
          className="ops-filters"
          onFinish={({ keyword: value }: { keyword?: string }) => {
            setKeyword(value?.trim() ?? '');
            setPage((current) => ({ ...current, pageNo: 1 }));
          }}
        >
          <Form.Item name="keyword" label={t('ops.merchants.keyword')}>
            <Input
              allowClear
              placeholder={t('ops.merchants.keywordPlaceholder')}
              style={{ width: 260 }}
              maxLength={128}
              data-testid="ops-merchant-keyword"
            />
          </Form.Item>
          <Form.Item>
            <Button type="primary" htmlType="submit" data-testid="ops-merchant-search">
              {t('ops.common.search')}
            </Button>
          </Form.Item>
        </Form>
        {merchants.isError ? (
          <LoadError
            message={merchants.error.message}
            onRetry={() => void merchants.refetch()}
            testId="ops-merchants-error"
          />
        ) : null}
        <Table
          rowKey="id"
          columns={columns}
          dataSource={merchants.data?.list ?? []}
          loading={merchants.isPending || (merchants.isFetching && merchants.isPlaceholderData)}
          scroll={merchants.data?.list.length ? { x: 1100 } : undefined}
          locale={{ emptyText: merchants.isPending ? ' ' : <EmptyData textKey="ops.common.noData" /> }}
          pagination={{
            current: page.pageNo,
            pageSize: page.pageSize,
            total: merchants.data?.total ?? 0,
            showTotal: (total) => t('ops.common.total', { total }),
            onChange: (pageNo, pageSize) => setPage({ pageNo, pageSize }),
          }}
          data-testid="ops-merchants-table"
        />
      </Card>
      <ThresholdModal merchant={editing} onClose={() => setEditing(undefined)} />
    </PageContainer>
  );
}
