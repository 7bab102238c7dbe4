import { css } from '@emotion/react';
import { Component, lazy, Suspense, type ReactNode } from 'react';
import { Skeleton } from '../components/Display.js';
import type { DailyChartProps } from './DailyChart.js';

/** The chart's code (uPlot) is fetched the first time a chart is shown, never with a page's first load. */
const DailyChart = lazy(() => import('./DailyChart.js'));

/** A chart whose code failed to load shows nothing: the table beside it carries the same figures. */
class ChartBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

/** A daily line chart, loaded on first use (see DailyChart). */
export function LazyDailyChart(props: DailyChartProps) {
  return (
    <ChartBoundary>
      <Suspense
        fallback={
          <Skeleton
            aria-label="Loading the chart"
            css={css({ height: `${props.height ?? 220}px` })}
          />
        }
      >
        <DailyChart {...props} />
      </Suspense>
    </ChartBoundary>
  );
}

export type { DailyChartProps, DailySeries } from './DailyChart.js';
