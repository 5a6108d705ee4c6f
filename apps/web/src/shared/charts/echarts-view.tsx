import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';
import type { ChartViewProps } from './lazy-chart';

/**
 * The part of the charts that carries ECharts, imported only by LazyChart's dynamic import:
 * ECharts reduced to what the app draws (bar and line series on a grid, tooltip, legend) and
 * the SVG renderer (sharp at any zoom, lighter than canvas for a few dozen points).
 */
echarts.use([BarChart, LineChart, GridComponent, TooltipComponent, LegendComponent, SVGRenderer]);

export default function EChartsView({ option, theme, height, ariaLabel, testId }: ChartViewProps) {
  const element = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);

  // One chart per element and theme; disposed with the component.
  useEffect(() => {
    if (!element.current) return;
    const instance = echarts.init(element.current, theme, { renderer: 'svg' });
    chart.current = instance;
    const observer = new ResizeObserver(() => instance.resize());
    observer.observe(element.current);
    return () => {
      observer.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, [theme]);

  // A new option replaces the series (notMerge), so a switch from collection to payout leaves
  // nothing of the first behind. A new theme made a new chart above, which needs the option too.
  // biome-ignore lint/correctness/useExhaustiveDependencies: theme means a new chart instance
  useEffect(() => {
    chart.current?.setOption(option, { notMerge: true });
  }, [option, theme]);

  return (
    <div
      ref={element}
      role="img"
      aria-label={ariaLabel}
      data-testid={testId}
      style={{ height, width: '100%' }}
    />
  );
}
