import { theme as antdTheme, Button, Result, Skeleton } from 'antd';
import { Component, type ComponentType, lazy, type ReactNode, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { chartTheme } from './chart-theme';

/**
 * A chart whose library arrives after the page: ECharts (about 200 KiB gzip once reduced) is a
 * chunk of its own, fetched the first time a LazyChart renders, so a page shows its figures
 * first and its chart a moment later (docs/decisions/2026-11-26-weekly-chart.md). Until the
 * chunk is there, a placeholder of the chart's height holds its place; when it cannot be
 * fetched, a message with a retry takes it.
 *
 * `option` is an ECharts option (plain data; formatters may be functions). It is typed loosely
 * here so that pages building options do not import ECharts' types into the first load.
 */
export type ChartOption = Record<string, unknown>;

export interface ChartViewProps {
  option: ChartOption;
  theme: Record<string, unknown>;
  height: number;
  ariaLabel: string;
  testId?: string | undefined;
}

export interface LazyChartProps {
  option: ChartOption;
  height?: number;
  /** What the chart shows, in words, for screen readers. */
  ariaLabel: string;
  testId?: string;
}

function loadView(): ComponentType<ChartViewProps> {
  return lazy(() => import('./echarts-view'));
}

export function LazyChart({ option, height = 280, ariaLabel, testId }: LazyChartProps) {
  const { token } = antdTheme.useToken();
  const theme = useMemo(() => chartTheme(token), [token]);
  // A new lazy component per attempt: React caches a failed import for the component.
  const [attempt, setAttempt] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: attempt is the retry trigger
  const View = useMemo(loadView, [attempt]);
  return (
    <ChunkErrorBoundary key={attempt} height={height} onRetry={() => setAttempt((n) => n + 1)}>
      <Suspense fallback={<ChartPlaceholder height={height} />}>
        <View option={option} theme={theme} height={height} ariaLabel={ariaLabel} testId={testId} />
      </Suspense>
    </ChunkErrorBoundary>
  );
}

function ChartPlaceholder({ height }: { height: number }) {
  return (
    <div style={{ height, overflow: 'hidden' }} data-testid="chart-loading">
      <Skeleton active paragraph={{ rows: Math.max(2, Math.floor(height / 48)) }} title={false} />
    </div>
  );
}

function ChartLoadFailed({ height, onRetry }: { height: number; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div style={{ minHeight: height }} data-testid="chart-load-failed">
      <Result
        status="warning"
        title={t('common.chart.loadFailed')}
        extra={
          <Button size="small" onClick={onRetry}>
            {t('common.retry')}
          </Button>
        }
      />
    </div>
  );
}

interface BoundaryProps {
  height: number;
  onRetry: () => void;
  children: ReactNode;
}

/** Catches the chart chunk's failed import (offline, a deploy that removed the old file). */
class ChunkErrorBoundary extends Component<BoundaryProps, { hasFailed: boolean }> {
  override state = { hasFailed: false };

  static getDerivedStateFromError() {
    return { hasFailed: true };
  }

  override render() {
    if (this.state.hasFailed)
      return <ChartLoadFailed height={this.props.height} onRetry={this.props.onRetry} />;
    return this.props.children;
  }
}
