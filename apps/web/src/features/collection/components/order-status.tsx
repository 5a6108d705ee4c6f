import type { OrderRecord } from '@tollgate/contracts';
import { DECIMAL_PATTERN, money } from '@tollgate/contracts/money';
import { Space, Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';

const STATUS_COLOR = {
  pending: 'default',
  confirming: 'processing',
  completed: 'success',
  expired: 'default',
  pending_review: 'default',
  processing: 'processing',
  failed: 'error',
  rejected: 'error',
} as const satisfies Record<OrderRecord['status'], string>;

/**
 * An order's status, its exception beside it (kept apart, as the API keeps them). A collection
 * still pending with part of its amount arrived says so: its exception (underpaid) comes only
 * at expiry, and until then the merchant saw a plain "pending".
 */
export function OrderStatus({
  order,
}: {
  order: Pick<OrderRecord, 'status' | 'exception'> & Partial<Pick<OrderRecord, 'paidAmount'>>;
}) {
  const { t } = useTranslation();
  const partlyPaid =
    order.status === 'pending' &&
    order.paidAmount !== undefined &&
    DECIMAL_PATTERN.test(order.paidAmount) &&
    money(order.paidAmount).greaterThan(0);
  return (
    <Space size={4} wrap>
      <Tag color={STATUS_COLOR[order.status]} data-testid="order-status">
        {t(`collection.status.${order.status}`)}
      </Tag>
      {partlyPaid ? (
        <Tooltip title={t('collection.partlyPaidHint')}>
          <Tag color="warning" data-testid="order-partly-paid">
            {t('collection.partlyPaid')}
          </Tag>
        </Tooltip>
      ) : null}
      {order.exception ? (
        <Tag color={order.exception === 'overpaid' ? 'gold' : 'warning'} data-testid="order-exception">
          {t(`collection.exception.${order.exception}`)}
        </Tag>
      ) : null}
    </Space>
  );
}

/** The TEST mark of an order made on the simulated devnet chain. */
export function TestTag() {
  const { t } = useTranslation();
  return (
    <Tooltip title={t('collection.testHint')}>
      <Tag color="orange" data-testid="order-test-tag">
        {t('collection.test')}
      </Tag>
    </Tooltip>
  );
}
