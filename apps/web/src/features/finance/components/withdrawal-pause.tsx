import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../shared/lib/format';
import { useMerchantInfo } from '../../merchant/api/get-merchant-info';

/**
 * Withdrawals and payouts pause for 24 h after a password change or reset, a Google unbind, or
 * the address whitelist turned off (the server refuses them with 3202). The pages say so before
 * the merchant fills a form in: the end of the pause while it lasts, else null.
 */
export function useWithdrawalPause(): string | null {
  const until = useMerchantInfo().data?.withdrawalLockedUntil;
  return until && new Date(until).getTime() > Date.now() ? until : null;
}

export function WithdrawalPauseAlert({ until }: { until: string }) {
  const { t } = useTranslation();
  return (
    <Alert
      type="warning"
      showIcon
      title={t('assets.withdraw.paused', { time: formatDate(until) })}
      data-testid="withdrawal-paused"
    />
  );
}
