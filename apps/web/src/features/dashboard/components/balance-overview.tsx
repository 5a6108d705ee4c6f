import type { AccountInfo, UserBalance } from '@tollgate/contracts';
import { Alert, Card, Statistic } from 'antd';
import { useTranslation } from 'react-i18next';
import { CLIENT_DEFAULTS, formatExactAmount } from '../../../shared/lib/format';
import { Amount } from '../../../shared/ui/amount';
import { EmptyData } from '../../../shared/ui/empty-data';
import { type SimpleColumn, SimpleTable } from '../../../shared/ui/simple-table';

/**
 * The merchant's balances: the total in USDT and one row per currency. Every figure is the
 * server's decimal string, formatted for display only (a new merchant shows zero).
 */
export interface BalanceOverviewProps {
  account?: AccountInfo | undefined;
  isLoading: boolean;
  errorMessage?: string | undefined;
}

export function BalanceOverview({ account, isLoading, errorMessage }: BalanceOverviewProps) {
  const { t } = useTranslation();
  const currency = CLIENT_DEFAULTS.currency;
  const columns: SimpleColumn<UserBalance>[] = [
    { key: 'coinName', title: t('dashboard.balance.currency'), render: (row) => row.coinName },
    {
      key: 'available',
      title: t('dashboard.balance.available'),
      align: 'right',
      render: (row) => formatExactAmount(row.available),
    },
    {
      key: 'frozen',
      title: t('dashboard.balance.frozen'),
      align: 'right',
      render: (row) => formatExactAmount(row.frozen),
    },
    {
      key: 'usdtValue',
      title: t('dashboard.balance.usdtValue', { currency }),
      align: 'right',
      render: (row) => <Amount value={row.usdtValue} />,
    },
  ];
  const balances = account?.userBalanceList ?? [];
  return (
    <Card title={t('dashboard.balance.title')} loading={isLoading} data-testid="balance-overview">
      {errorMessage ? (
        <Alert type="error" showIcon title={errorMessage} style={{ marginBottom: 16 }} />
      ) : null}
      <Statistic
        title={t('dashboard.balance.total', { currency })}
        value={account?.totalBalance ?? '-'}
        formatter={() => <Amount value={account?.totalBalance} />}
        suffix={currency}
        data-testid="balance-total"
      />
      {balances.length > 0 ? (
        <SimpleTable
          style={{ marginTop: 16 }}
          rowKey={(row) => row.coinName}
          columns={columns}
          rows={balances}
          testId="balance-table"
        />
      ) : (
        <EmptyData theme="small" />
      )}
    </Card>
  );
}
