import {
  ANALYTICS_SOURCES,
  JOB_STATS_PERIODS,
  type AnalyticsSource,
  type EmployerJob,
  type JobStats,
} from '@b2g/contracts';
import { css } from '@emotion/react';
import { useCallback, useEffect, useState } from 'react';
import { Button } from '../components/Button.js';
import { Alert, AlertDescription, Skeleton } from '../components/Display.js';
import { downloadCsv, toCsv } from '../stats/csv.js';
import { LazyDailyChart } from '../stats/LazyDailyChart.js';
import { StatTotals, statsTableStyles } from '../stats/StatTotals.js';
import { colors, fontSizes, fontWeights, radii, space } from '../theme.js';

type Period = (typeof JOB_STATS_PERIODS)[number];

/** How each source of a view is named to the employer. */
export const SOURCE_LABELS: Readonly<Record<AnalyticsSource, string>> = {
  search: 'Search',
  alert: 'Alert e-mails',
  feed: 'Feeds',
  direct: 'Direct',
  external: 'Other sites',
};

/** Apply clicks per view, as a percentage with one decimal; none without views. */
export function clickThroughRate(stats: Pick<JobStats, 'views' | 'applyClicks'>): string {
  return stats.views > 0 ? `${((stats.applyClicks / stats.views) * 100).toFixed(1)}%` : '—';
}

/** The CSV of a posting's statistics: one row per day, then the views by source. */
export function postingStatsCsv(stats: JobStats): string {
  return toCsv([
    ['date', 'views', 'unique_visitors', 'impressions', 'apply_clicks', 'bookmarks'],
    ...stats.daily.map((day) => [
      day.date,
      day.views,
      day.uniqueVisitors,
      day.impressions,
      day.applyClicks,
      day.bookmarks,
    ]),
    [],
    ['source', 'views'],
    ...ANALYTICS_SOURCES.map((source) => [source, stats.bySource[source]]),
  ]);
}

export interface PostingStatsProps {
  job: Pick<EmployerJob, 'id' | 'title'>;
  /** The frontend's API client (GET with the employer's session). */
  request: (method: string, path: string) => Promise<unknown>;
  /** A failed read's message: the server's words when it sent some, else the fallback. */
  describeError: (error: unknown, fallback: string) => string;
}

export const postingStatsPath = (jobId: string, days: Period) =>
  `/api/employer/jobs/${encodeURIComponent(jobId)}/stats?days=${days}`;

const panelStyles = css({
  display: 'grid',
  gap: space[4],
  padding: space[4],
  borderRadius: radii.md,
  background: colors.surface,
  border: `1px solid ${colors.border}`,
});
const toolbarStyles = css({
  display: 'flex',
  flexWrap: 'wrap',
  gap: space[2],
  alignItems: 'center',
});
const headingStyles = css({ margin: 0, fontSize: fontSizes.md, fontWeight: fontWeights.semibold });

/** The chart's lines: views and apply clicks per day. */
const chartSeries = (stats: JobStats) => [
  { label: 'Views', values: stats.daily.map((day) => day.views), color: colors.primary },
  {
    label: 'Apply clicks',
    values: stats.daily.map((day) => day.applyClicks),
    color: colors.accent,
  },
];

/**
 * One posting's statistics for its employer: the totals, the click-through rate, a daily chart of
 * the last 30 or 90 days with the same figures as a table, the views by source and a CSV made in
 * the browser. Loaded only when the employer opens it.
 */
export default function PostingStats({ job, request, describeError }: PostingStatsProps) {
  const [days, setDays] = useState<Period>(30);
  const [stats, setStats] = useState<JobStats | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);

  const load = useCallback(
    async (signal?: { cancelled: boolean }) => {
      setLoading(true);
      setError(null);
      try {
        const read = (await request('GET', postingStatsPath(job.id, days))) as JobStats;
        if (!signal?.cancelled) setStats(read);
      } catch (failure) {
        if (!signal?.cancelled)
          setError(describeError(failure, 'The statistics could not be loaded.'));
      } finally {
        if (!signal?.cancelled) setLoading(false);
      }
    },
    [request, describeError, job.id, days],
  );

  useEffect(() => {
    const signal = { cancelled: false };
    void load(signal);
    return () => {
      signal.cancelled = true;
    };
  }, [load]);

  const shown = stats && stats.days === days ? stats : null;
  const totalViews = shown ? ANALYTICS_SOURCES.reduce((sum, s) => sum + shown.bySource[s], 0) : 0;

  return (
    <section css={panelStyles} aria-label={`Statistics of ${job.title}`} aria-busy={loading}>
      <div css={toolbarStyles}>
        <span css={css({ fontSize: fontSizes.sm, color: colors.muted })}>Last</span>
        {JOB_STATS_PERIODS.map((period) => (
          <Button
            key={period}
            size="sm"
            variant={period === days ? 'secondary' : 'outline'}
            aria-pressed={period === days}
            onClick={() => setDays(period)}
          >
            {period} days
          </Button>
        ))}
        <Button size="sm" variant="ghost" disabled={loading} onClick={() => void load()}>
          Refresh
        </Button>
        {shown ? (
          <Button
            size="sm"
            variant="outline"
            onClick={() =>
              downloadCsv(`posting-${job.id}-${days}-days.csv`, postingStatsCsv(shown))
            }
          >
            Download CSV
          </Button>
        ) : null}
      </div>
      {error ? (
        <Alert variant="destructive">
          <AlertDescription>{error}</AlertDescription>
        </Alert>
      ) : null}
      {!shown && !error ? (
        <Skeleton aria-label="Loading the statistics" css={css({ height: '12rem' })} />
      ) : null}
      {shown ? (
        <>
          <StatTotals
            items={[
              ['Views', shown.views],
              ['Unique visitors', shown.uniqueVisitors],
              ['Search impressions', shown.impressions],
              ['Click-through rate', clickThroughRate(shown)],
              ['Apply clicks', shown.applyClicks],
              ['Bookmarks', shown.bookmarks],
            ]}
          />
          <LazyDailyChart
            label={`Views and apply clicks per day, last ${days} days`}
            days={shown.daily.map((day) => day.date)}
            series={chartSeries(shown)}
          />
          <details>
            <summary>Daily figures as a table</summary>
            <table css={statsTableStyles}>
              <thead>
                <tr>
                  <th scope="col">Day</th>
                  <th scope="col">Views</th>
                  <th scope="col">Unique visitors</th>
                  <th scope="col">Impressions</th>
                  <th scope="col">Apply clicks</th>
                  <th scope="col">Bookmarks</th>
                </tr>
              </thead>
              <tbody>
                {shown.daily.map((day) => (
                  <tr key={day.date}>
                    <th scope="row">{day.date}</th>
                    <td>{day.views}</td>
                    <td>{day.uniqueVisitors}</td>
                    <td>{day.impressions}</td>
                    <td>{day.applyClicks}</td>
                    <td>{day.bookmarks}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </details>
          <div css={css({ display: 'grid', gap: space[2] })}>
            <h3 css={headingStyles}>Views by source</h3>
            <table css={statsTableStyles}>
              <thead>
                <tr>
                  <th scope="col">Source</th>
                  <th scope="col">Views</th>
                  <th scope="col">Share</th>
                </tr>
              </thead>
              <tbody>
                {ANALYTICS_SOURCES.map((source) => (
                  <tr key={source}>
                    <th scope="row">{SOURCE_LABELS[source]}</th>
                    <td>{shown.bySource[source]}</td>
                    <td>
                      {totalViews > 0
                        ? `${Math.round((shown.bySource[source] / totalViews) * 100)}%`
                        : '—'}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      ) : null}
    </section>
  );
}
