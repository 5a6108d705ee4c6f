import type { OpsMerchant, OpsWithdrawal } from '@tollgate/contracts';
import { money } from '@tollgate/contracts/money';
import { Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatExactAmount } from '../../../shared/lib/format';
import { Amount } from '../../../shared/ui/amount';
import { WITHDRAWAL_STATUS_COLOR } from '../lib/ops-labels';

/** Small pieces every withdrawal table of the console shows the same way. */
export function WithdrawalStatusTag({ status }: { status: OpsWithdrawal['status'] }) {
  const { t } = useTranslation();
  return (
    <Tag color={WITHDRAWAL_STATUS_COLOR[status]} data-testid="ops-withdrawal-status">
      {t(`ops.status.${status}`)}
    </Tag>
  );
}

export function CopyableAddress({
  address,
  maxWidth = 200,
}: {
  address: string;
  maxWidth?: number | 'full';
}) {
  // 'full': the whole address, wrapped, where a reviewer decides on it (dialog, detail).
  if (maxWidth === 'full')
    return (
      <Typography.Text className="ops-mono" copyable={{ text: address }} style={{ wordBreak: 'break-all' }}>
        {address}
      </Typography.Text>
    );
  return (
    <Typography.Text
      className="ops-mono"
      copyable={{ text: address }}
      ellipsis={{ tooltip: address }}
      style={{ maxWidth }}
    >
      {address}
    </Typography.Text>
  );
}

/** An amount exactly as sent, with its coin. */
export function CoinAmount({ value, coin }: { value: string; coin: string }) {
  return (
    <span className="ops-amount">
      {formatExactAmount(value)} {coin}
    </span>
  );
}

/** A USDT worth, rounded half-up to cents, the exact value on hover (display only). */
export function UsdtValue({ value }: { value: string }) {
  return <Amount className="ops-amount" value={value} prefix="≈ " suffix="USDT" />;
}

/** A merchant's balances held (available, and frozen when any), one coin a line. */
export function BalanceList({ balances }: { balances: OpsMerchant['balances'] }) {
  const { t } = useTranslation();
  const held = balances.filter((b) => !money(b.available).isZero() || !money(b.frozen).isZero());
  if (held.length === 0) return <span>-</span>;
  return (
    <ul className="ops-balances">
      {held.map((b) => (
        <li key={b.coinName}>
          <strong>{b.coinName}</strong> {formatExactAmount(b.available)}
          {!money(b.frozen).isZero() ? (
            <Typography.Text type="secondary">
              {' '}
              ({t('ops.drawer.frozen')} {formatExactAmount(b.frozen)})
            </Typography.Text>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
