import type { AdminStats } from '@b2g/contracts';
import { fakeNetworkPerTest, renderPage } from '@b2g/web-platform/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { dailyCsv, defaultRange, rangeProblem } from '../stats/adminStats.js';
import { adminJob } from '../test/jobs.js';
import AdminStatsPage from './AdminStatsPage.js';
import type * as Ui from '@b2g/ui';

// The canvas chart needs a browser; the page's figures are asserted through its tables.
vi.mock('@b2g/ui', async (original) => ({
  ...(await original<typeof Ui>()),
  LazyDailyChart: ({ label }: { label: string }) => <figure aria-label={label} />,
}));

const network = fakeNetworkPerTest();
const topJob = adminJob({ id: '7d1f3f0e-3b5c-4a7e-9d55-000000000001', title: 'Capture Manager' });

const stats = (from: string, to: string): AdminStats => ({
  from,
  to,
  pageViews: [
    { path: '/jobs', views: 120 },
    { path: '/jobs/:id', views: 80 },
  ],
  daily: [
    {
      date: from,
      pageViews: 150,
      searches: 30,
      alertEmailsSent: 10,
      alertClicks: 4,
      feedClicks: 2,
    },
    { date: to, pageViews: 50, searches: 12, alertEmailsSent: 10, alertClicks: 1, feedClicks: 0 },
  ],
  emptySearches: [{ term: 'quantum sales', count: 7 }],
  topJobsByApplyClicks: [
    { jobId: topJob.id, applyClicks: 9 },
    { jobId: '7d1f3f0e-3b5c-4a7e-9d55-000000000099', applyClicks: 2 },
  ],
  postsBySource: [{ source: 'greenhouse', posts: 3 }],
  postsByOutcome: { live: 5, approved: 2, rejected: 1 },
});

/** The statistics answer every range with, `changes` laid over the sample figures. */
const answerStats = (changes: Partial<AdminStats> = {}) =>
  network.on('GET', '/api/admin/stats', (request) => {
    const query = new URL(request.url, 'http://localhost').searchParams;
    return { json: { ...stats(query.get('from') ?? '', query.get('to') ?? ''), ...changes } };
  });

beforeEach(() => {
  network.on('GET', '/api/admin/status', { json: { isAdmin: true, hasAdminPassword: true } });
  network.on('GET', '/api/admin/jobs', { json: [topJob] });
  answerStats();
});

const rowsOf = (name: string) =>
  within(screen.getByRole('table', { name }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));

describe('admin statistics page', () => {
  it('when the admin opens it, then the last 30 days show: totals, routes, empty searches, jobs with their titles, posts', async () => {
    renderPage(<AdminStatsPage />, '/admin/stats');
    const { from, to } = defaultRange();

    await screen.findByRole('table', { name: 'Page views per route' });
    expect(network.calls('GET', '/api/admin/stats')[0]?.url).toBe(
      `/api/admin/stats?from=${from}&to=${to}`,
    );
    expect(screen.getByRole('link', { name: 'Statistics' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(rowsOf('Page views per route')).toEqual([
      ['/jobs', '120'],
      ['/jobs/:id', '80'],
    ]);
    expect(rowsOf('Searches that found nothing')).toEqual([['quantum sales', '7']]);
    await waitFor(() =>
      expect(rowsOf('Jobs by apply clicks')).toEqual([
        ['Capture Manager', '9'],
        ['7d1f3f0e-3b5c-4a7e-9d55-000000000099', '2'],
      ]),
    );
    expect(rowsOf('Posts per source')).toEqual([['Greenhouse', '3']]);
    expect(rowsOf('Public posts per review outcome')).toEqual([
      ['Published at once', '5'],
      ['Approved after review', '2'],
      ['Rejected', '1'],
    ]);
    expect(rowsOf('Per day')).toEqual([
      [from, '150', '30', '10', '4', '2'],
      [to, '50', '12', '10', '1', '0'],
    ]);
    const total = (label: string) =>
      screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
    expect([total('Page views'), total('Searches'), total('Alert e-mails sent')]).toEqual([
      '200',
      '42',
      '20',
    ]);
    expect([total('Alert e-mails clicked'), total('Alert click rate')]).toEqual(['5', '25.0%']);
  });

  it('when no post came in during the range, then the posts per source and per review outcome say so', async () => {
    answerStats({ postsBySource: [], postsByOutcome: { live: 0, approved: 0, rejected: 0 } });
    renderPage(<AdminStatsPage />, '/admin/stats');

    await screen.findByRole('table', { name: 'Page views per route' });
    expect(screen.getByText('No posts in this range.')).toBeInTheDocument();
    expect(screen.getByText('No public posts in this range.')).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Public posts per review outcome' })).toBeNull();
  });

  it('when only some outcomes were counted, then every outcome is listed, the others with 0', async () => {
    answerStats({ postsByOutcome: { live: 0, approved: 0, rejected: 4 } });
    renderPage(<AdminStatsPage />, '/admin/stats');

    await screen.findByRole('table', { name: 'Public posts per review outcome' });
    expect(rowsOf('Public posts per review outcome')).toEqual([
      ['Published at once', '0'],
      ['Approved after review', '0'],
      ['Rejected', '4'],
    ]);
  });

  it('when another range is chosen, then it is read; a reversed range is refused before any call', async () => {
    renderPage(<AdminStatsPage />, '/admin/stats');
    await screen.findByRole('table', { name: 'Page views per route' });
    const from = screen.getByLabelText('From');
    const to = screen.getByLabelText('To');

    await userEvent.clear(from);
    await userEvent.type(from, '2026-02-01');
    await userEvent.clear(to);
    await userEvent.type(to, '2026-01-01');
    await userEvent.click(screen.getByRole('button', { name: 'Show' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The first day must not be after the last.',
    );
    expect(network.calls('GET', '/api/admin/stats')).toHaveLength(1);

    await userEvent.clear(to);
    await userEvent.type(to, '2026-02-28');
    await userEvent.click(screen.getByRole('button', { name: 'Show' }));
    await waitFor(() =>
      expect(network.calls('GET', '/api/admin/stats').at(-1)?.url).toBe(
        '/api/admin/stats?from=2026-02-01&to=2026-02-28',
      ),
    );
  });

  it('when someone else opens it, then the admin login opens instead', async () => {
    network.on('GET', '/api/admin/status', { json: { isAdmin: false, hasAdminPassword: true } });
    renderPage(<AdminStatsPage />, '/admin/stats');
    await waitFor(() => expect(network.calls('GET', '/api/admin/stats')).toHaveLength(0));
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Statistics' })).toBeNull());
  });

  it('when ranges are checked and the CSV is made, then they follow the rules and the data', () => {
    expect(rangeProblem('2026-01-01', '2026-12-31')).toBeNull();
    expect(rangeProblem('2025-01-01', '2026-12-31')).toBe('Choose at most 366 days.');
    expect(dailyCsv(stats('2026-03-01', '2026-03-02')).split('\r\n').slice(0, 2)).toEqual([
      'date,page_views,searches,alert_emails_sent,alert_clicks,feed_clicks',
      '2026-03-01,150,30,10,4,2',
    ]);
  });
});
