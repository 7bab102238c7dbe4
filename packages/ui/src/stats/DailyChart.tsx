import { css } from '@emotion/react';
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import { colors, fontSizes, fontWeights, fonts, space } from '../theme.js';

/** One line of a daily chart. */
export interface DailySeries {
  label: string;
  values: readonly number[];
  color: string;
}

export interface DailyChartProps {
  /** The days (YYYY-MM-DD, UTC), oldest first. */
  days: readonly string[];
  series: readonly DailySeries[];
  /** Says what the chart shows, for screen readers (the figures themselves are in a table beside it). */
  label: string;
  height?: number;
}

/** What uPlot's own stylesheet would give: its layers stacked inside the chart's box. */
const chartStyles = css({
  position: 'relative',
  width: '100%',
  fontFamily: fonts.body,
  fontSize: fontSizes.xs,
  color: colors.muted,
  '.u-wrap': { position: 'relative', userSelect: 'none' },
  '.u-over, .u-under': { position: 'absolute' },
  '.u-under': { overflow: 'hidden' },
  '.u-cursor-x, .u-cursor-y': { position: 'absolute', left: 0, top: 0, pointerEvents: 'none' },
  '.u-cursor-x': { height: '100%', borderRight: `1px dashed ${colors.subtle}` },
  '.u-cursor-y': { width: '100%', borderBottom: `1px dashed ${colors.subtle}` },
  '.u-cursor-pt': {
    position: 'absolute',
    top: 0,
    left: 0,
    borderRadius: '50%',
    pointerEvents: 'none',
  },
  '.u-axis': { position: 'absolute' },
  '.u-select': { position: 'absolute', pointerEvents: 'none' },
  '.u-legend': { display: 'none' },
});

const figureStyles = css({ margin: 0, display: 'grid', gap: space[2] });
const captionStyles = css({ fontSize: fontSizes.sm, fontWeight: fontWeights.semibold });
const keyStyles = css({
  margin: 0,
  display: 'flex',
  gap: space[4],
  flexWrap: 'wrap',
  fontSize: fontSizes.sm,
});
const keyItemStyles = css({ display: 'inline-flex', alignItems: 'center', gap: space[2] });
const swatchStyles = css({ width: space[4], height: '2px', display: 'inline-block' });

const dayToSeconds = (day: string) => Date.parse(`${day}T00:00:00Z`) / 1000;

/**
 * A daily line chart drawn with uPlot on a canvas: loaded only when a statistics view opens (see
 * LazyDailyChart), so no first page load pays for it. The canvas is hidden from screen readers,
 * which read the table every caller shows beside it.
 */
export default function DailyChart({ days, series, label, height = 220 }: DailyChartProps) {
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = box.current;
    if (!element) return undefined;
    const width = () => Math.max(element.clientWidth, 240);
    const plot = new uPlot(
      {
        width: width(),
        height,
        legend: { show: false },
        scales: { x: { time: true }, y: { range: (_u, _min, max) => [0, Math.max(max, 4)] } },
        axes: [
          { stroke: colors.muted, grid: { stroke: colors.border } },
          {
            stroke: colors.muted,
            grid: { stroke: colors.border },
            incrs: [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000],
          },
        ],
        series: [
          {},
          ...series.map((line) => ({ label: line.label, stroke: line.color, width: 2 })),
        ],
        tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), 'Etc/UTC'),
      },
      [days.map(dayToSeconds), ...series.map((line) => [...line.values])],
      element,
    );
    const resize = new ResizeObserver(() => plot.setSize({ width: width(), height }));
    resize.observe(element);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [days, series, height]);

  return (
    <figure css={figureStyles}>
      <figcaption css={captionStyles}>{label}</figcaption>
      <div ref={box} css={chartStyles} aria-hidden="true" />
      <p css={keyStyles}>
        {series.map((line) => (
          <span key={line.label} css={keyItemStyles}>
            <span aria-hidden="true" css={css(swatchStyles, { background: line.color })} />
            {line.label}
          </span>
        ))}
      </p>
    </figure>
  );
}
