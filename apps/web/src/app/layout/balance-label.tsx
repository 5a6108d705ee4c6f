import { Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAccountInfo } from '../../features/dashboard/api/get-account-info';
import { CLIENT_DEFAULTS, formatAmount, formatExactAmount } from '../../shared/lib/format';
import { formatCompactAmount } from './compact-amount';

/**
 * "Total balance ≈ X USDT": the decimal string total, formatted without ever becoming a float.
 * Compact (a phone's header) shows "≈ 12.3K USDT"; the full sentence stays for screen readers
 * and as the tooltip.
 */
export function BalanceLabel({ isCompact = false }: { isCompact?: boolean }) {
  const { t } = useTranslation();
  const { data, isPending, isError } = useAccountInfo();
  if (isPending)
    return (
      <Skeleton.Input
        active
        size="small"
        style={{ width: isCompact ? 72 : 180 }}
        data-testid="balance-loading"
      />
    );
  const currency = CLIENT_DEFAULTS.currency;
  const total = isError || !data ? undefined : data.totalBalance;
  const full = t('common.header.totalBalance', { amount: total ? formatAmount(total) : '-', currency });
  // Rounded half-up on the header; the exact total on hover (docs/decisions/2026-12-07-amount-display.md).
  const exact = t('common.header.totalBalance', { amount: total ? formatExactAmount(total) : '-', currency });
  if (!isCompact)
    return (
      <Typography.Text className="header-balance" title={exact} data-testid="header-balance">
        {full}
      </Typography.Text>
    );
  const short = t('common.header.balanceShort', {
    amount: total ? formatCompactAmount(total) : '-',
    currency,
  });
  return (
    <Typography.Text className="header-balance" title={exact} data-testid="header-balance">
      <span aria-hidden>{short}</span>
      <span className="visually-hidden">{full}</span>
    </Typography.Text>
  );
}
