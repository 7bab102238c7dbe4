import type { JobStats } from '@b2g/contracts';
import { sampleJob } from '@b2g/contracts/testing';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { EmployerPostings } from './EmployerPostings.js';
import { postingStatsCsv, postingStatsPath } from './PostingStats.js';

// The canvas chart needs a browser; its figures are asserted through the table beside it.
vi.mock('../stats/DailyChart.js', () => ({
  default: ({ label }: { label: string }) => <figure aria-label={label} />,
}));

const job = { ...sampleJob(), status: 'live' as const, closedReason: null, expiresOn: null };

function statsOf(days: number): JobStats {
  const daily = Array.from({ length: days }, (_, i) => ({
    date: new Date(Date.UTC(2026, 10, 28) - (days - 1 - i) * 86_400_000).toISOString().slice(0, 10),
    views: i === days - 1 ? 8 : 0,
    uniqueVisitors: i === days - 1 ? 5 : 0,
    impressions: i === days - 1 ? 40 : 0,
    applyClicks: i === days - 1 ? 2 : 0,
    bookmarks: i === days - 1 ? 1 : 0,
  }));
  return {
    jobId: job.id,
    days,
    views: 8,
    uniqueVisitors: 5,
    impressions: 40,
    applyClicks: 2,
    bookmarks: 1,
    daily,
    bySource: { search: 4, alert: 2, feed: 0, direct: 2, external: 0 },
  };
}

function setup(
  request = vi.fn((_method: string, path: string) =>
    Promise.resolve(statsOf(path.endsWith('days=90') ? 90 : 30)),
  ),
) {
  render(
    <EmployerPostings
      read={{ data: [job], error: null, refetch: vi.fn() }}
      request={request}
      notify={vi.fn()}
      describeError={(error, fallback) => (error instanceof Error ? error.message : fallback)}
      onChanged={vi.fn()}
      openPostForm={vi.fn()}
      returnTo="/employer"
      posterEmail="hr@acme.example"
      LinkComponent={({ to, children }) => <a href={to}>{children}</a>}
      today="2026-11-28"
    />,
  );
  return request;
}

const total = (label: string) =>
  screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

describe('a posting’s statistics on /employer', () => {
  it('when the employer opens Statistics, then the totals, the click-through rate and the views by source show', async () => {
    const request = setup();
    await userEvent.click(screen.getByRole('button', { name: 'Statistics' }));

    await screen.findByText('Views', { selector: 'dt' });
    expect(request).toHaveBeenCalledWith('GET', postingStatsPath(job.id, 30));
    expect(total('Views')).toBe('8');
    expect(total('Unique visitors')).toBe('5');
    expect(total('Search impressions')).toBe('40');
    expect(total('Apply clicks')).toBe('2');
    expect(total('Bookmarks')).toBe('1');
    expect(total('Click-through rate')).toBe('25.0%');
    const searchRow = screen.getByRole('rowheader', { name: 'Search' }).closest('tr');
    expect(
      within(searchRow as HTMLElement)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['4', '50%']);
    expect(
      await screen.findByRole('figure', { name: 'Views and apply clicks per day, last 30 days' }),
    ).toBeInTheDocument();
  });

  it('when 90 days are chosen, then they are read and the daily table has 90 rows', async () => {
    const request = setup();
    await userEvent.click(screen.getByRole('button', { name: 'Statistics' }));
    await userEvent.click(await screen.findByRole('button', { name: '90 days' }));

    await waitFor(() => expect(request).toHaveBeenCalledWith('GET', postingStatsPath(job.id, 90)));
    await screen.findByRole('figure', { name: 'Views and apply clicks per day, last 90 days' });
    expect(screen.getByRole('button', { name: '90 days' })).toHaveAttribute('aria-pressed', 'true');
    const daily = screen.getByText('Daily figures as a table').closest('details');
    expect(within(daily as HTMLElement).getAllByRole('row', { hidden: true })).toHaveLength(91);
  });

  it('when the statistics cannot be read, then the server’s message shows', async () => {
    setup(vi.fn(() => Promise.reject(new Error('Statistics are unavailable right now.'))));
    await userEvent.click(screen.getByRole('button', { name: 'Statistics' }));

    expect(await screen.findByText('Statistics are unavailable right now.')).toBeInTheDocument();
  });

  it('when the CSV is made, then it has one row per day and the views by source', () => {
    const csv = postingStatsCsv(statsOf(30)).split('\r\n');
    expect(csv[0]).toBe('date,views,unique_visitors,impressions,apply_clicks,bookmarks');
    expect(csv[30]).toBe('2026-11-28,8,5,40,2,1');
    expect(csv.slice(32, 38)).toEqual([
      'source,views',
      'search,4',
      'alert,2',
      'feed,0',
      'direct,2',
      'external,0',
    ]);
  });
});
