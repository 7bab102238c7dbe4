import type {
  ActivityItem,
  ApplicationWithJob,
  BookmarkWithJob,
  DashboardStats,
} from '@b2g/contracts';
import { createQueryClient, type QueryClient } from '@b2g/web-platform';
import { apiError, fakeNetworkPerTest, sampleUser } from '@b2g/web-platform/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  activityItem,
  application,
  bookmark,
  JOB_A,
  JOB_B,
  stats as sampleStats,
} from '../test/fixtures.js';
import { renderPage, signIn } from '../test/render.js';
import DashboardPage from './DashboardPage.js';

const network = fakeNetworkPerTest();

interface DashboardData {
  stats?: DashboardStats;
  applications?: ApplicationWithJob[];
  bookmarks?: BookmarkWithJob[];
  activity?: ActivityItem[];
}

function answer({
  stats = sampleStats(),
  applications = [],
  bookmarks = [],
  activity = [],
}: DashboardData = {}) {
  network
    .on('GET', '/api/user/stats', { json: stats })
    .on('GET', '/api/user/applications', { json: applications })
    .on('GET', '/api/user/bookmarks', { json: bookmarks })
    .on('GET', '/api/user/activity', { json: activity });
}

async function openDashboard(data?: DashboardData) {
  signIn(network);
  answer(data);
  renderPage(<DashboardPage />, '/dashboard');
  await screen.findByRole('heading', { level: 1, name: 'Welcome back, Jane!' });
}

async function openTab(name: string) {
  await userEvent.click(screen.getByRole('tab', { name }));
  return screen.getByRole('tabpanel', { name });
}

/** Opens the Applications tab of one application and picks `status` in its Status select. */
async function chooseApplicationStatus(status: string) {
  await openDashboard({ applications: [application()] });
  const panel = await openTab('Applications');
  const item = within(panel).getByRole('listitem', { name: 'Federal Account Executive' });
  await userEvent.click(within(item).getByRole('combobox', { name: 'Status' }));
  await userEvent.click(await screen.findByRole('option', { name: status }));
}

/** The dashboard's four reads. */
const READS = [
  '/api/user/stats',
  '/api/user/applications',
  '/api/user/bookmarks',
  '/api/user/activity',
] as const;

const readCounts = () => READS.map((path) => network.calls('GET', path).length);

/** Waits until each of the four reads has been made again since `before` (from readCounts). */
async function expectReadAgain(before: number[]) {
  await waitFor(() => {
    READS.forEach((path, index) =>
      expect(network.calls('GET', path).length, path).toBeGreaterThan(before[index] ?? 0),
    );
  });
}

/**
 * Opens the dashboard with one application and, once its four reads are done, moves the
 * application to Interview Scheduled, answering the reads that follow with `after`; returns when
 * all four are read again.
 */
async function scheduleInterviewOnceRead(after: DashboardData) {
  network.on('PATCH', '/api/user/applications/app-1', {
    json: application({ status: 'interview_scheduled' }),
  });
  await openDashboard({ applications: [application()] });
  await waitFor(() => expect(readCounts()).toEqual([1, 1, 1, 1]));
  const before = readCounts();
  answer(after);
  const panel = await openTab('Applications');
  const item = within(panel).getByRole('listitem', { name: 'Federal Account Executive' });
  await userEvent.click(within(item).getByRole('combobox', { name: 'Status' }));
  await userEvent.click(await screen.findByRole('option', { name: 'Interview Scheduled' }));
  await expectReadAgain(before);
}

/**
 * After the tab's last item is removed: the four reads are made again, the tab shows its empty
 * text and the stats card its new figure.
 */
async function expectEmptiedAfterReadAgain(
  before: number[],
  panel: HTMLElement,
  emptyText: string,
  [card, figure]: readonly [card: string, figure: string],
) {
  await expectReadAgain(before);
  expect(await within(panel).findByText(emptyText)).toBeVisible();
  expect(screen.getByRole('group', { name: card })).toHaveTextContent(figure);
}

/** A bookmark toggled on the jobs pages invalidates these reads (public useBookmarks). */
async function invalidateAsTheJobsPagesBookmarkDoes(queryClient: QueryClient) {
  await Promise.all(
    ['/api/user/bookmarks', '/api/user/stats', '/api/user/activity'].map((path) =>
      queryClient.invalidateQueries({ queryKey: [path] }),
    ),
  );
}

describe('dashboard access and loading', () => {
  it('when nobody is signed in, then it goes to /login?redirect=/dashboard', async () => {
    renderPage(<DashboardPage />, '/dashboard');
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(/^\/login\?redirect=\/dashboard$/),
    );
    expect(network.calls('GET', '/api/user/stats')).toHaveLength(0);
  });

  it('when the stats are loading, then four skeleton cards and rows show, then the page', async () => {
    signIn(network);
    answer();
    const release = network.hold('GET', '/api/user/stats', { json: sampleStats() });
    renderPage(<DashboardPage />, '/dashboard');
    expect(await screen.findByRole('status', { name: 'Loading your dashboard' })).toBeVisible();
    expect(screen.getAllByTestId('skeleton-card')).toHaveLength(4);
    expect(screen.getAllByTestId('skeleton-row').length).toBeGreaterThan(0);
    await waitFor(() => expect(network.calls('GET', '/api/user/stats')).toHaveLength(1));
    release();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Welcome back, Jane!' }),
    ).toBeVisible();
    expect(screen.queryByRole('status', { name: 'Loading your dashboard' })).toBeNull();
  });

  it('when the user has no first name, then the greeting uses the username', async () => {
    signIn(network, sampleUser({ firstName: '' }));
    answer();
    renderPage(<DashboardPage />, '/dashboard');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Welcome back, jdoe!' }),
    ).toBeVisible();
  });
});

describe('dashboard summary and overview', () => {
  it('when the stats arrive, then the subtitle and the four summary cards show their numbers', async () => {
    await openDashboard();
    expect(
      screen.getByText('Track your job applications and manage your government marketing career.'),
    ).toBeVisible();
    const card = (name: string) => screen.getByRole('group', { name });
    expect(card('Total Applications')).toHaveTextContent('7Active job applications');
    expect(card('Saved Jobs')).toHaveTextContent('3Bookmarked opportunities');
    expect(card('In Progress')).toHaveTextContent('4Under review or scheduled');
    expect(card('Follow-ups Due')).toHaveTextContent('2Requiring attention');
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Overview',
      'Applications',
      'Saved Jobs',
      'Activity',
      'Alerts',
      'My postings',
    ]);
  });

  it('when statuses have counts, then each shows its name and a badge of its colour', async () => {
    await openDashboard({
      stats: sampleStats({
        applicationsByStatus: {
          applied: 1,
          under_review: 2,
          interview_scheduled: 3,
          offer_received: 4,
          rejected: 5,
        },
      }),
    });
    const list = screen.getByRole('list', { name: 'Applications by status' });
    const tones = within(list)
      .getAllByRole('listitem')
      .map((row) => [row.textContent, row.querySelector('[data-tone]')?.getAttribute('data-tone')]);
    expect(tones).toEqual([
      ['Applied1', 'blue'],
      ['Under Review2', 'yellow'],
      ['Interview Scheduled3', 'green'],
      ['Offer Received4', 'emerald'],
      ['Rejected5', 'red'],
    ]);
  });

  it('when there is activity, then Recent Activity shows the latest five with their dates', async () => {
    await openDashboard({ activity: [1, 2, 3, 4, 5, 6].map((n) => activityItem(n)) });
    const recent = await screen.findByRole('list', { name: 'Recent activity' });
    const items = within(recent).getAllByRole('listitem');
    expect(items).toHaveLength(5);
    expect(items[0]).toHaveTextContent('Activity 1Description 1Jan 5, 2025');
    expect(within(recent).queryByText('Activity 6')).toBeNull();
  });

  it('when there is no activity, then Recent Activity invites the user to start', async () => {
    await openDashboard();
    expect(
      await screen.findByText(
        'No recent activity. Start by browsing jobs or bookmarking positions!',
      ),
    ).toBeVisible();
  });

  it('when the dashboard is opened again after a bookmark elsewhere and its activity, then it shows them', async () => {
    const queryClient = createQueryClient();
    signIn(network);
    answer({ stats: sampleStats({ totalBookmarks: 0 }) });
    const firstVisit = renderPage(<DashboardPage />, '/dashboard', queryClient);
    await screen.findByText('No recent activity. Start by browsing jobs or bookmarking positions!');
    firstVisit.unmount();

    answer({
      stats: sampleStats({ totalBookmarks: 1 }),
      bookmarks: [bookmark()],
      activity: [activityItem(1, { type: 'bookmark', title: 'Bookmarked SLED Marketing Manager' })],
    });
    await invalidateAsTheJobsPagesBookmarkDoes(queryClient);
    renderPage(<DashboardPage />, '/dashboard', queryClient);
    await waitFor(() =>
      expect(screen.getByRole('group', { name: 'Saved Jobs' })).toHaveTextContent(
        '1Bookmarked opportunities',
      ),
    );
    expect(await screen.findByRole('list', { name: 'Recent activity' })).toHaveTextContent(
      'Bookmarked SLED Marketing Manager',
    );
  });
});

describe('dashboard data freshness (spec §9: cached data is never stale)', () => {
  it('when the dashboard is opened again and nothing changed, then its four reads come from the cache', async () => {
    const queryClient = createQueryClient();
    signIn(network);
    answer({ bookmarks: [bookmark()] });
    const firstVisit = renderPage(<DashboardPage />, '/dashboard', queryClient);
    await screen.findByRole('heading', { level: 1, name: 'Welcome back, Jane!' });
    await waitFor(() => expect(readCounts()).toEqual([1, 1, 1, 1]));
    firstVisit.unmount();

    renderPage(<DashboardPage />, '/dashboard', queryClient);
    await screen.findByRole('heading', { level: 1, name: 'Welcome back, Jane!' });
    expect(screen.getByRole('group', { name: 'Saved Jobs' })).toHaveTextContent(
      '3Bookmarked opportunities',
    );
    for (const path of READS) {
      expect(
        queryClient
          .getQueryCache()
          .find({ queryKey: [path] })
          ?.isStale(),
        path,
      ).toBe(false);
    }
    expect(readCounts()).toEqual([1, 1, 1, 1]);
  });

  it('when a bookmark is removed, then the four reads are made again and the page shows the change', async () => {
    network.on('DELETE', `/api/user/bookmarks/${JOB_B}`, { json: { success: true } });
    await openDashboard({ bookmarks: [bookmark()] });
    const panel = await openTab('Saved Jobs');
    await within(panel).findByRole('listitem', { name: 'SLED Marketing Manager' });
    const before = readCounts();
    answer({ stats: sampleStats({ totalBookmarks: 2 }), bookmarks: [] });
    await userEvent.click(
      within(panel).getByRole('button', { name: 'Remove bookmark: SLED Marketing Manager' }),
    );
    await expectEmptiedAfterReadAgain(before, panel, 'No saved jobs', [
      'Saved Jobs',
      '2Bookmarked opportunities',
    ]);
  });

  it('when a status is changed, then the four reads are made again and the page shows the change', async () => {
    await scheduleInterviewOnceRead({
      stats: sampleStats({
        applicationsByStatus: { ...sampleStats().applicationsByStatus, interview_scheduled: 2 },
      }),
      applications: [application({ status: 'interview_scheduled' })],
      activity: [activityItem(1, { title: 'Status updated: Federal Account Executive' })],
    });
    await waitFor(() =>
      expect(screen.getByRole('group', { name: 'In Progress' })).toHaveTextContent(
        '5Under review or scheduled',
      ),
    );
    const activity = await openTab('Activity');
    expect(
      await within(activity).findByText('Status updated: Federal Account Executive'),
    ).toBeVisible();
  });

  it('when an application is removed, then the four reads are made again and the page shows the change', async () => {
    network.on('DELETE', '/api/user/applications/app-1', { json: { success: true } });
    await openDashboard({ applications: [application()] });
    const panel = await openTab('Applications');
    await waitFor(() => expect(readCounts()).toEqual([1, 1, 1, 1]));
    const before = readCounts();
    answer({ stats: sampleStats({ totalApplications: 6 }), applications: [] });
    await userEvent.click(within(panel).getByRole('button', { name: 'Remove' }));
    await userEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Remove' }),
    );
    await expectEmptiedAfterReadAgain(before, panel, 'No applications yet', [
      'Total Applications',
      '6Active job applications',
    ]);
  });

  it('when the feed item of a change arrives after the first read again, then the feed is read until it shows', async () => {
    await scheduleInterviewOnceRead({
      applications: [application({ status: 'interview_scheduled' })],
    });
    const feedReads = network.calls('GET', '/api/user/activity').length;
    answer({
      applications: [application({ status: 'interview_scheduled' })],
      activity: [activityItem(1, { title: 'Status updated: Federal Account Executive' })],
    });
    const activity = await openTab('Activity');
    expect(
      await within(activity).findByText(
        'Status updated: Federal Account Executive',
        {},
        { timeout: 5_000 },
      ),
    ).toBeVisible();
    expect(network.calls('GET', '/api/user/activity').length).toBeGreaterThan(feedReads);
  });

  it('when a saved job is tracked, then the four reads are made again and it shows as Applied', async () => {
    network.on('POST', '/api/user/applications', {
      status: 201,
      json: application({ jobId: JOB_B }),
    });
    await openDashboard({ bookmarks: [bookmark()] });
    const panel = await openTab('Saved Jobs');
    await waitFor(() => expect(readCounts()).toEqual([1, 1, 1, 1]));
    const before = readCounts();
    answer({ bookmarks: [bookmark()], applications: [application({ jobId: JOB_B })] });
    await userEvent.click(within(panel).getByRole('button', { name: 'Track application' }));
    const dialog = await screen.findByRole('dialog', { name: 'Track application' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Track Application' }));
    await expectReadAgain(before);
    expect(await within(panel).findByText('Applied')).toBeVisible();
  });
});

describe('dashboard tabs', () => {
  it('when the user has alerts, then the Alerts tab lists each with its last send and new matches, and pausing and deleting call the API', async () => {
    const alert = {
      id: '0b8c2d3e-4f5a-4b6c-8d7e-9f0a1b2c3d4e',
      name: '“capture” · Federal',
      query: { search: 'capture', sector: 'FEDERAL' },
      frequency: 'daily',
      active: true,
      createdAt: '2025-01-02T10:00:00.000Z',
      lastSentAt: '2025-01-05T07:00:00.000Z',
      newMatches: 3,
    };
    const path = `/api/user/saved-searches/${alert.id}`;
    network
      .on('GET', '/api/user/saved-searches', { json: [alert] })
      .on('PATCH', path, { json: { ...alert, active: false } })
      .on('DELETE', path, { status: 204, text: '' });
    await openDashboard();
    expect(network.calls('GET', '/api/user/saved-searches')).toHaveLength(0);
    const panel = await openTab('Alerts');
    const item = await within(panel).findByRole('listitem');
    expect(within(item).getByLabelText('Alert name')).toHaveValue('“capture” · Federal');
    expect(item).toHaveTextContent('Last sent: Jan 5, 2025');
    expect(item).toHaveTextContent('3 new matches');
    expect(within(item).getByRole('link', { name: 'See jobs' })).toHaveAttribute(
      'href',
      '/jobs?search=capture&sector=FEDERAL',
    );
    await userEvent.click(within(item).getByRole('switch'));
    await waitFor(() => expect(network.calls('PATCH', path)[0]?.body).toEqual({ active: false }));
    await userEvent.click(within(item).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(network.calls('DELETE', path)).toHaveLength(1));
  });

  it('when applications exist, then each shows its job, date, status badge, link and notes', async () => {
    await openDashboard({ applications: [application()] });
    const panel = await openTab('Applications');
    const item = await within(panel).findByRole('listitem', { name: 'Federal Account Executive' });
    expect(item).toHaveTextContent('Acme Gov');
    expect(item).toHaveTextContent('Arlington, VA');
    expect(item).toHaveTextContent('Applied Jan 5, 2025');
    const badge = item.querySelector('[data-tone]');
    expect(badge).toHaveTextContent('Under Review');
    expect(badge).toHaveAttribute('data-tone', 'yellow');
    expect(within(item).getByText('Spoke with the hiring manager')).toBeVisible();
    const link = within(item).getByRole('link', { name: /View job posting/ });
    expect(link).toHaveAttribute('href', 'https://jobs.example.com/a');
    expect(link).toHaveAttribute('target', '_blank');
  });

  it('when jobs are saved, then each shows its job, saved date, link and notes; removed ones say so', async () => {
    await openDashboard({
      bookmarks: [
        bookmark(),
        bookmark({
          id: 'bm-2',
          notes: null,
          job: {
            title: 'Gone Role',
            company: 'Old Co',
            location: 'Remote',
            link: null,
            removed: true,
          },
        }),
      ],
    });
    const panel = await openTab('Saved Jobs');
    const item = await within(panel).findByRole('listitem', { name: 'SLED Marketing Manager' });
    expect(item).toHaveTextContent('Civic Co');
    expect(item).toHaveTextContent('Austin, TX');
    expect(item).toHaveTextContent('Saved Jan 5, 2025');
    expect(item).toHaveTextContent('Ask about clearance');
    expect(within(item).getByRole('link', { name: /View job posting/ })).toHaveAttribute(
      'href',
      'https://jobs.example.com/b',
    );
    const gone = within(panel).getByRole('listitem', { name: 'Gone Role' });
    expect(within(gone).getByText('No longer listed')).toBeVisible();
    expect(within(gone).queryByRole('link')).toBeNull();
  });

  it('when there is activity, then the feed shows type icon, title, date-time, description and status', async () => {
    await openDashboard({
      activity: [
        activityItem(1, { title: 'Applied to Federal AE', status: 'interview_scheduled' }),
        activityItem(2, { type: 'bookmark', title: 'Saved SLED role' }),
      ],
    });
    const panel = await openTab('Activity');
    const items = within(panel).getAllByRole('listitem');
    expect(within(items[0]!).getByRole('img', { name: 'Application' })).toBeVisible();
    expect(items[0]).toHaveTextContent('Applied to Federal AE');
    expect(items[0]).toHaveTextContent(/Jan 5, 2025 \d{1,2}:04 (AM|PM)/);
    expect(items[0]).toHaveTextContent('Description 1');
    expect(within(items[0]!).getByText('Interview Scheduled')).toHaveAttribute(
      'data-tone',
      'green',
    );
    expect(within(items[1]!).getByRole('img', { name: 'Bookmark' })).toBeVisible();
  });

  it('when an activity date is invalid, then a dash shows and the page stays up', async () => {
    await openDashboard({ activity: [activityItem(1, { timestamp: 'garbage' })] });
    const panel = await openTab('Activity');
    expect(within(panel).getByRole('listitem')).toHaveTextContent('—');
  });

  it.each([
    {
      tab: 'Applications',
      when: 'there are no applications',
      title: 'No applications yet',
      description: 'Check out resources to help with your job search.',
      link: 'View Resources',
      href: '/resources',
    },
    {
      tab: 'Saved Jobs',
      when: 'nothing is saved',
      title: 'No saved jobs',
      description: 'Check our newsletter for the latest B2G opportunities.',
      link: 'Join Newsletter',
      href: '/newsletter',
    },
    {
      tab: 'Activity',
      when: 'there is no activity',
      title: 'No activity yet',
      description: 'Your job search activities will appear here.',
      link: 'Explore Resources',
      href: '/resources',
    },
  ])(
    'when $when, then the $tab empty state links to $href',
    async ({ tab, title, description, link, href }) => {
      await openDashboard();
      const panel = await openTab(tab);
      expect(await within(panel).findByText(title)).toBeVisible();
      expect(within(panel).getByText(description)).toBeVisible();
      expect(within(panel).getByRole('link', { name: link })).toHaveAttribute('href', href);
    },
  );
});

describe('tracking applications', () => {
  it('when a job is searched, chosen and submitted, then the application is created and the data refreshed', async () => {
    network.on('GET', '/api/jobs', {
      json: [
        {
          id: JOB_A,
          title: 'Federal Account Executive',
          company: 'Acme Gov',
          location: 'Arlington, VA',
        },
      ],
    });
    network.on('POST', '/api/user/applications', { status: 201, json: application() });
    await openDashboard();
    const panel = await openTab('Applications');
    await userEvent.click(within(panel).getByRole('button', { name: 'Track an application' }));
    const dialog = await screen.findByRole('dialog', { name: 'Track an application' });

    await userEvent.click(within(dialog).getByRole('button', { name: 'Track Application' }));
    expect(await within(dialog).findByText('Choose a job from the search results')).toBeVisible();

    await userEvent.type(within(dialog).getByLabelText('Job'), 'federal');
    await userEvent.click(
      await within(dialog).findByRole('button', { name: /Federal Account Executive — Acme Gov/ }),
    );
    const search = network.calls('GET', '/api/jobs').at(-1);
    expect(new URL(search!.url, 'http://localhost').searchParams.get('limit')).toBe('10');
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Application method' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Referral' }));
    await userEvent.type(within(dialog).getByLabelText('Contact person'), 'Pat Lee');
    await userEvent.type(within(dialog).getByLabelText('Contact email'), 'pat@acme.example');
    await userEvent.type(within(dialog).getByLabelText('Notes'), 'Referred by Sam');
    await userEvent.type(within(dialog).getByLabelText('Follow-up date'), '2025-02-01');
    const statsCalls = network.calls('GET', '/api/user/stats').length;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Track Application' }));
    // The follow-up date is in the past: saved once confirmed.
    expect(network.calls('POST', '/api/user/applications')).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save anyway' }));

    expect(await screen.findByText('Application tracked')).toBeVisible();
    expect(network.calls('POST', '/api/user/applications')[0]?.body).toEqual({
      jobId: JOB_A,
      applicationMethod: 'referral',
      contactPerson: 'Pat Lee',
      contactEmail: 'pat@acme.example',
      notes: 'Referred by Sam',
      followUpDate: '2025-02-01T00:00:00.000Z',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() =>
      expect(network.calls('GET', '/api/user/stats').length).toBeGreaterThan(statsCalls),
    );
    expect(network.calls('GET', '/api/user/activity').length).toBeGreaterThan(1);
  });

  it("when a job page's Track application leads here, then Applications opens with that job's dialog, and closing it clears the link", async () => {
    network.on('GET', `/api/jobs/${JOB_B}`, {
      json: { id: JOB_B, title: 'Capture Manager', company: 'Beta Federal' },
    });
    network.on('POST', '/api/user/applications', { status: 201, json: application() });
    signIn(network);
    answer();
    renderPage(<DashboardPage />, `/dashboard?track=${JOB_B}`);
    const dialog = await screen.findByRole('dialog', { name: 'Track application' });
    expect(
      within(dialog).getByText(
        'Record your application to Capture Manager at Beta Federal and where it stands.',
      ),
    ).toBeVisible();
    expect(screen.getByRole('tab', { name: 'Applications', hidden: true })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Track Application' }));
    await waitFor(() => expect(network.calls('POST', '/api/user/applications')).toHaveLength(1));
    expect(network.calls('POST', '/api/user/applications')[0]?.body).toEqual({
      jobId: JOB_B,
      applicationMethod: 'company_website',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/dashboard$/);
    expect(screen.getByRole('tab', { name: 'Applications' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
  });

  it('when a tab is chosen, then the address names it (a reload keeps it), and the overview is the bare /dashboard', async () => {
    await openDashboard({ applications: [application()] });
    expect(screen.getByRole('tab', { name: 'Overview' })).toHaveAttribute('aria-selected', 'true');
    await openTab('Applications');
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/dashboard\?tab=applications$/);
    await openTab('Saved Jobs');
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/dashboard\?tab=saved$/);
    await openTab('Overview');
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/dashboard$/);
  });

  it('when the linked job is already tracked, then it says so and opens no dialog', async () => {
    network.on('GET', `/api/jobs/${JOB_A}`, {
      json: { id: JOB_A, title: 'Federal Account Executive', company: 'Acme Gov' },
    });
    signIn(network);
    answer({ applications: [application({ jobId: JOB_A })] });
    renderPage(<DashboardPage />, `/dashboard?track=${JOB_A}`);
    expect(await screen.findByText('This application is in your list.')).toBeVisible();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/dashboard$/));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('when the linked job cannot be read, then an error toast says so and no dialog opens', async () => {
    network.on('GET', `/api/jobs/${JOB_B}`, {
      status: 404,
      json: { error: { message: 'Job not found' } },
    });
    signIn(network);
    answer();
    renderPage(<DashboardPage />, `/dashboard?track=${JOB_B}`);
    expect(await screen.findByText('Job not found')).toBeVisible();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/dashboard$/));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('when signed out, then the link survives the sign-in redirect', async () => {
    renderPage(<DashboardPage />, `/dashboard?track=${JOB_B}`);
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(
        `/login?redirect=${encodeURIComponent(`/dashboard?track=${JOB_B}`)}`,
      ),
    );
  });

  it('when ?tab= names a tab, then that tab opens', async () => {
    signIn(network);
    answer({ applications: [application()] });
    renderPage(<DashboardPage />, '/dashboard?tab=applications');
    const tab = await screen.findByRole('tab', { name: 'Applications' });
    expect(tab).toHaveAttribute('aria-selected', 'true');
  });

  it('when the contact email is malformed, then its message shows and nothing is sent', async () => {
    await openDashboard({ bookmarks: [bookmark()] });
    const panel = await openTab('Saved Jobs');
    await userEvent.click(within(panel).getByRole('button', { name: 'Track application' }));
    const dialog = await screen.findByRole('dialog', { name: 'Track application' });
    await userEvent.type(within(dialog).getByLabelText('Contact email'), 'nope');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Track Application' }));
    expect(await within(dialog).findByText('Please enter a valid email address')).toBeVisible();
    expect(network.calls('POST', '/api/user/applications')).toHaveLength(0);
  });

  it('when a saved job already has an application, then it says Applied and offers no Track application', async () => {
    await openDashboard({
      bookmarks: [bookmark(), bookmark({ id: 'bm-2', jobId: JOB_A })],
      applications: [application({ jobId: JOB_A })],
    });
    const panel = await openTab('Saved Jobs');
    const items = within(panel).getAllByRole('listitem');
    expect(
      within(items[0] as HTMLElement).getByRole('button', { name: 'Track application' }),
    ).toBeVisible();
    expect(
      within(items[1] as HTMLElement).queryByRole('button', { name: 'Track application' }),
    ).toBeNull();
    expect(within(items[1] as HTMLElement).getByText('Applied')).toBeVisible();
  });

  it('when a saved job is tracked, then an application for it is created by company website', async () => {
    network.on('POST', '/api/user/applications', { status: 201, json: application() });
    await openDashboard({ bookmarks: [bookmark()] });
    const panel = await openTab('Saved Jobs');
    await userEvent.click(within(panel).getByRole('button', { name: 'Track application' }));
    const dialog = await screen.findByRole('dialog', { name: 'Track application' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Track Application' }));
    await waitFor(() => expect(network.calls('POST', '/api/user/applications')).toHaveLength(1));
    expect(network.calls('POST', '/api/user/applications')[0]?.body).toEqual({
      jobId: JOB_B,
      applicationMethod: 'company_website',
    });
  });

  it('when a saved job is tracked with a status chosen in the dialog, then the application is created with that status', async () => {
    network.on('POST', '/api/user/applications', {
      status: 201,
      json: application({ status: 'under_review' }),
    });
    await openDashboard({ bookmarks: [bookmark()] });
    const panel = await openTab('Saved Jobs');
    await userEvent.click(within(panel).getByRole('button', { name: 'Track application' }));
    const dialog = await screen.findByRole('dialog', { name: 'Track application' });
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Status' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Under Review' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Track Application' }));
    await waitFor(() => expect(network.calls('POST', '/api/user/applications')).toHaveLength(1));
    expect(network.calls('POST', '/api/user/applications')[0]?.body).toEqual({
      jobId: JOB_B,
      applicationMethod: 'company_website',
      status: 'under_review',
    });
  });

  it('when a bookmark is removed, then DELETE is sent for its job and a toast confirms', async () => {
    network.on('DELETE', `/api/user/bookmarks/${JOB_B}`, { json: { success: true } });
    await openDashboard({ bookmarks: [bookmark()] });
    const panel = await openTab('Saved Jobs');
    await userEvent.click(
      within(panel).getByRole('button', { name: 'Remove bookmark: SLED Marketing Manager' }),
    );
    expect(await screen.findByText('Bookmark removed')).toBeVisible();
    expect(screen.getByText('Job removed from your bookmarks.')).toBeVisible();
    expect(network.calls('DELETE', `/api/user/bookmarks/${JOB_B}`)).toHaveLength(1);
  });

  it('when a status is chosen, then PATCH sends it and a toast confirms', async () => {
    network.on('PATCH', '/api/user/applications/app-1', {
      json: application({ status: 'interview_scheduled' }),
    });
    await chooseApplicationStatus('Interview Scheduled');
    expect(await screen.findByText('Application updated')).toBeVisible();
    expect(network.calls('PATCH', '/api/user/applications/app-1')[0]?.body).toEqual({
      status: 'interview_scheduled',
    });
  });

  it('when notes and follow-up date are edited, then PATCH sends both (blank notes clear)', async () => {
    network.on('PATCH', '/api/user/applications/app-1', { json: application() });
    await openDashboard({ applications: [application()] });
    const panel = await openTab('Applications');
    await userEvent.click(within(panel).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit application' });
    expect(within(dialog).getByLabelText('Notes')).toHaveValue('Spoke with the hiring manager');
    await userEvent.clear(within(dialog).getByLabelText('Notes'));
    await userEvent.type(within(dialog).getByLabelText('Follow-up date'), '2025-03-10');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    // A date in the past is asked about first.
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'The follow-up date Mar 10, 2025 is in the past. Save it anyway?',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save anyway' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(network.calls('PATCH', '/api/user/applications/app-1')[0]?.body).toEqual({
      notes: null,
      followUpDate: '2025-03-10T00:00:00.000Z',
    });
  });

  it('when a follow-up date in the past is not confirmed, then nothing is saved; a future one saves at once', async () => {
    network.on('PATCH', '/api/user/applications/app-1', { json: application() });
    await openDashboard({ applications: [application({ followUpDate: null })] });
    const panel = await openTab('Applications');
    await userEvent.click(within(panel).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit application' });
    const date = within(dialog).getByLabelText('Follow-up date');
    await userEvent.type(date, '2020-01-02');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Change date' }));
    expect(within(dialog).queryByRole('alert')).toBeNull();
    expect(network.calls('PATCH', '/api/user/applications/app-1')).toHaveLength(0);
    await userEvent.clear(date);
    await userEvent.type(date, '2099-01-02');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(network.calls('PATCH', '/api/user/applications/app-1')[0]?.body).toMatchObject({
      followUpDate: '2099-01-02T00:00:00.000Z',
    });
  });

  it('when removal is confirmed, then DELETE is sent; when cancelled, nothing is', async () => {
    network.on('DELETE', '/api/user/applications/app-1', { json: { success: true } });
    await openDashboard({ applications: [application()] });
    const panel = await openTab('Applications');
    await userEvent.click(within(panel).getByRole('button', { name: 'Remove' }));
    await userEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Cancel' }),
    );
    expect(network.calls('DELETE', '/api/user/applications/app-1')).toHaveLength(0);
    await userEvent.click(within(panel).getByRole('button', { name: 'Remove' }));
    await userEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Remove' }),
    );
    expect(await screen.findByText('Application removed')).toBeVisible();
    expect(network.calls('DELETE', '/api/user/applications/app-1')).toHaveLength(1);
  });

  it('when an update fails, then an error toast shows the server message', async () => {
    network.refuse('PATCH', '/api/user/applications/app-1', 'NOT_FOUND', 'Application not found');
    await chooseApplicationStatus('Rejected');
    expect(await screen.findByText('Application not found')).toBeVisible();
  });
});

describe('dashboard under a rate limit', () => {
  it('when the stats read is rate limited (429), then an error with Retry shows, and Retry loads the dashboard', async () => {
    signIn(network);
    answer();
    let statsAnswers = 0;
    network.on('GET', '/api/user/stats', () =>
      ++statsAnswers === 1
        ? apiError('RATE_LIMITED', 'Too many requests.')
        : { json: sampleStats() },
    );
    renderPage(<DashboardPage />, '/dashboard');

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your dashboard could not be loaded');
    expect(alert).toHaveTextContent('Too many requests.');
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Welcome back, Jane!' }),
    ).toBeInTheDocument();
  });
});
