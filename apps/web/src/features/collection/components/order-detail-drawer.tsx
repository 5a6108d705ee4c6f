import type { CallbackAttempt, OrderDetail, OrderTransfer } from '@tollgate/contracts';
import {
  App,
  Button,
  Collapse,
  Descriptions,
  Drawer,
  Empty,
  Popconfirm,
  Space,
  Table,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDate, formatExactAmount } from '../../../shared/lib/format';
import { withdrawalReasonText } from '../../../shared/lib/withdrawal-reason';
import { DeliveryError } from '../../../shared/ui/delivery-error';
import { LoadError } from '../../../shared/ui/load-error';
import { useOrderDetail, useResendCallback } from '../api/order-records';
import { OrderStatus, TestTag } from './order-status';

/**
 * One order's detail (issue 7): the order, the chain transfers seen to its address, and the
 * callback delivery log with its push status, plus "resend notification" after a
 * confirmation. Opened from the records table; the log refreshes after a resend.
 */
export function OrderDetailDrawer({ orderNo, onClose }: { orderNo: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const detail = useOrderDetail(orderNo);
  return (
    <Drawer
      open={orderNo !== null}
      onClose={onClose}
      size="large"
      title={orderNo ? t('collection.detail.title', { orderNo }) : ''}
      destroyOnHidden
      data-testid="order-detail"
    >
      {detail.isPending ? <Typography.Text type="secondary">…</Typography.Text> : null}
      {detail.error ? (
        <LoadError
          message={`${t('collection.detail.loadFailed')}: ${detail.error.message}`}
          onRetry={() => void detail.refetch()}
          isRetrying={detail.isFetching}
          testId="order-detail-error"
        />
      ) : null}
      {detail.data ? <DetailBody detail={detail.data} /> : null}
    </Drawer>
  );
}

/** What a payout's detail leaves out: it has no cashier, no deadline and no payment to wait for. */
const COLLECTION_ONLY = new Set(['paid', 'arrivedAt', 'expiresAt', 'language', 'redirectUrl', 'cashierUrl']);

function DetailBody({ detail }: { detail: OrderDetail }) {
  const { t } = useTranslation();
  const { order } = detail;
  const payout = order.type === 'payout';
  const none = t('collection.detail.none');
  const money = (value: string) => `${formatExactAmount(value)} ${order.currency}`;
  return (
    <Space orientation="vertical" size="large" className="full-width">
      <Descriptions
        title={t('collection.detail.order')}
        column={1}
        size="small"
        bordered
        data-testid="order-detail-fields"
        items={[
          {
            key: 'status',
            label: t('collection.column.status'),
            children: (
              <Space size={4}>
                <OrderStatus order={order} />
                {order.test ? <TestTag /> : null}
              </Space>
            ),
          },
          {
            key: 'merchantOrderNo',
            label: t('collection.column.merchantOrderNo'),
            children: order.merchantOrderNo,
          },
          {
            key: 'app',
            label: t('collection.column.appName'),
            children: `${order.appName} (${order.appId})`,
          },
          {
            key: 'currency',
            label: t('collection.column.currency'),
            children: `${order.currency} / ${order.network ?? t('collection.column.noNetwork')}`,
          },
          { key: 'amount', label: t('collection.column.amount'), children: money(order.amount) },
          // An epusdt order was priced by the shop in a fiat: its own number to match the order by.
          ...(order.fiat && order.fiatAmount
            ? [
                {
                  key: 'fiat',
                  label: t('collection.detail.fiatPrice'),
                  children: (
                    <span data-testid="order-fiat-price">{`${formatExactAmount(order.fiatAmount)} ${order.fiat}`}</span>
                  ),
                },
              ]
            : []),
          { key: 'paid', label: t('collection.column.paidAmount'), children: money(order.paidAmount) },
          { key: 'fee', label: t('collection.column.fee'), children: money(order.fee) },
          {
            key: 'payAddress',
            label: t(payout ? 'collection.detail.toAddress' : 'collection.detail.payAddress'),
            children: order.payAddress ? (
              <Typography.Text copyable className="mono">
                {order.payAddress}
              </Typography.Text>
            ) : (
              none
            ),
          },
          {
            key: 'txHash',
            label: t('collection.detail.txHash'),
            children: order.txHash ? (
              <Typography.Text copyable className="mono">
                {order.txHash}
              </Typography.Text>
            ) : (
              none
            ),
          },
          {
            key: 'createdAt',
            label: t('collection.column.createdAt'),
            children: formatDate(order.createdAt),
          },
          {
            key: 'arrivedAt',
            label: t('collection.detail.arrivedAt'),
            children: order.arrivedAt ? formatDate(order.arrivedAt) : none,
          },
          {
            key: 'completedAt',
            label: t('collection.column.completedAt'),
            children: order.completedAt ? formatDate(order.completedAt) : none,
          },
          {
            key: 'expiresAt',
            label: t('collection.detail.expiresAt'),
            children: formatDate(order.expiresAt),
          },
          {
            key: 'description',
            label: t('collection.detail.description'),
            children: order.description || none,
          },
          {
            key: 'language',
            label: t('collection.detail.language'),
            children: order.language
              ? t(`common.languages.${order.language}`, { defaultValue: order.language })
              : t('collection.detail.languageBrowser'),
          },
          {
            key: 'callbackUrl',
            label: t('collection.detail.callbackUrl'),
            children: order.callbackUrl || t('collection.detail.appCallbackUrl'),
          },
          {
            key: 'redirectUrl',
            label: t('collection.detail.redirectUrl'),
            children: order.redirectUrl || none,
          },
          {
            key: 'cashierUrl',
            label: t('collection.detail.cashierUrl'),
            children: order.cashierUrl ? (
              <Typography.Link href={order.cashierUrl} target="_blank">
                {order.cashierUrl}
              </Typography.Link>
            ) : (
              none
            ),
          },
        ].filter((item) => !(payout && COLLECTION_ONLY.has(item.key)))}
      />
      {payout ? <PayoutWithdrawal detail={detail} /> : <Transfers transfers={detail.transfers} />}
      <Deliveries detail={detail} />
    </Space>
  );
}

/** A payout's withdrawal: its number, where review and sending stand, and why it failed or was rejected. */
function PayoutWithdrawal({ detail }: { detail: OrderDetail }) {
  const { t } = useTranslation();
  const { withdrawal } = detail;
  const none = t('collection.detail.none');
  if (!withdrawal) {
    return (
      <section data-testid="order-withdrawal">
        <Typography.Title level={5}>{t('collection.detail.withdrawal')}</Typography.Title>
        <Typography.Text type="secondary">{t('collection.detail.noWithdrawal')}</Typography.Text>
      </section>
    );
  }
  const reason = withdrawalReasonText(t, withdrawal.status, withdrawal.reason);
  return (
    <Descriptions
      title={t('collection.detail.withdrawal')}
      column={1}
      size="small"
      bordered
      data-testid="order-withdrawal"
      items={[
        {
          key: 'withdrawalNo',
          label: t('collection.detail.withdrawalNo'),
          children: (
            <Typography.Text copyable className="mono">
              {withdrawal.withdrawalNo}
            </Typography.Text>
          ),
        },
        {
          key: 'status',
          label: t('collection.detail.withdrawalStatus'),
          children: t(`collection.status.${withdrawal.status}`),
        },
        ...(reason ? [{ key: 'reason', label: t('collection.detail.reason'), children: reason }] : []),
        {
          key: 'reviewedAt',
          label: t('collection.detail.reviewedAt'),
          children: withdrawal.reviewedAt ? formatDate(withdrawal.reviewedAt) : none,
        },
        {
          key: 'sentAt',
          label: t('collection.detail.sentAt'),
          children: withdrawal.sentAt ? formatDate(withdrawal.sentAt) : none,
        },
        {
          key: 'finishedAt',
          label: t('collection.detail.finishedAt'),
          children: withdrawal.finishedAt ? formatDate(withdrawal.finishedAt) : none,
        },
      ]}
    />
  );
}

function Transfers({ transfers }: { transfers: OrderTransfer[] }) {
  const { t } = useTranslation();
  return (
    <section data-testid="order-transfers">
      <Typography.Title level={5}>{t('collection.detail.transfers')}</Typography.Title>
      <Table<OrderTransfer>
        rowKey={(row) => `${row.txHash}:${row.logIndex}`}
        size="small"
        pagination={false}
        scroll={{ x: 'max-content' }}
        dataSource={transfers}
        locale={{
          emptyText: (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('collection.detail.noTransfers')} />
          ),
        }}
        columns={[
          {
            title: t('collection.detail.transfer.txHash'),
            dataIndex: 'txHash',
            render: (value: string) => (
              <Typography.Text
                copyable={{ text: value }}
                className="mono"
                ellipsis={{ tooltip: value }}
                style={{ maxWidth: 160 }}
              >
                {value}
              </Typography.Text>
            ),
          },
          {
            title: t('collection.detail.transfer.amount'),
            dataIndex: 'amount',
            render: (v: string, row) => `${formatExactAmount(v)} ${row.coinName}`,
          },
          { title: t('collection.detail.transfer.block'), dataIndex: 'blockHeight' },
          {
            title: t('collection.detail.transfer.confirmations'),
            key: 'confirmations',
            render: (_v, row) =>
              `${Math.min(row.confirmations, row.confirmationsRequired)} / ${row.confirmationsRequired}`,
          },
          {
            title: t('collection.detail.transfer.status'),
            dataIndex: 'status',
            render: (status: OrderTransfer['status']) => (
              <Tag
                color={
                  status === 'credited'
                    ? 'success'
                    : status === 'unmatched'
                      ? 'warning'
                      : status === 'ignored'
                        ? 'default'
                        : 'processing'
                }
              >
                {t(`collection.detail.transfer.${status}`)}
              </Tag>
            ),
          },
          {
            title: t('collection.detail.transfer.seenAt'),
            dataIndex: 'seenAt',
            render: (v: string) => formatDate(v),
          },
        ]}
      />
    </section>
  );
}

function Deliveries({ detail }: { detail: OrderDetail }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const resend = useResendCallback();
  const log = detail.deliveryLog;
  const onResend = () =>
    resend.mutateAsync(detail.order.orderNo).then(
      (result) => {
        if (result.alreadyQueued) message.info(t('collection.detail.resendAlreadyQueued'));
        else message.success(t('collection.detail.resendDone', { type: result.eventType }));
      },
      (failure: Error) => {
        message.error(`${t('collection.detail.resendFailed')}: ${failure.message}`);
      },
    );
  // Nothing to send (no callback URL anywhere, or no notification yet): the server would refuse,
  // so the button is off, and why is said beside it (a phone cannot hover a tooltip).
  const blockedBy = log.resendBlockedBy;
  const blockedReason = blockedBy ? t(`collection.detail.resendBlocked.${blockedBy}`) : null;
  return (
    <section data-testid="order-deliveries">
      <Space className="section-heading" align="center" wrap>
        <Typography.Title level={5}>{t('collection.detail.deliveries')}</Typography.Title>
        {blockedReason ? (
          <Tooltip title={blockedReason}>
            <Button disabled aria-describedby="order-resend-blocked" data-testid="order-resend">
              {t('collection.detail.resend')}
            </Button>
          </Tooltip>
        ) : (
          <Popconfirm
            title={t('collection.detail.resendConfirm')}
            onConfirm={onResend}
            okText={t('common.confirm')}
            cancelText={t('common.cancel')}
            okButtonProps={{ 'data-testid': 'order-resend-confirm' }}
          >
            <Button loading={resend.isPending} data-testid="order-resend">
              {t('collection.detail.resend')}
            </Button>
          </Popconfirm>
        )}
      </Space>
      {blockedReason ? (
        <Typography.Paragraph type="secondary" id="order-resend-blocked" data-testid="order-resend-blocked">
          {blockedReason}
        </Typography.Paragraph>
      ) : null}
      <Descriptions
        size="small"
        column={1}
        items={[
          {
            key: 'push',
            label: t('collection.detail.pushStatus'),
            children: (
              <span data-testid="order-push-status">{t(`collection.detail.push.${log.pushStatus}`)}</span>
            ),
          },
          ...(log.nextAttemptAt
            ? [
                {
                  key: 'next',
                  label: t('collection.detail.nextAttempt'),
                  children: <span data-testid="order-next-attempt">{formatDate(log.nextAttemptAt)}</span>,
                },
              ]
            : []),
          {
            key: 'success',
            label: t('collection.detail.notificationSuccess'),
            children: log.notificationSuccess ? t('collection.detail.yes') : t('collection.detail.no'),
          },
        ]}
      />
      {log.attempts.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('collection.detail.noAttempts')} />
      ) : (
        <Collapse
          size="small"
          data-testid="order-attempts"
          items={log.attempts.map((attempt) => ({
            key: `${attempt.eventId}:${attempt.attempt}`,
            label: <AttemptLabel attempt={attempt} />,
            children: <AttemptBody attempt={attempt} />,
          }))}
        />
      )}
    </section>
  );
}

function AttemptLabel({ attempt }: { attempt: CallbackAttempt }) {
  const { t } = useTranslation();
  return (
    <Space size={8} wrap data-testid="order-attempt">
      <span>
        {t('collection.detail.attempt.title', { type: attempt.eventType, attempt: attempt.attempt })}
      </span>
      <Tag color={attempt.acknowledged ? 'success' : 'error'}>
        {attempt.acknowledged
          ? t('collection.detail.attempt.acknowledged')
          : t('collection.detail.attempt.notAcknowledged')}
      </Tag>
      <Typography.Text type="secondary">{formatDate(attempt.createdAt)}</Typography.Text>
    </Space>
  );
}

function AttemptBody({ attempt }: { attempt: CallbackAttempt }) {
  const { t } = useTranslation();
  return (
    <Descriptions
      size="small"
      column={1}
      bordered
      items={[
        {
          key: 'url',
          label: t('collection.detail.attempt.url'),
          children: attempt.url || t('collection.detail.attempt.skipped'),
        },
        {
          key: 'response',
          label: t('collection.detail.attempt.response'),
          children: attempt.responseStatus ?? t('collection.detail.attempt.noResponse'),
        },
        {
          key: 'duration',
          label: t('collection.detail.attempt.duration'),
          children: t('collection.detail.attempt.durationValue', { ms: attempt.durationMs }),
        },
        ...(attempt.error
          ? [
              {
                key: 'error',
                label: t('collection.detail.attempt.error'),
                children: <DeliveryError code={attempt.errorCode} detail={attempt.error} />,
              },
            ]
          : []),
        {
          key: 'request',
          label: t('collection.detail.attempt.requestBody'),
          children: <pre className="code-block">{attempt.requestBody}</pre>,
        },
        {
          key: 'responseBody',
          label: t('collection.detail.attempt.responseBody'),
          children: <pre className="code-block">{attempt.responseBody ?? ''}</pre>,
        },
      ]}
    />
  );
}
