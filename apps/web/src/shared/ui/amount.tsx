import { formatExactMoney, isRoundedAt, type MoneyInput } from '@tollgate/contracts/money';
import { Tooltip } from 'antd';
import type { CSSProperties } from 'react';
import { CLIENT_DEFAULTS, EMPTY_VALUE, formatAmount } from '../lib/format';

/**
 * An amount shown at fixed decimals (a USDT estimate or total): rounded half-up (formatAmount),
 * never cut; when that shows less than the value holds, the exact value is on hover (a tooltip,
 * also in `data-exact` for tests) and for screen readers. A coin's own amounts are shown whole
 * with formatExactAmount instead: there is nothing to hover. docs/decisions/2026-12-07-amount-display.md.
 */
export interface AmountProps {
  value: MoneyInput | null | undefined;
  precision?: number;
  /** Written after the figure, e.g. "USDT". */
  suffix?: string;
  /** Written before it, e.g. "≈ ". */
  prefix?: string;
  className?: string;
  style?: CSSProperties;
  testId?: string;
}

export function Amount({
  value,
  precision = CLIENT_DEFAULTS.precision,
  suffix,
  prefix,
  className,
  style,
  testId,
}: AmountProps) {
  const hasValue = value !== null && value !== undefined && value !== '';
  const shown = `${prefix ?? ''}${formatAmount(value, precision)}${suffix ? ` ${suffix}` : ''}`;
  if (!hasValue || !isRoundedAt(value, precision)) {
    return (
      <span className={className} style={style} data-testid={testId}>
        {hasValue ? shown : EMPTY_VALUE}
      </span>
    );
  }
  const exact = `${formatExactMoney(value)}${suffix ? ` ${suffix}` : ''}`;
  return (
    <Tooltip title={exact}>
      <span
        className={className ? `${className} amount-rounded` : 'amount-rounded'}
        style={style}
        data-testid={testId}
        data-exact={exact}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the exact value must be reachable without a mouse
        tabIndex={0}
      >
        {shown}
      </span>
    </Tooltip>
  );
}
