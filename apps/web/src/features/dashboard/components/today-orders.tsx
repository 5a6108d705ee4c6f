import type { DashboardToday, OrderDaySummary } from '@tollgate/contracts';
import { Alert, Button, Card, Col, Row, Statistic, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { CLIENT_DEFAULTS, formatDay } from '../../../shared/lib/format';
import { Amount } from '../../../shared/ui/amount';

/**
 * Today's orders (SPEC "Dashboard", issue 9): for collection and payout each, the orders
 * created today, those completed today, and what the completed ones were for and cost in fees,
 * in USDT. "Today" is the merchant's day in Asia/Shanghai, said under the card.
 */
export interface TodayOrdersProps {
  today?: DashboardToday | undefined;
  isLoading: boolean;
  errorMessage?: string | undefined;
  onRetry: () => void;
}

export function TodayOrders({ today, isLoading, errorMessage, onRetry }: TodayOrdersProps) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  return (
    <Card title={t('dashboard.todayOrders.title')} loading={isLoading} data-testid="today-orders">
      {errorMessage ? (
        <Alert
          type="error"
          showIcon
          title={errorMessage}
          action={
            <Button size="small" onClick={onRetry} data-testid="today-orders-retry">
              {t('common.retry')}
            </Button>
          }
        />
      ) : today ? (
        <>
          {/* One kind under the other: the card is a third of a wide screen, and side by side
              four figures with their currency would wrap. */}
          <KindSummary kind="collection" summary={today.collection} />
          <KindSummary kind="payout" summary={today.payout} />
          <p style={{ margin: `${token.marginSM}px 0 0`, color: token.colorTextDescription }}>
            {t('dashboard.todayOrders.day', { day: formatDay(today.collection.day) })}
          </p>
        </>
      ) : null}
    </Card>
  );
}

function KindSummary({ kind, summary }: { kind: 'collection' | 'payout'; summary: OrderDaySummary }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const currency = CLIENT_DEFAULTS.currency;
  const figures = [
    { key: 'created', value: summary.created, isMoney: false },
    { key: 'completed', value: summary.completed, isMoney: false },
    { key: 'amount', value: summary.amountUsdt, isMoney: true },
    { key: 'fee', value: summary.feeUsdt, isMoney: true },
  ] as const;
  return (
    <section
      aria-labelledby={`today-${kind}`}
      data-testid={`today-${kind}`}
      style={{ marginBottom: kind === 'collection' ? token.marginLG : 0 }}
    >
      {/* The page's title is the h1 and a card's title is no heading: a kind is the next level. */}
      <h2 id={`today-${kind}`} style={{ margin: `0 0 ${token.marginXS}px`, fontSize: token.fontSizeLG }}>
        {t(`dashboard.todayOrders.${kind}`)}
      </h2>
      <Row gutter={[12, 12]}>
        {figures.map((figure) => (
          <Col span={12} key={figure.key}>
            {/* The unit beside the title, not after the figure: a large amount and its unit
                wrapped onto two lines in a half-width column. */}
            <Statistic
              title={
                figure.isMoney
                  ? `${t(`dashboard.todayOrders.${figure.key}`)} (${currency})`
                  : t(`dashboard.todayOrders.${figure.key}`)
              }
              value={figure.value}
              formatter={figure.isMoney ? () => <Amount value={String(figure.value)} /> : undefined}
              data-testid={`today-${kind}-${figure.key}`}
            />
          </Col>
        ))}
      </Row>
    </section>
  );
}
