import {
  ERROR_MESSAGES,
  JOBS_TOTAL_COUNT_HEADER,
  MESSAGES,
  type JobFacetsResponse,
  type JobListItem,
} from '@b2g/contracts';
import {
  apiError,
  fakeNetworkPerTest,
  renderPage,
  sampleJob as sampleApiJob,
  signIn as signInAs,
} from '@b2g/web-platform/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import JobsPage from './JobsPage.js';

const network = fakeNetworkPerTest();
beforeEach(() => {
  // The cards' company logos, which most tests do not look at: no company has one.
  network.on('GET', '/api/companies', { json: [] });
  // The filters' counts, which most tests do not look at: unavailable, as while search is down.
  network.on(
    'GET',
    '/api/jobs/facets',
    apiError('SERVICE_UNAVAILABLE', ERROR_MESSAGES.searchUnavailable),
  );
});
afterEach(() => {
  vi.useRealTimers();
});

const DAY_MS = 24 * 60 * 60 * 1000;
let counter = 0;

function sampleJob(overrides: Partial<JobListItem> = {}): JobListItem {
  counter += 1;
  const posted = new Date(Date.now() - 2 * DAY_MS).toISOString();
  return {
    ...sampleApiJob({
      id: `00000000-0000-4000-8000-${String(counter).padStart(12, '0')}`,
      title: `Account Executive ${counter}`,
      url: 'https://jobs.example.com/ae',
      postedAt: posted,
      createdAt: posted,
    }),
    ...overrides,
  };
}

const FACETS: JobFacetsResponse = {
  total: 30,
  facets: {
    sector: { FEDERAL: 23, STATE_LOCAL: 9, EDUCATION: 4, BOTH: 2 },
    jobFunction: { sales: 23, marketing: 5, technical: 2 },
    employerType: { INTEGRATOR: 10, CONSULTANCY: 5, SOFTWARE: 10, MEDIA_EVENTS: 3, OTHER_B2G: 2 },
    experienceLevel: { entry: 10, mid: 10, senior: 10 },
    remote: { remote: 10, hybrid: 10, 'on-site': 10 },
    clearance: { none: 12, public_trust: 15, secret: 21, top_secret: 27, ts_sci: 30 },
    employmentType: { full_time: 20, part_time: 1, contract: 8, temporary: 1 },
    salaryMin: { '50000': 19, '75000': 18, '100000': 14, '125000': 9, '150000': 6, '200000': 1 },
  },
};

function answerJobs(jobs: JobListItem[], total?: number) {
  network.on('GET', '/api/jobs', {
    json: jobs,
    headers: { [JOBS_TOTAL_COUNT_HEADER]: String(total ?? jobs.length) },
  });
}

const signIn = () => signInAs(network);

/** Opens the select named `select` and picks `option`. */
async function choose(select: string, option: string) {
  await userEvent.click(await screen.findByRole('combobox', { name: select }));
  await userEvent.click(await screen.findByRole('option', { name: option }));
}

/** The query of the last GET /api/jobs. */
function lastJobsQuery(): URLSearchParams {
  const last = network.calls('GET', '/api/jobs').at(-1);
  return new URL(last?.url ?? '', 'http://localhost').searchParams;
}

/** Renders the page at `path`, waits for its `showing` line and opens the filter panel. */
async function openFilterPanel(path: string, showing: string) {
  renderPage(<JobsPage />, path);
  await screen.findByText(showing);
  await userEvent.click(screen.getByRole('button', { name: /Filters/ }));
}

/** The page's URL is `path`, the last request carries `params` and the Filters button counts `count`. */
async function expectFiltersApplied(path: string, params: Record<string, string>, count: number) {
  await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(path));
  await waitFor(() => expect(Object.fromEntries(lastJobsQuery())).toMatchObject(params));
  expect(screen.getByRole('button', { name: /Filters/ })).toHaveTextContent(String(count));
}

describe('jobs page: list states', () => {
  it('when the list is loading, then five skeleton cards show', async () => {
    network.on('GET', '/api/jobs', () => new Promise(() => {}));
    renderPage(<JobsPage />, '/jobs');
    expect(await screen.findAllByTestId('job-skeleton')).toHaveLength(5);
  });

  it('when there are no jobs and no filters, then it says to check back soon', async () => {
    answerJobs([]);
    renderPage(<JobsPage />, '/jobs');
    expect(await screen.findByText('No jobs found')).toBeInTheDocument();
    expect(screen.getByText('Check back soon for new B2G opportunities.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Clear All Filters' })).not.toBeInTheDocument();
  });

  it('when filters match nothing, then it suggests adjusting them and Clear All Filters empties the URL', async () => {
    answerJobs([]);
    renderPage(<JobsPage />, '/jobs?search=zzz&sector=FEDERAL');
    expect(await screen.findByText('Try adjusting your filters or search terms.')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Clear All Filters' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/jobs$/));
  });

  it('when the server fails, then the Error Loading Jobs card shows', async () => {
    network.on('GET', '/api/jobs', { status: 500, text: 'boom' });
    renderPage(<JobsPage />, '/jobs');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Error Loading Jobs');
    expect(alert).toHaveTextContent("We couldn't load the job listings. Please try again later.");
  });

  it('when the list is rate limited (429), then the error offers Retry, which loads the list', async () => {
    let answer = 0;
    network.on('GET', '/api/jobs', () =>
      ++answer === 1
        ? apiError('RATE_LIMITED', 'Too many requests.')
        : { json: [sampleJob()], headers: { [JOBS_TOTAL_COUNT_HEADER]: '1' } },
    );
    renderPage(<JobsPage />, '/jobs');

    expect(await screen.findByRole('alert')).toHaveTextContent('Error Loading Jobs');
    expect(screen.queryByText('No jobs found')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));

    expect(await screen.findByText('Showing 1 job')).toBeInTheDocument();
    expect(network.calls('GET', '/api/jobs')).toHaveLength(2);
  });

  it('when filters come from the URL, then only the real ones are sent and the header says (filtered)', async () => {
    answerJobs([sampleJob()]);
    renderPage(<JobsPage />, '/jobs?search=cloud&sector=all&location=&jobFunction=sales');
    expect(await screen.findByText('Showing 1 job (filtered)')).toBeInTheDocument();
    const url = new URL(network.calls('GET', '/api/jobs')[0]?.url ?? '', 'http://localhost');
    expect(url.searchParams.get('search')).toBe('cloud');
    expect(url.searchParams.get('jobFunction')).toBe('sales');
    expect(url.searchParams.has('sector')).toBe(false);
    expect(url.searchParams.has('location')).toBe(false);
    expect(screen.getByRole('button', { name: /Filters/ })).toHaveTextContent('2');
    expect(screen.getByRole('button', { name: 'Clear All' })).toBeInTheDocument();
  });

  it('when nothing is filtered, then the header counts jobs without (filtered) and no Clear All shows', async () => {
    answerJobs([sampleJob(), sampleJob()]);
    renderPage(<JobsPage />, '/jobs');
    expect(await screen.findByText('Showing 2 jobs')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Clear All' })).not.toBeInTheDocument();
  });

  it('when a search is submitted and a sector chosen, then both are written to the URL', async () => {
    answerJobs([sampleJob()]);
    renderPage(<JobsPage />, '/jobs');
    await screen.findByText('Showing 1 job');
    await userEvent.type(screen.getByPlaceholderText('Jobs, Titles, Companies'), 'cloud{Enter}');
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent('/jobs?search=cloud'),
    );
    await userEvent.click(screen.getByRole('button', { name: /Filters/ }));
    await choose('Sector', 'State & Local');
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(
        '/jobs?search=cloud&sector=STATE_LOCAL',
      ),
    );
  });

  it('when the filter panel opens, then each sector and function shows how many jobs it would give', async () => {
    answerJobs([sampleJob()]);
    network.on('GET', '/api/jobs/facets', { json: FACETS });
    await openFilterPanel('/jobs?jobFunction=sales', 'Showing 1 job (filtered)');
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Function' })).toHaveTextContent('Sales (23)'),
    );
    await userEvent.click(screen.getByRole('combobox', { name: 'Sector' }));
    expect(await screen.findByRole('option', { name: 'Federal (23)' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'State & Local (9)' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'All Sectors' })).toBeInTheDocument();
    const url = new URL(network.calls('GET', '/api/jobs/facets')[0]?.url ?? '', 'http://localhost');
    expect(url.searchParams.get('jobFunction')).toBe('sales');
  });

  it('when the panel opens, then clearance, salary, employer type, level, workplace and employment type show counts, and a choice goes to the URL and the request', async () => {
    answerJobs([sampleJob()]);
    network.on('GET', '/api/jobs/facets', { json: FACETS });
    await openFilterPanel('/jobs?remote=hybrid', 'Showing 1 job (filtered)');
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Workplace' })).toHaveTextContent('Hybrid (10)'),
    );
    for (const [select, option] of [
      ['Employer type', 'Media & Events (3)'],
      ['Experience level', 'Senior Level (10)'],
      ['Employment type', 'Contract (8)'],
    ] as const) {
      await userEvent.click(screen.getByRole('combobox', { name: select }));
      expect(await screen.findByRole('option', { name: option })).toBeInTheDocument();
      await userEvent.keyboard('{Escape}');
    }
    await choose('Your clearance', 'Secret (21)');
    await choose('Minimum salary', '$100k+ a year (14)');
    await expectFiltersApplied(
      '/jobs?remote=hybrid&clearance=secret&salaryMin=100000',
      { clearance: 'secret', salaryMin: '100000' },
      3,
    );
  });

  it('when a job states pay, clearance and a closing date, then its card shows them; a job without them shows none', async () => {
    answerJobs([
      sampleJob({
        title: 'Cleared AE',
        salaryMin: 120_000,
        salaryMax: 150_000,
        salaryPeriod: 'year',
        clearance: 'top_secret',
        polygraph: 'full_scope',
        closingDate: '2030-06-30',
      }),
      sampleJob({ title: 'Hourly SE', salaryMin: 65, salaryMax: 80, salaryPeriod: 'hour' }),
      sampleJob({ title: 'Plain AE' }),
    ]);
    renderPage(<JobsPage />, '/jobs');
    const cards = await screen.findAllByRole('listitem', { name: undefined });
    const card = (title: string) =>
      within(cards.find((item) => within(item).queryByText(title)) as HTMLElement);
    expect(card('Cleared AE').getByText('$120k–$150k a year')).toBeInTheDocument();
    expect(
      card('Cleared AE').getByText('Top Secret clearance · Full Scope Polygraph'),
    ).toBeInTheDocument();
    expect(card('Cleared AE').getByText('Closes Jun 30, 2030')).toHaveAttribute(
      'datetime',
      '2030-06-30',
    );
    expect(card('Hourly SE').getByText('$65–$80 an hour')).toBeInTheDocument();
    expect(card('Plain AE').queryByText(/a year|an hour|clearance|Closes/)).toBeNull();
  });

  it('when the counts cannot be had, then the options show their plain labels', async () => {
    answerJobs([sampleJob()]);
    network.refuse('GET', '/api/jobs/facets', 'SERVICE_UNAVAILABLE', 'down');
    await openFilterPanel('/jobs', 'Showing 1 job');
    await userEvent.click(await screen.findByRole('combobox', { name: 'Function' }));
    expect(await screen.findByRole('option', { name: 'Sales' })).toBeInTheDocument();
  });

  it('when a posting age and the newest order are chosen, then they go to the URL and the request, and posted-within counts as a filter', async () => {
    answerJobs([sampleJob()]);
    await openFilterPanel('/jobs?search=cloud', 'Showing 1 job (filtered)');
    await choose('Posted', 'Past 7 days');
    await choose('Sort by', 'Newest first');
    await expectFiltersApplied(
      '/jobs?search=cloud&postedWithin=7&sort=newest',
      { postedWithin: '7', sort: 'newest' },
      2,
    );
  });

  it('when a search is down (503), then the Error Loading Jobs card shows', async () => {
    network.refuse(
      'GET',
      '/api/jobs',
      'SERVICE_UNAVAILABLE',
      'Job search is temporarily unavailable.',
    );
    renderPage(<JobsPage />, '/jobs?search=cloud');
    expect(await screen.findByRole('alert')).toHaveTextContent('Error Loading Jobs');
  });

  it('when a search matched words, then they are marked in the title and description, and markup in a title stays text', async () => {
    answerJobs([
      sampleJob({
        title: 'Capture <b>Lead</b>',
        description: 'Lead captures for agencies.',
        highlights: { title: [[0, 7]], description: [[5, 13]] },
      }),
    ]);
    const { container } = renderPage(<JobsPage />, '/jobs?search=capt');
    const heading = await screen.findByRole('heading', { name: 'Capture <b>Lead</b>' });
    expect(within(heading).getByText('Capture').tagName).toBe('MARK');
    expect(heading.querySelector('b')).toBeNull();
    const marks = [...container.querySelectorAll('mark')].map((mark) => mark.textContent);
    expect(marks).toEqual(['Capture', 'captures']);
  });

  it('when there are more jobs than one page, then Load more fetches the next page by offset', async () => {
    const first = Array.from({ length: 50 }, () => sampleJob());
    const second = [sampleJob({ title: 'Last Role' })];
    network.on('GET', '/api/jobs', (request) => {
      const offset = new URL(request.url, 'http://localhost').searchParams.get('offset');
      return {
        json: offset === '50' ? second : first,
        headers: { [JOBS_TOTAL_COUNT_HEADER]: '51' },
      };
    });
    renderPage(<JobsPage />, '/jobs');
    expect(await screen.findByText('Showing 50 of 51 jobs')).toBeInTheDocument();
    // The cards past the first come a few per task (several tasks): all fifty arrive.
    await waitFor(() => expect(screen.getAllByLabelText(/^Bookmark: /)).toHaveLength(50), {
      timeout: 10_000,
    });
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Last Role')).toBeInTheDocument();
    expect(screen.getByText('Showing 51 jobs')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('when jobs are listed, then JobPosting structured data describes them', async () => {
    answerJobs([sampleJob({ title: 'Federal AE' })]);
    const { container } = renderPage(<JobsPage />, '/jobs');
    await screen.findByText('Federal AE');
    const script = await waitFor(() => {
      const found = container.querySelector('script[type="application/ld+json"]');
      expect(found).not.toBeNull();
      return found;
    });
    const data = JSON.parse(script?.textContent ?? '{}') as { '@graph': Record<string, unknown>[] };
    expect(data['@graph'][0]).toMatchObject({
      '@type': 'JobPosting',
      title: 'Federal AE',
      hiringOrganization: { name: 'Acme Federal' },
    });
    expect(document.title).toBe('Jobs | B2G Job Board');
  });
});

describe('jobs page: job card', () => {
  it('when a job is shown, then its links, badges, employer type and remote line follow the spec', async () => {
    answerJobs([
      sampleJob({
        title: 'Media Seller',
        url: null,
        link: 'https://example.com/link',
        employerType: 'MEDIA_EVENTS',
        sector: 'STATE_LOCAL',
        jobFunction: null,
      }),
    ]);
    renderPage(<JobsPage />, '/jobs');
    const title = await screen.findByRole('link', { name: 'Media Seller' });
    expect(title).toHaveAttribute('href', 'https://example.com/link');
    expect(title).toHaveAttribute('target', '_blank');
    expect(screen.getByRole('link', { name: /Apply Now/ })).toHaveAttribute(
      'href',
      'https://example.com/link',
    );
    expect(screen.getByText('B2G ROLE')).toBeInTheDocument();
    expect(screen.getByText('State & Local')).toBeInTheDocument();
    expect(screen.getByText('MEDIA & EVENTS')).toBeInTheDocument();
    const details = screen.getByRole('link', { name: 'Details' });
    expect(details.getAttribute('href')).toMatch(/^\/jobs\/[0-9a-f-]{36}$/);
    expect(details).not.toHaveAttribute('target');
  });

  it('when a search is shown, then the head names its RSS and JSON feeds', async () => {
    answerJobs([sampleJob()]);
    renderPage(<JobsPage />, '/jobs?search=capture&sector=FEDERAL&sort=newest');
    await screen.findByText(/Showing 1 job/);
    const hrefs = [...document.head.querySelectorAll('link[rel="alternate"]')].map((link) => [
      link.getAttribute('type'),
      link.getAttribute('href'),
    ]);
    expect(hrefs).toEqual([
      ['application/rss+xml', '/api/jobs/feed.rss?search=capture&sector=FEDERAL'],
      ['application/feed+json', '/api/jobs/feed.json?search=capture&sector=FEDERAL'],
    ]);
  });

  it('when a job has neither url nor link, then its title points to #', async () => {
    answerJobs([sampleJob({ title: 'No Link', url: null, link: null, jobFunction: 'technical' })]);
    renderPage(<JobsPage />, '/jobs');
    expect(await screen.findByRole('link', { name: 'No Link' })).toHaveAttribute('href', '#');
    expect(screen.getByText('TECHNICAL')).toBeInTheDocument();
  });

  it.each([
    [{ remoteDays: 3, isRemote: true }, 'Remote Work: 3 days/week'],
    [{ remoteDays: null, isRemote: true }, 'Remote Work Available'],
    [{ remoteDays: null, isRemote: false }, 'On-site'],
  ] as const)('when the job is %o, then the remote line reads "%s"', async (remote, text) => {
    answerJobs([sampleJob(remote)]);
    renderPage(<JobsPage />, '/jobs');
    expect(await screen.findByText(text)).toBeInTheDocument();
  });

  it.each([
    [1, '1 day ago'],
    [6, '6 days ago'],
    [7, '1 week ago'],
    [13, '1 week ago'],
    [14, '2 weeks ago'],
    [29, '4 weeks ago'],
  ])('when a job was posted %i days ago, then it reads "%s"', async (days, text) => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2025-03-31T12:00:00Z'));
    answerJobs([sampleJob({ postedAt: new Date(Date.now() - days * DAY_MS).toISOString() })]);
    renderPage(<JobsPage />, '/jobs');
    expect(await screen.findByText(text)).toBeInTheDocument();
  });

  it('when the freshness checker verified a job 3 days ago, then the card says so; unverified says nothing', async () => {
    answerJobs([
      sampleJob({
        title: 'Checked',
        lastVerifiedAt: new Date(Date.now() - 3 * DAY_MS).toISOString(),
      }),
      sampleJob({ title: 'Unchecked', lastVerifiedAt: null }),
    ]);
    renderPage(<JobsPage />, '/jobs');
    expect(await screen.findByText('Verified 3 days ago')).toBeInTheDocument();
    expect(screen.getAllByText(/^Verified/)).toHaveLength(1);
  });

  it('when a job was posted 30 days ago, then the date itself shows', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2025-03-31T12:00:00Z'));
    const posted = new Date(Date.now() - 30 * DAY_MS);
    answerJobs([sampleJob({ postedAt: posted.toISOString() })]);
    renderPage(<JobsPage />, '/jobs');
    expect(await screen.findByText(posted.toLocaleDateString())).toBeInTheDocument();
  });
});

describe('jobs page: bookmarks', () => {
  it('when signed out, then bookmarking shows "Login required" and sends nothing', async () => {
    answerJobs([sampleJob({ title: 'Saved Role' })]);
    renderPage(<JobsPage />, '/jobs');
    await userEvent.click(await screen.findByRole('button', { name: 'Bookmark: Saved Role' }));
    expect(await screen.findByText('Login required')).toBeInTheDocument();
    expect(screen.getByText('Please login to bookmark jobs.')).toBeInTheDocument();
    expect(network.calls('GET', '/api/user/bookmarks')).toHaveLength(0);
    expect(network.calls('POST', '/api/user/bookmarks')).toHaveLength(0);
  });

  it('when signed in and the job is not saved, then it is bookmarked and the lists refresh', async () => {
    signIn();
    const job = sampleJob({ title: 'Saved Role' });
    answerJobs([job]);
    network.on('GET', '/api/user/bookmarks', { json: [] });
    network.on('POST', '/api/user/bookmarks', { status: 201, json: { id: 'b1' } });
    renderPage(<JobsPage />, '/jobs');
    await waitFor(() => expect(network.calls('GET', '/api/user/bookmarks')).toHaveLength(1));
    await userEvent.click(await screen.findByRole('button', { name: 'Bookmark: Saved Role' }));
    expect(await screen.findByText('Job bookmarked!')).toBeInTheDocument();
    expect(screen.getByText('You can view it in your dashboard.')).toBeInTheDocument();
    expect(network.calls('POST', '/api/user/bookmarks')[0]?.body).toEqual({ jobId: job.id });
    await waitFor(() => expect(network.calls('GET', '/api/user/bookmarks')).toHaveLength(2));
    expect(network.calls('GET', '/api/jobs').length).toBeGreaterThanOrEqual(2);
  });

  it('when signed in and the job is saved, then the toggle removes the bookmark', async () => {
    signIn();
    const job = sampleJob({ title: 'Saved Role' });
    answerJobs([job]);
    network.on('GET', '/api/user/bookmarks', {
      json: [{ id: 'b1', jobId: job.id, bookmarkedAt: job.postedAt, notes: null }],
    });
    network.on('DELETE', `/api/user/bookmarks/${job.id}`, { json: { success: true } });
    renderPage(<JobsPage />, '/jobs');
    const toggle = await screen.findByRole('button', { name: 'Remove bookmark: Saved Role' });
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(toggle);
    expect(await screen.findByText('Bookmark removed')).toBeInTheDocument();
    expect(screen.getByText('Job removed from your bookmarks.')).toBeInTheDocument();
  });

  it('when the bookmark call fails, then an Error toast shows the server message', async () => {
    signIn();
    answerJobs([sampleJob({ title: 'Saved Role' })]);
    network.on('GET', '/api/user/bookmarks', { json: [] });
    network.refuse('POST', '/api/user/bookmarks', 'CONFLICT', 'Job is already bookmarked');
    renderPage(<JobsPage />, '/jobs');
    await waitFor(() => expect(network.calls('GET', '/api/user/bookmarks')).toHaveLength(1));
    await userEvent.click(await screen.findByRole('button', { name: 'Bookmark: Saved Role' }));
    const toast = (await screen.findByText('Job is already bookmarked')).closest('li');
    expect(toast).not.toBeNull();
    expect(within(toast as HTMLElement).getByText('Error')).toBeInTheDocument();
  });

  it('when the bookmark call fails without a message, then the toast says "Failed to update bookmark."', async () => {
    signIn();
    answerJobs([sampleJob({ title: 'Saved Role' })]);
    network.on('GET', '/api/user/bookmarks', { json: [] });
    network.fail('POST', '/api/user/bookmarks');
    renderPage(<JobsPage />, '/jobs');
    await waitFor(() => expect(network.calls('GET', '/api/user/bookmarks')).toHaveLength(1));
    await userEvent.click(await screen.findByRole('button', { name: 'Bookmark: Saved Role' }));
    expect(await screen.findByText('Failed to update bookmark.')).toBeInTheDocument();
  });
});

describe('jobs page: alerts for a search', () => {
  it('when a visitor asks for alerts, then the dialog sends the search with their address and frequency, and says to check their e-mail', async () => {
    answerJobs([]);
    network.on('POST', '/api/alerts/subscribe', {
      status: 202,
      json: { message: 'Check your e-mail: open the link we sent to start your alert.' },
    });
    renderPage(<JobsPage />, '/jobs?search=capture&sector=FEDERAL');
    await userEvent.click(
      await screen.findByRole('button', { name: 'Get alerts for this search' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Get alerts for this search' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send confirmation link' }));
    expect(await within(dialog).findByText(MESSAGES.emailInvalid)).toBeInTheDocument();
    expect(network.calls('POST', '/api/alerts/subscribe')).toHaveLength(0);

    await userEvent.type(within(dialog).getByLabelText('Email'), 'ada@example.com');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send confirmation link' }));
    expect(await within(dialog).findByText(/Check your e-mail/)).toBeInTheDocument();
    expect(network.calls('POST', '/api/alerts/subscribe')[0]?.body).toEqual({
      email: 'ada@example.com',
      query: { search: 'capture', sector: 'FEDERAL' },
      frequency: 'daily',
    });
  });

  it('when a signed-in user asks for alerts, then the same dialog saves the search with its frequency and a toast names it', async () => {
    signIn();
    answerJobs([]);
    network.on('GET', '/api/user/bookmarks', { json: [] });
    network.on('POST', '/api/user/saved-searches', {
      status: 201,
      json: { id: 'x', name: '“capture”', query: { search: 'capture' }, frequency: 'daily' },
    });
    renderPage(<JobsPage />, '/jobs?search=capture');
    await userEvent.click(
      await screen.findByRole('button', { name: 'Get alerts for this search' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Get alerts for this search' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save alert' }));
    expect(await screen.findByText('Alert saved')).toBeInTheDocument();
    expect(network.calls('POST', '/api/user/saved-searches')[0]?.body).toEqual({
      query: { search: 'capture' },
      frequency: 'daily',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});

describe('jobs page: the search as feeds', () => {
  it('when a search is shown, then its RSS and JSON Feed links and an e-mail alert are offered on the page', async () => {
    answerJobs([]);
    renderPage(<JobsPage />, '/jobs?search=capture&sector=FEDERAL');
    expect(await screen.findByText(/Get this search as/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'RSS' })).toHaveAttribute(
      'href',
      '/api/jobs/feed.rss?search=capture&sector=FEDERAL',
    );
    expect(screen.getByRole('link', { name: 'JSON Feed' })).toHaveAttribute(
      'href',
      '/api/jobs/feed.json?search=capture&sector=FEDERAL',
    );
    await userEvent.click(screen.getByRole('button', { name: 'e-mail alert' }));
    expect(await screen.findByRole('dialog', { name: 'Get alerts for this search' })).toBeVisible();
  });
});

describe('jobs page: company logos', () => {
  it("when a listed job's company has a logo, then its card shows it in the company's fixed square; the others keep the icon", async () => {
    answerJobs([
      sampleJob({ title: 'With Logo', company: 'Acme Federal' }),
      sampleJob({ title: 'Without Logo', company: 'Beta Gov' }),
    ]);
    network.on('GET', '/api/companies', {
      json: [
        {
          slug: 'acme-federal',
          name: 'Acme Federal',
          website: null,
          description: null,
          logoUrl: '/api/companies/acme-federal/logo/abc.webp',
        },
      ],
    });
    renderPage(<JobsPage />, '/jobs');
    await screen.findByRole('link', { name: 'With Logo' });
    await waitFor(() => expect(document.querySelectorAll('img')).toHaveLength(1));
    const logo = document.querySelector('img');
    expect(logo).toHaveAttribute('src', '/api/companies/acme-federal/logo/abc.webp');
    expect(logo).toHaveAttribute('loading', 'lazy');
    expect(logo).toHaveAttribute('width', '20');
    const lookup = network.calls('GET', '/api/companies').at(-1);
    expect(new URL(lookup!.url, 'http://localhost').searchParams.get('slugs')).toBe(
      'acme-federal,beta-gov',
    );
  });
});
