import { Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAccountInfo } from '../../features/dashboard/api/get-account-info';
import { CLIENT_DEFAULTS, formatAmount } from '../../shared/lib/format';

/** "Total balance ≈ X USDT": the decimal string total, formatted without ever becoming a float. */
export function BalanceLabel() {
  const { t } = useTranslation();
  const { data, isPending, isError } = useAccountInfo();
  if (isPending)
    return <Skeleton.Input active size="small" style={{ width: 180 }} data-testid="balance-loading" />;
  const amount = isError || !data ? '-' : formatAmount(data.totalBalance);
  return (
    <Typography.Text className="header-balance" data-testid="header-balance">
      {t('common.header.totalBalance', { amount, currency: CLIENT_DEFAULTS.currency })}
    </Typography.Text>
  );
}
