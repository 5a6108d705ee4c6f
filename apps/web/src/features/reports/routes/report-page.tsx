import type { ReportBody, ReportKind } from '@tollgate/contracts';
import type { Language } from '@tollgate/contracts/languages';
import {
  Button,
  Card,
  Col,
  DatePicker,
  Flex,
  Form,
  Row,
  Select,
  Skeleton,
  Statistic,
  Typography,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HTML_LANGS } from '../../../app/ui-locale';
import { useCoinList } from '../../../shared/api/get-coin-list';
import { LazyChart } from '../../../shared/charts/lazy-chart';
import { DAY_FORMAT, formatAmount } from '../../../shared/lib/format';
import { isSameQuery } from '../../../shared/lib/same-query';
import { Amount } from '../../../shared/ui/amount';
import { LoadError } from '../../../shared/ui/load-error';
import { PageContainer } from '../../../shared/ui/page-container';
import { ExportButton } from '../../exports/components/export-button';
import { useReport } from '../api/get-report';
import { ReportTable } from '../components/report-table';
import { reportChartOption } from '../lib/report-chart-option';
import {
  addDays,
  dailyFigures,
  daysBetween,
  lineFigure,
  merchantToday,
  REPORT_DEFAULT_DAYS,
  REPORT_MAX_DAYS,
} from '../lib/report-days';

/**
 * One report page (issue 9, "Reports"; the five share it): a range of the merchant's days (the
 * last 30 by default) and a currency, then the days as a chart (its library a chunk of its own,
 * drawn after the figures) and as a table with the totals per currency and in USDT.
 */
const CHART_HEIGHT = 300;
const DAY = 'YYYY-MM-DD';

interface FilterValues {
  range?: [Dayjs | null, Dayjs | null] | null;
  coinName?: string | null;
}

function defaultBody(): ReportBody {
  const today = merchantToday();
  return { timeFrom: addDays(today, 1 - REPORT_DEFAULT_DAYS), timeTo: today };
}

export function ReportPage({ kind }: { kind: ReportKind }) {
  const { t, i18n } = useTranslation();
  const [form] = Form.useForm<FilterValues>();
  const [initial] = useState(defaultBody);
  const [body, setBody] = useState<ReportBody>(initial);
  const report = useReport(kind, body);
  const coins = useCoinList();
  const locale = HTML_LANGS[i18n.language as Language] ?? 'zh-CN';
  const currencies = useMemo(
    () =>
      [...new Set((coins.data ?? []).map((coin) => coin.coinName))].map((name) => ({
        value: name,
        label: name,
      })),
    [coins.data],
  );
  const days = useMemo(() => (report.data ? dailyFigures(report.data) : []), [report.data]);
  const option = useMemo(() => reportChartOption(kind, days, { t, locale }), [kind, days, t, locale]);
  const search = (values: FilterValues) => {
    const [from, to] = values.range ?? [];
    const next = {
      timeFrom: from ? from.format(DAY) : initial.timeFrom,
      timeTo: to ? to.format(DAY) : initial.timeTo,
      ...(values.coinName ? { coinName: values.coinName } : {}),
    };
    if (isSameQuery(next, body)) void report.refetch();
    setBody(next);
  };
  const title = t(`menu.${kind}Report`);
  const totals = report.data?.totalUsdt;
  return (
    <PageContainer title={title} testId={`page-report-${kind}`}>
      <Card>
        <Form<FilterValues>
          form={form}
          layout="vertical"
          className="records-filter"
          initialValues={{ range: [dayjs(initial.timeFrom), dayjs(initial.timeTo)] }}
          onFinish={search}
          data-testid="report-filter"
        >
          <div className="records-filter-grid">
            <Form.Item
              name="range"
              label={t('reports.filter.range')}
              rules={[
                {
                  validator: async (_, value: FilterValues['range']) => {
                    const [from, to] = value ?? [];
                    if (from && to && daysBetween(from.format(DAY), to.format(DAY)) > REPORT_MAX_DAYS) {
                      throw new Error(t('reports.rangeTooLong'));
                    }
                  },
                },
              ]}
            >
              <DatePicker.RangePicker
                allowClear={false}
                format={DAY_FORMAT}
                className="full-width"
                data-testid="report-range"
              />
            </Form.Item>
            <Form.Item name="coinName" label={t('reports.filter.currency')}>
              <Select
                allowClear
                placeholder={t('reports.filter.anyCurrency')}
                options={currencies}
                loading={coins.isPending}
                data-testid="report-currency"
              />
            </Form.Item>
          </div>
          <Flex gap={8} justify="flex-end">
            <Button
              onClick={() => {
                form.resetFields();
                setBody(initial);
              }}
              data-testid="report-reset"
            >
              {t('reports.filter.reset')}
            </Button>
            <Button type="primary" htmlType="submit" loading={report.isFetching} data-testid="report-search">
              {t('reports.filter.search')}
            </Button>
            {/* The report as searched (its range and currency), as CSV or XLSX. */}
            <ExportButton kind={`${kind}Report`} filters={body} />
          </Flex>
        </Form>
        <Typography.Paragraph type="secondary" data-testid="report-note">
          {t(`reports.note.${kind}`)} · {t('reports.timeZone')}
        </Typography.Paragraph>
        {report.error ? (
          <LoadError
            message={`${t('reports.loadFailed')}: ${report.error.message}`}
            onRetry={() => void report.refetch()}
            isRetrying={report.isFetching}
            testId="report-error"
          />
        ) : !report.data || !totals ? (
          <Skeleton active paragraph={{ rows: 8 }} />
        ) : (
          <>
            {totals.inUsdt !== null && totals.outUsdt !== null ? (
              // The bill: what came in, what went out and their net, apart (issue 31).
              <Row gutter={[16, 16]} className="report-flow" data-testid="report-flow">
                {(
                  [
                    ['in', totals.inUsdt],
                    ['out', totals.outUsdt],
                    ['net', totals.netUsdt],
                  ] as const
                ).map(([flow, value]) => (
                  <Col xs={12} sm={8} key={flow}>
                    <Statistic
                      title={t(`reports.flow.${flow}`, { currency: 'USDT' })}
                      value={value}
                      formatter={() => <Amount value={value} testId={`report-flow-${flow}`} />}
                    />
                  </Col>
                ))}
              </Row>
            ) : null}
            {report.data.days.length > 0 ? (
              <LazyChart
                option={option}
                height={CHART_HEIGHT}
                testId="report-chart"
                ariaLabel={t('reports.chart.ariaLabel', {
                  title,
                  from: report.data.timeFrom,
                  to: report.data.timeTo,
                  count: totals.count,
                  amount: formatAmount(totals[lineFigure(kind)]),
                  currency: 'USDT',
                })}
              />
            ) : null}
            <ReportTable kind={kind} report={report.data} isLoading={report.isFetching} />
          </>
        )}
      </Card>
    </PageContainer>
  );
}
