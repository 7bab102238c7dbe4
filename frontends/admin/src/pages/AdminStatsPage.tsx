import { type AdminJob, type AdminStats, POST_OUTCOMES, sourceLabel } from '@b2g/contracts';
import {
  Button,
  colors,
  downloadCsv,
  fontSizes,
  fontWeights,
  Input,
  Label,
  LazyDailyChart,
  PageLayout,
  radii,
  Skeleton,
  space,
  StatTotals,
  statsTableStyles,
} from '@b2g/ui';
import { Navigate, ReadFailedAlert, useQuery } from '@b2g/web-platform';
import { css } from '@emotion/react';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { AdminNav } from '../admin/AdminNav.js';
import { ADMIN_JOBS_PATH, ADMIN_LOGIN_PATH, useAdminStatus } from '../admin/adminApi.js';
import {
  ADMIN_STATS_PATH,
  dailyCsv,
  dailyRows,
  defaultRange,
  rangeProblem,
  totalsOf,
} from '../stats/adminStats.js';

/** How each review outcome is named. */
const OUTCOME_LABELS: Record<(typeof POST_OUTCOMES)[number], string> = {
  live: 'Published at once',
  approved: 'Approved after review',
  rejected: 'Rejected',
};

const sectionStyles = css({
  display: 'grid',
  gap: space[3],
  padding: space[4],
  border: `1px solid ${colors.border}`,
  borderRadius: radii.lg,
  background: colors.background,
  alignContent: 'start',
});
const headingStyles = css({ margin: 0, fontSize: fontSizes.lg, fontWeight: fontWeights.semibold });
const gridStyles = css({
  display: 'grid',
  gap: space[4],
  gridTemplateColumns: 'repeat(auto-fit, minmax(20rem, 1fr))',
});
const emptyStyles = css({ margin: 0, color: colors.muted, fontSize: fontSizes.sm });

/** /admin/stats: only for the admin; anyone else goes to the admin login. */
export default function AdminStatsPage() {
  const status = useAdminStatus();
  if (status.isPending) return <Frame>{loading}</Frame>;
  if (!status.data?.isAdmin) return <Navigate to={ADMIN_LOGIN_PATH} replace />;
  return <AdminStatistics />;
}

const loading = <Skeleton aria-label="Loading the statistics" css={css({ height: '20rem' })} />;

function Frame({ children }: { children: ReactNode }) {
  return (
    <PageLayout>
      <header css={css({ display: 'grid', gap: space[3] })}>
        <AdminNav />
        <div css={css({ display: 'grid', gap: space[1] })}>
          <h1 css={css({ fontSize: fontSizes['3xl'], fontWeight: fontWeights.bold })}>
            Statistics
          </h1>
          <p css={css({ color: colors.muted })}>
            The board&apos;s own numbers: pages, searches, alert e-mails, apply clicks and posts.
          </p>
        </div>
      </header>
      {children}
    </PageLayout>
  );
}

/** A table with a heading, or a line saying there is nothing in the range. */
function TableSection({
  title,
  columns,
  rows,
  empty,
}: {
  title: string;
  columns: readonly string[];
  rows: ReadonlyArray<readonly [string, ...ReadonlyArray<string | number>]>;
  empty: string;
}) {
  const id = useId();
  return (
    <section css={sectionStyles} aria-labelledby={id}>
      <h2 id={id} css={headingStyles}>
        {title}
      </h2>
      {rows.length === 0 ? (
        <p css={emptyStyles}>{empty}</p>
      ) : (
        <table css={statsTableStyles} aria-labelledby={id}>
          <thead>
            <tr>
              {columns.map((column) => (
                <th key={column} scope="col">
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map(([head, ...cells], index) => (
              <tr key={`${head}-${index}`}>
                <th scope="row" css={css({ fontWeight: fontWeights.normal })}>
                  {head}
                </th>
                {cells.map((cell, cellIndex) => (
                  <td key={cellIndex}>{cell}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

/** One end of the range: a labelled date input. */
function DayField({
  label,
  value,
  min,
  max,
  onChange,
}: {
  label: string;
  value: string;
  min?: string;
  max?: string;
  onChange: (day: string) => void;
}) {
  const id = useId();
  return (
    <div css={css({ display: 'grid', gap: space[1] })}>
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        type="date"
        value={value}
        min={min}
        max={max}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}

function AdminStatistics() {
  const [range, setRange] = useState(defaultRange);
  const [draft, setDraft] = useState(range);
  const [problem, setProblem] = useState<string | null>(null);
  const stats = useQuery<AdminStats>({ queryKey: [ADMIN_STATS_PATH, range] });
  // The titles of the top jobs: the admin's job list, which the jobs page reads too.
  const jobs = useQuery<AdminJob[]>({ queryKey: [ADMIN_JOBS_PATH, { include_deleted: true }] });
  const titles = new Map((jobs.data ?? []).map((job) => [job.id, job.title]));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = rangeProblem(draft.from, draft.to);
    setProblem(found);
    if (!found) setRange(draft);
  };

  return (
    <Frame>
      <form
        onSubmit={submit}
        noValidate
        css={css({ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: space[3] })}
      >
        <DayField
          label="From"
          value={draft.from}
          max={draft.to}
          onChange={(from) => setDraft({ ...draft, from })}
        />
        <DayField
          label="To"
          value={draft.to}
          min={draft.from}
          onChange={(to) => setDraft({ ...draft, to })}
        />
        <Button type="submit">Show</Button>
        {stats.data ? (
          <Button
            type="button"
            variant="outline"
            onClick={() =>
              stats.data &&
              downloadCsv(`board-${stats.data.from}-${stats.data.to}.csv`, dailyCsv(stats.data))
            }
          >
            Download CSV
          </Button>
        ) : null}
        {problem ? (
          <p role="alert" css={css({ margin: 0, color: colors.destructive, width: '100%' })}>
            {problem}
          </p>
        ) : null}
      </form>
      {stats.error ? (
        <ReadFailedAlert
          title="The statistics could not be loaded"
          query={stats}
          fallback="Please try again."
        />
      ) : null}
      {!stats.data && !stats.error ? loading : null}
      {stats.data ? <StatsView stats={stats.data} titles={titles} /> : null}
    </Frame>
  );
}

function StatsView({ stats, titles }: { stats: AdminStats; titles: ReadonlyMap<string, string> }) {
  const totals = totalsOf(stats);
  const clickRate =
    totals.alertEmailsSent > 0
      ? `${((totals.alertClicks / totals.alertEmailsSent) * 100).toFixed(1)}%`
      : '—';
  return (
    <div css={css({ display: 'grid', gap: space[4] })}>
      <StatTotals
        label={`Totals from ${stats.from} to ${stats.to}`}
        items={[
          ['Page views', totals.pageViews],
          ['Searches', totals.searches],
          ['Alert e-mails sent', totals.alertEmailsSent],
          ['Alert e-mails clicked', totals.alertClicks],
          ['Alert click rate', clickRate],
          ['Feed clicks', totals.feedClicks],
        ]}
      />
      <section css={sectionStyles} aria-label="Per day">
        <LazyDailyChart
          label={`Page views and searches per day, ${stats.from} to ${stats.to}`}
          days={stats.daily.map((day) => day.date)}
          series={[
            {
              label: 'Page views',
              values: stats.daily.map((day) => day.pageViews),
              color: colors.primary,
            },
            {
              label: 'Searches',
              values: stats.daily.map((day) => day.searches),
              color: colors.accent,
            },
          ]}
        />
      </section>
      <TableSection
        title="Per day"
        columns={[
          'Day',
          'Page views',
          'Searches',
          'Alert e-mails sent',
          'Alert clicks',
          'Feed clicks',
        ]}
        rows={dailyRows(stats)}
        empty="No days in this range."
      />
      <div css={gridStyles}>
        <TableSection
          title="Page views per route"
          columns={['Route', 'Views']}
          rows={stats.pageViews.map((row) => [row.path, row.views])}
          empty="No page views in this range."
        />
        <TableSection
          title="Searches that found nothing"
          columns={['Search', 'Times']}
          rows={stats.emptySearches.map((row) => [row.term, row.count])}
          empty="Every search found something."
        />
        <TableSection
          title="Jobs by apply clicks"
          columns={['Job', 'Apply clicks']}
          rows={stats.topJobsByApplyClicks.map((row) => [
            titles.get(row.jobId) ?? row.jobId,
            row.applyClicks,
          ])}
          empty="No apply clicks in this range."
        />
        <TableSection
          title="Posts per source"
          columns={['Source', 'Posts']}
          rows={stats.postsBySource.map((row) => [sourceLabel(row.source), row.posts])}
          empty="No posts in this range."
        />
        <TableSection
          title="Public posts per review outcome"
          columns={['Outcome', 'Posts']}
          rows={
            POST_OUTCOMES.some((outcome) => stats.postsByOutcome[outcome] > 0)
              ? POST_OUTCOMES.map((outcome) => [
                  OUTCOME_LABELS[outcome],
                  stats.postsByOutcome[outcome],
                ])
              : []
          }
          empty="No public posts in this range."
        />
      </div>
    </div>
  );
}
