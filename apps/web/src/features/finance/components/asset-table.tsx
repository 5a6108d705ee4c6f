import type { AssetEntry } from '@tollgate/contracts';
import { Button, Checkbox, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { CLIENT_DEFAULTS, formatAmount, formatExactAmount } from '../../../shared/lib/format';
import { useIsPhone } from '../../../shared/lib/use-is-phone';
import { Amount } from '../../../shared/ui/amount';
import { EmptyData } from '../../../shared/ui/empty-data';
import { type SimpleColumn, SimpleTable } from '../../../shared/ui/simple-table';
import { isSmallAsset, useHideSmallAssets } from '../lib/hide-small-assets';

/**
 * Every currency with what is free to use, what pending withdrawals hold, and its worth. The
 * balances are exact (as many decimals as the server keeps); the worth is rounded for reading.
 * "Hide small assets" leaves out those worth less than 1 USDT, and is remembered per browser.
 */
export interface AssetTableProps {
  assets: readonly AssetEntry[];
  onDeposit: (coinName: string) => void;
  onWithdraw: (asset: AssetEntry) => void;
}

export function AssetTable({ assets, onDeposit, onWithdraw }: AssetTableProps) {
  const { t } = useTranslation();
  const [hideSmall, setHideSmall] = useHideSmallAssets();
  const isPhone = useIsPhone();
  const currency = CLIENT_DEFAULTS.currency;
  const shown = hideSmall ? assets.filter((asset) => !isSmallAsset(asset)) : assets;
  const columns: SimpleColumn<AssetEntry>[] = [
    {
      key: 'coinName',
      title: t('pages.finance.assets.currency'),
      width: '16%',
      render: (row) => (
        <Flex gap={8} align="center">
          <img src={row.icon} alt="" width={20} height={20} />
          <span>{row.coinName}</span>
        </Flex>
      ),
    },
    {
      key: 'available',
      title: t('pages.finance.assets.available'),
      align: 'right',
      width: '24%',
      render: (row) => formatExactAmount(row.available),
    },
    {
      key: 'frozen',
      title: t('pages.finance.assets.frozen'),
      align: 'right',
      width: '24%',
      render: (row) => formatExactAmount(row.frozen),
    },
    {
      key: 'usdtValue',
      title: t('pages.finance.assets.usdtValue', { currency }),
      align: 'right',
      width: '20%',
      render: (row) => <Amount value={row.usdtValue} prefix="≈ " />,
    },
    {
      key: 'actions',
      title: t('assets.actions.title'),
      align: 'right',
      width: '20%',
      render: (row) => (
        <Flex gap={8} justify="flex-end" align="flex-end" vertical={isPhone} wrap>
          <Button
            size="small"
            onClick={() => onDeposit(row.coinName)}
            data-testid={`deposit-${row.coinName}`}
          >
            {t('assets.actions.deposit')}
          </Button>
          <Button size="small" onClick={() => onWithdraw(row)} data-testid={`withdraw-${row.coinName}`}>
            {t('assets.actions.withdraw')}
          </Button>
        </Flex>
      ),
    },
  ];
  // A phone: the coin, its balances under one another with the worth, and the two actions
  // stacked, so Deposit and Withdraw stay on screen (issue 31).
  const byKey = (key: string) => columns.find((column) => column.key === key) as SimpleColumn<AssetEntry>;
  const phoneColumns: SimpleColumn<AssetEntry>[] = [
    { ...byKey('coinName'), width: undefined },
    {
      ...byKey('available'),
      width: undefined,
      render: (row) => (
        <Flex vertical align="flex-end">
          <span className="amount">{formatExactAmount(row.available)}</span>
          <Typography.Text type="secondary">
            {t('pages.finance.assets.frozen')} <span className="amount">{formatExactAmount(row.frozen)}</span>
          </Typography.Text>
          <Typography.Text type="secondary" className="amount">
            ≈ {formatAmount(row.usdtValue)} {currency}
          </Typography.Text>
        </Flex>
      ),
    },
    { ...byKey('actions'), width: undefined },
  ];
  return (
    <>
      <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 12 }}>
        <Typography.Text type="secondary">{t('pages.finance.assets.hint')}</Typography.Text>
        <Checkbox
          checked={hideSmall}
          onChange={(event) => setHideSmall(event.target.checked)}
          data-testid="hide-small-assets"
        >
          {t('pages.finance.assets.hideSmall')}
        </Checkbox>
      </Flex>
      {shown.length > 0 ? (
        <SimpleTable
          columns={isPhone ? phoneColumns : columns}
          rows={shown}
          rowKey={(row) => row.coinName}
          testId="asset-table"
        />
      ) : (
        <EmptyData theme="small" textKey="pages.finance.assets.allSmall" />
      )}
    </>
  );
}
