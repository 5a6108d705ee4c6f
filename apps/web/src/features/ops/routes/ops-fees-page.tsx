import type { OpsFeeTable } from '@tollgate/contracts';
import { money, toDecimalString } from '@tollgate/contracts/money';
import { Alert, Button, Card, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, formatExactAmount } from '../../../shared/lib/format';
import { LoadError } from '../../../shared/ui/load-error';
import { PageContainer } from '../../../shared/ui/page-container';
import { useOpsFeeTable } from '../api/ops-fees';
import { type FeeEdit, FeeEditModal } from '../components/fee-edit-modal';

/**
 * Fees & rates: the fee table per chain and coin (collection rate, payout fee) and the
 * exchange rates to USDT, each row editable in a dialog. Changes apply at once and are audited.
 */
type FeeRow = OpsFeeTable['fees'][number];
type RateRow = OpsFeeTable['rates'][number];

/** 0.008 → "0.8%": through the money module, never a float. */
export function formatShareRate(rate: string): string {
  return `${toDecimalString(money(rate).times(100))}%`;
}

export default function OpsFeesPage() {
  const { t } = useTranslation();
  const table = useOpsFeeTable();
  const [edit, setEdit] = useState<FeeEdit>();

  const feeColumns: ColumnsType<FeeRow> = [
    { title: t('ops.fees.column.chain'), dataIndex: 'chainId' },
    { title: t('ops.fees.column.coin'), dataIndex: 'coinName' },
    {
      title: t('ops.fees.column.collectionRate'),
      dataIndex: 'collectionRate',
      align: 'right',
      render: (rate: string) => `${rate} (${formatShareRate(rate)})`,
    },
    {
      title: t('ops.fees.column.payoutFee'),
      key: 'payoutFee',
      align: 'right',
      render: (_, row) => `${formatExactAmount(row.payoutFee)} ${row.coinName}`,
    },
    {
      title: t('ops.queue.column.actions'),
      key: 'actions',
      render: (_, row) => (
        <Button
          type="link"
          size="small"
          onClick={() => setEdit({ kind: 'fee', row })}
          aria-label={t('ops.fees.editFee', { coin: row.coinName, chain: row.chainId })}
          data-testid={`ops-fee-edit-${row.chainId}-${row.coinName}`}
        >
          {t('ops.common.edit')}
        </Button>
      ),
    },
  ];
  const rateColumns: ColumnsType<RateRow> = [
    { title: t('ops.fees.column.coin'), dataIndex: 'coinName' },
    {
      title: t('ops.fees.column.rate'),
      dataIndex: 'rate',
      align: 'right',
      render: (rate: string, row) => `1 ${row.coinName} = ${formatExactAmount(rate)} USDT`,
    },
    { title: t('ops.fees.column.updatedAt'), dataIndex: 'updatedAt', render: (v: string) => formatDate(v) },
    {
      title: t('ops.queue.column.actions'),
      key: 'actions',
      render: (_, row) => (
        <Button
          type="link"
          size="small"
          onClick={() => setEdit({ kind: 'rate', row })}
          aria-label={t('ops.fees.editRate', { coin: row.coinName })}
          data-testid={`ops-rate-edit-${row.coinName}`}
        >
          {t('ops.common.edit')}
        </Button>
      ),
    },
  ];

  return (
    <PageContainer title={t('ops.menu.fees')} testId="page-ops-fees">
      <Alert type="info" showIcon title={t('ops.fees.auditNote')} style={{ marginBottom: 16 }} />
      {table.isError ? (
        <LoadError
          message={table.error.message}
          onRetry={() => void table.refetch()}
          testId="ops-fees-error"
        />
      ) : null}
      <Card title={<h2 className="ops-card__title">{t('ops.fees.feeTable')}</h2>} className="ops-card">
        <Table
          rowKey={(row) => `${row.chainId}:${row.coinName}`}
          size="small"
          columns={feeColumns}
          dataSource={table.data?.fees ?? []}
          loading={table.isPending}
          pagination={false}
          data-testid="ops-fee-table"
        />
      </Card>
      <Card title={<h2 className="ops-card__title">{t('ops.fees.rateTable')}</h2>} className="ops-card">
        <Table
          rowKey="coinName"
          size="small"
          columns={rateColumns}
          dataSource={table.data?.rates ?? []}
          loading={table.isPending}
          pagination={false}
          data-testid="ops-rate-table"
        />
      </Card>
      <FeeEditModal edit={edit} onClose={() => setEdit(undefined)} />
    </PageContainer>
  );
}
