import type { CompanyPageResponse, Job, JobPageResponse } from '@b2g/contracts';
import { fakeNetworkPerTest, renderPage, sampleJob, signIn } from '@b2g/web-platform/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import JobPage from './JobPage.js';

const ID = '00000000-0000-4000-8000-000000000001';
const OTHER = '00000000-0000-4000-8000-000000000002';

const network = fakeNetworkPerTest();

const job: Job = sampleJob({
  id: ID,
  title: 'Capture Manager',
  description:
    'Lead captures.\n\nYou will:\n- Shape <b>pursuits</b>\n- Write plans\n\n1. Apply\n2. Interview',
  url: 'https://acme.example/jobs/1',
  employerType: 'MEDIA_EVENTS',
  remoteDays: 2,
  experienceLevel: 'senior',
  postedAt: new Date().toISOString(),
  createdAt: new Date().toISOString(),
  clearance: 'ts_sci',
  polygraph: 'full_scope',
  salaryMin: 120_000,
  salaryMax: 150_000,
  salaryPeriod: 'year',
  closingDate: '2099-01-31',
  employmentType: 'contract',
  customer: 'Department of Energy',
});
const similar = [
  {
    id: OTHER,
    title: 'Capture Lead',
    company: 'Beta',
    location: 'Reston, VA',
    postedAt: job.postedAt,
  },
];

const activePage: JobPageResponse = {
  status: 'active',
  job,
  head: { title: 't', description: 'd', canonicalUrl: 'u', jsonLd: {} },
  similar,
};

function companyPage(logoUrl: string | null): CompanyPageResponse {
  return {
    company: {
      slug: 'acme-federal',
      name: 'Acme Federal',
      website: null,
      description: null,
      logoUrl,
    },
    jobs: [],
    head: { title: 't', description: 'd', canonicalUrl: 'u', jsonLd: {} },
  };
}

function answer(body: JobPageResponse | undefined, status = 200, logoUrl: string | null = null) {
  network.on('GET', '/api/companies/acme-federal', { json: companyPage(logoUrl) });
  network.on('GET', `/api/jobs/${ID}/page`, {
    status,
    json: body ?? { error: { code: 'NOT_FOUND', message: 'Job not found' } },
  });
  renderPage(<JobPage />, `/jobs/${ID}`, { pattern: '/jobs/:id' });
}

describe('job page', () => {
  it('when the job is active, then its whole description, every field, Apply Now, bookmark, share and similar jobs show', async () => {
    answer(activePage);
    expect(await screen.findByRole('heading', { level: 1, name: 'Capture Manager' })).toBeVisible();
    // Lists from plain text; markup stays text.
    const bullets = screen
      .getAllByRole('list')
      .find((list) => list.tagName === 'UL' && list.textContent?.includes('Write plans'));
    expect(bullets).toBeDefined();
    expect(
      within(bullets as HTMLElement)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Shape <b>pursuits</b>', 'Write plans']);
    expect(document.querySelector('b')).toBeNull();
    expect(screen.getByText('Apply').closest('ol')).not.toBeNull();
    expect(screen.getByText('MEDIA & EVENTS')).toBeVisible();
    expect(screen.getByText('Senior Level')).toBeVisible();
    expect(screen.getByText('$120k–$150k a year')).toBeVisible();
    expect(screen.getByText('TS/SCI')).toBeVisible();
    expect(screen.getByText('Full Scope Polygraph')).toBeVisible();
    expect(screen.getByText('Contract')).toBeVisible();
    expect(screen.getByText('Department of Energy')).toBeVisible();
    expect(screen.getByText('Closes Jan 31, 2099')).toBeVisible();
    expect(screen.getByText('Remote Work: 2 days/week')).toBeVisible();
    expect(screen.getByRole('link', { name: /Apply Now/ })).toHaveAttribute('href', job.url);
    expect(screen.getByRole('button', { name: 'Bookmark' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Share' })).toBeEnabled();
    expect(screen.getByRole('link', { name: 'Capture Lead' })).toHaveAttribute(
      'href',
      `/jobs/${OTHER}`,
    );
    expect(document.title).toBe('Capture Manager – Acme Federal | B2G Job Board');
  });

  it("when the job is active, then its company's name leads to the company's page", async () => {
    answer(activePage);
    await screen.findByRole('heading', { level: 1, name: 'Capture Manager' });
    expect(screen.getByRole('link', { name: 'Acme Federal' })).toHaveAttribute(
      'href',
      '/companies/acme-federal',
    );
  });

  it('when signed out, then Track application leads to the dashboard with this job (sign-in first)', async () => {
    answer(activePage);
    const track = await screen.findByRole('link', { name: 'Track application' });
    expect(track).toHaveAttribute('href', `/dashboard?track=${ID}`);
    expect(network.calls('GET', '/api/user/applications')).toHaveLength(0);
  });

  it('when signed in and this job is tracked, then the page says Application tracked and links to the list', async () => {
    signIn(network);
    network.on('GET', '/api/user/bookmarks', { json: [] });
    network.on('GET', '/api/user/applications', { json: [{ id: 'app-1', jobId: ID }] });
    answer(activePage);
    const tracked = await screen.findByRole('link', { name: 'Application tracked' });
    expect(tracked).toHaveAttribute('href', '/dashboard?tab=applications');
    expect(screen.queryByRole('link', { name: 'Track application' })).toBeNull();
  });

  it('when signed in and this job is not tracked, then Track application is offered', async () => {
    signIn(network);
    network.on('GET', '/api/user/bookmarks', { json: [] });
    network.on('GET', '/api/user/applications', { json: [{ id: 'app-1', jobId: OTHER }] });
    answer(activePage);
    await waitFor(() => expect(network.calls('GET', '/api/user/applications')).toHaveLength(1));
    expect(screen.getByRole('link', { name: 'Track application' })).toHaveAttribute(
      'href',
      `/dashboard?track=${ID}`,
    );
  });

  it('when the job is gone, then the page says it is no longer available and offers similar jobs', async () => {
    answer({ status: 'gone', similar });
    expect(
      await screen.findByRole('heading', { name: 'This job is no longer available' }),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Capture Lead' })).toBeVisible();
  });

  it('when the job does not exist, then the page says so', async () => {
    answer(undefined, 404);
    expect(await screen.findByRole('heading', { name: 'Job not found' })).toBeVisible();
  });

  it('when the address is crafted to climb out of /jobs, then the read stays a job read and the page says not found', async () => {
    network.refuse(
      'GET',
      '/api/jobs/..%2Fadmin%2Fjobs/page',
      'VALIDATION_ERROR',
      'Invalid request',
    );
    renderPage(<JobPage />, '/jobs/..%2Fadmin%2Fjobs', { pattern: '/jobs/:id' });

    expect(await screen.findByRole('heading', { name: 'Job not found' })).toBeVisible();
    expect(network.requests.map(({ url }) => url)).toEqual(['/api/jobs/..%2Fadmin%2Fjobs/page']);
  });

  it('when the read fails, then an error with Retry shows', async () => {
    answer(undefined, 503);
    expect(await screen.findByRole('heading', { name: 'Error Loading Job' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeVisible();
  });

  it('when the job is active, then title, company and location lead, the key facts and actions come before the description, and the other facts after it', async () => {
    answer(activePage);
    const title = await screen.findByRole('heading', { level: 1, name: 'Capture Manager' });
    const summary = screen.getByLabelText('Key facts');
    const inSummary = (text: string) => within(summary).getByText(text);
    expect(inSummary('TS/SCI')).toBeVisible();
    expect(inSummary('Full Scope Polygraph')).toBeVisible();
    expect(inSummary('$120k–$150k a year')).toBeVisible();
    expect(inSummary('Remote Work: 2 days/week')).toBeVisible();
    expect(inSummary('Closes Jan 31, 2099')).toBeVisible();
    const apply = screen.getByRole('link', { name: /Apply Now/ });
    const description = screen.getByRole('heading', { level: 2, name: 'About the job' });
    const details = screen.getByRole('heading', { level: 2, name: 'Job details' });
    const order = [title, summary, apply, description, details, screen.getByText('Contract')];
    for (const [earlier, later] of order.slice(0, -1).map((node, at) => [node, order[at + 1]])) {
      expect(
        (earlier as Node).compareDocumentPosition(later as Node) & Node.DOCUMENT_POSITION_FOLLOWING,
      ).toBeTruthy();
    }
    expect(within(summary).queryByText('Contract')).toBeNull();
  });

  it("when the job's source is an ATS, then its proper name shows", async () => {
    answer({ ...activePage, job: { ...job, source: 'smartrecruiters' } });
    await screen.findByRole('heading', { level: 1, name: 'Capture Manager' });
    expect(screen.getByText('SmartRecruiters')).toBeVisible();
    expect(screen.queryByText('smartrecruiters')).toBeNull();
  });

  it('when the description names its sections, then each is a heading above its text', async () => {
    const description =
      'We sell to agencies.\n\nResponsibilities\n- Lead captures\n\nQualifications:\n- 5 years in federal sales\n\nYou will:\n- Travel';
    answer({ ...activePage, job: { ...job, description } });
    await screen.findByRole('heading', { level: 1, name: 'Capture Manager' });
    expect(
      screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent),
    ).toEqual(['Responsibilities', 'Qualifications']);
    expect(screen.getByText('You will:').tagName).toBe('P');
  });

  it('when the company has a logo, then it shows beside the company name', async () => {
    answer(activePage, 200, '/api/companies/acme-federal/logo/abc.webp');
    await screen.findByRole('heading', { level: 1, name: 'Capture Manager' });
    await waitFor(() =>
      expect(document.querySelector('img')).toHaveAttribute(
        'src',
        '/api/companies/acme-federal/logo/abc.webp',
      ),
    );
  });

  it('when the company has no logo, then no image shows', async () => {
    answer(activePage);
    await screen.findByRole('heading', { level: 1, name: 'Capture Manager' });
    await waitFor(() =>
      expect(network.calls('GET', '/api/companies/acme-federal')).toHaveLength(1),
    );
    expect(document.querySelector('img')).toBeNull();
  });
});
