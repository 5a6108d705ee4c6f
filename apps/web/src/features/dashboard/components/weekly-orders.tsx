import type { DashboardOrderType } from '@tollgate/contracts';
import type { Language } from '@tollgate/contracts/languages';
import { Card, Segmented, Skeleton, Typography, theme } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HTML_LANGS } from '../../../app/ui-locale';
import { LazyChart } from '../../../shared/charts/lazy-chart';
import { CLIENT_DEFAULTS, formatAmount } from '../../../shared/lib/format';
import { LoadError } from '../../../shared/ui/load-error';
import { useDashboardWeek } from '../api/get-dashboard-week';
import { weekChartOption, weekTotals } from './week-chart-option';

/**
 * The past seven days (SPEC "Dashboard"): completed orders and their amount per day, for
 * collection or payout. The week's totals show as soon as the figures arrive; the chart, whose
 * library is a chunk of its own, draws a moment later in the space kept for it.
 */
const CHART_HEIGHT = 280;

export function WeeklyOrders() {
  const { t, i18n } = useTranslation();
  const { token } = theme.useToken();
  const [type, setType] = useState<DashboardOrderType>('collection');
  const week = useDashboardWeek(type);
  const locale = HTML_LANGS[i18n.language as Language] ?? 'zh-CN';
  const option = useMemo(
    () => (week.data ? weekChartOption(week.data, { t, locale }) : undefined),
    [week.data, t, locale],
  );
  const totals = week.data ? weekTotals(week.data) : undefined;
  return (
    <Card
      title={t('dashboard.weeklyChart.title')}
      data-testid="weekly-chart"
      extra={
        <Segmented<DashboardOrderType>
          size="small"
          value={type}
          onChange={setType}
          options={[
            { value: 'collection', label: t('dashboard.todayOrders.collection') },
            { value: 'payout', label: t('dashboard.todayOrders.payout') },
          ]}
          data-testid="weekly-chart-type"
        />
      }
    >
      {week.error && !week.data ? (
        <LoadError
          message={week.error.message}
          onRetry={() => void week.refetch()}
          isRetrying={week.isFetching}
          testId="weekly-chart-error"
        />
      ) : !week.data || !option || !totals ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : (
        <>
          <Typography.Paragraph
            type="secondary"
            style={{ marginBottom: token.marginSM }}
            data-testid="weekly-chart-totals"
          >
            {totals.completed === 0
              ? t('dashboard.weeklyChart.none', { kind: t(`dashboard.weeklyChart.kinds.${week.data.type}`) })
              : t('dashboard.weeklyChart.totals', {
                  completed: totals.completed,
                  amount: formatAmount(totals.amountUsdt),
                  currency: CLIENT_DEFAULTS.currency,
                })}
          </Typography.Paragraph>
          <LazyChart
            option={option}
            height={CHART_HEIGHT}
            testId="weekly-chart-canvas"
            ariaLabel={t('dashboard.weeklyChart.ariaLabel', {
              kind: t(`dashboard.weeklyChart.kinds.${week.data.type}`),
              completed: totals.completed,
              amount: formatAmount(totals.amountUsdt),
              currency: CLIENT_DEFAULTS.currency,
            })}
          />
        </>
      )}
    </Card>
  );
}
