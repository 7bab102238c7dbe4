import type { AdminJob } from '@b2g/contracts';
import { dismissToast } from '@b2g/web-platform';
import { apiError, fakeNetworkPerTest, renderPage } from '@b2g/web-platform/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { adminJob } from '../test/jobs.js';
import { serveAdminSession } from '../test/session.js';
import AdminJobsPage from './AdminJobsPage.js';

const network = fakeNetworkPerTest();
beforeEach(() => {
  network.on('GET', '/api/admin/status', { json: { isAdmin: true, hasAdminPassword: true } });
  network.on('GET', '/api/admin/jobs/featured', { json: {} });
  network.on('GET', '/api/admin/jobs?status=pending', { json: [] });
});

/** The reads of the jobs lists (not of the review list, which shares their path). */
const listCalls = () =>
  network.calls('GET', '/api/admin/jobs').filter((call) => !call.url.includes('status=pending'));
afterEach(() => {
  dismissToast();
});

const jobId = (n: number) => `7d1f3f0e-3b5c-4a7e-9d55-${String(n).padStart(12, '0')}`;
const analyst = adminJob({
  id: jobId(1),
  title: 'Federal Account Executive',
  company: 'Acme',
  location: 'Austin, TX',
});
const marketer = adminJob({
  id: jobId(2),
  title: 'Marketing Lead',
  company: 'GovWorks',
  location: 'Reston, VA',
});
const retired = adminJob({
  id: jobId(3),
  title: 'Retired Role',
  deletedAt: '2025-02-01T10:00:00.000Z',
});

/** GET /api/admin/jobs answers active jobs, and deleted ones too when include_deleted=true. */
function serveJobs(jobs: AdminJob[]) {
  network.on('GET', '/api/admin/jobs', (request) => {
    const includeDeleted = new URL(request.url, 'http://localhost').searchParams.get(
      'include_deleted',
    );
    return { json: includeDeleted === 'true' ? jobs : jobs.filter((job) => !job.deletedAt) };
  });
}

function openPage() {
  return renderPage(<AdminJobsPage />, '/admin/jobs');
}

const heading = (name: string) => screen.findByRole('heading', { name });

describe('admin jobs page: access and lists', () => {
  it('when the visitor is not admin, then it redirects to /admin/login', async () => {
    network.on('GET', '/api/admin/status', { json: { isAdmin: false, hasAdminPassword: true } });
    openPage();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/admin/login'));
    expect(network.calls('GET', '/api/admin/jobs')).toHaveLength(0);
  });

  it('when "Show deleted" is off, then the list is "Active Jobs (n)" from include_deleted=false', async () => {
    serveJobs([analyst, marketer, retired]);
    openPage();
    expect(await heading('Active Jobs (2)')).toBeInTheDocument();
    expect(listCalls()[0]?.url).toBe('/api/admin/jobs?include_deleted=false');
    expect(screen.queryByText('Retired Role')).not.toBeInTheDocument();
  });

  it('when "Show deleted" is on, then "All Jobs (n)" holds "Active Jobs (n)" and "Deleted Jobs (n)"', async () => {
    serveJobs([analyst, marketer, retired]);
    openPage();
    await heading('Active Jobs (2)');
    await userEvent.click(screen.getByRole('switch', { name: 'Show deleted' }));
    expect(await heading('All Jobs (3)')).toBeInTheDocument();
    // The heading is not bare: it says what it counts.
    expect(screen.getByRole('region', { name: 'All Jobs (3)' })).toHaveAccessibleDescription(
      '2 active and 1 deleted. Deleted jobs are hidden from the public listings until restored.',
    );
    expect(screen.getByRole('heading', { name: 'Active Jobs (2)' })).toBeInTheDocument();
    const deleted = screen.getByRole('list', { name: 'Deleted Jobs (1)' });
    expect(within(deleted).getByText('Retired Role')).toBeInTheDocument();
    expect(within(deleted).getByText('Deleted')).toBeInTheDocument();
    expect(listCalls().at(-1)?.url).toBe('/api/admin/jobs?include_deleted=true');
  });

  it('when searching, then title, company or location match in any case', async () => {
    serveJobs([analyst, marketer]);
    openPage();
    await heading('Active Jobs (2)');
    const search = screen.getByRole('searchbox', { name: 'Search jobs' });
    await userEvent.type(search, 'RESTON');
    expect(await heading('Active Jobs (1)')).toBeInTheDocument();
    expect(screen.getByText('Marketing Lead')).toBeInTheDocument();
    await userEvent.clear(search);
    await userEvent.type(search, 'acme');
    expect(await screen.findByText('Federal Account Executive')).toBeInTheDocument();
    await userEvent.type(search, 'zzz');
    expect(await screen.findByText('No jobs match your search')).toBeInTheDocument();
  });

  it('when the list is rate limited (429), then the error offers Retry, which loads the list', async () => {
    let answer = 0;
    network.on('GET', '/api/admin/jobs', () =>
      ++answer === 1 ? apiError('RATE_LIMITED', 'Too many requests.') : { json: [analyst] },
    );
    openPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load jobs');
    expect(screen.queryByText('No active jobs found')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await heading('Active Jobs (1)')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('when there are no jobs, then it says "No active jobs found"', async () => {
    serveJobs([]);
    openPage();
    expect(await screen.findByText('No active jobs found')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Active Jobs (0)' })).toBeInTheDocument();
  });

  it('when 5,000 jobs load, then only one page of 50 rows is in the DOM, with paging', async () => {
    serveJobs(Array.from({ length: 5000 }, (_, i) => adminJob({ title: `Bulk ${i + 1}` })));
    openPage();
    const list = await screen.findByRole('list', { name: 'Active Jobs (5000)' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(50);
    expect(screen.getByText(/Page 1 of 100/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText(/Page 2 of 100/)).toBeInTheDocument();
    expect(within(list).getAllByRole('listitem')).toHaveLength(50);
    expect(within(list).getByText('Bulk 51')).toBeInTheDocument();
    expect(within(list).queryByText('Bulk 1')).not.toBeInTheDocument();
  });
});

describe('admin jobs page: the job form', () => {
  it('when Add Job opens, then the defaults are Federal, Integrator, Mid level, Marketing and Direct Post', async () => {
    serveJobs([]);
    openPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Add Job' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Job' });
    expect(within(dialog).getByRole('combobox', { name: 'Sector' })).toHaveTextContent('Federal');
    expect(within(dialog).getByRole('combobox', { name: 'Employer Type' })).toHaveTextContent(
      'Integrator',
    );
    expect(within(dialog).getByRole('combobox', { name: 'Experience Level' })).toHaveTextContent(
      'Mid level',
    );
    expect(within(dialog).getByRole('combobox', { name: 'Job Function' })).toHaveTextContent(
      'Marketing',
    );
    expect(within(dialog).getByRole('combobox', { name: 'Source' })).toHaveTextContent(
      'Direct Post',
    );
    expect(within(dialog).getByRole('checkbox', { name: 'Will be rejected' })).not.toBeChecked();
    expect(within(dialog).getByLabelText('Posted At')).toHaveAttribute('type', 'datetime-local');
  });

  it('when submitted empty or with a bad URL, then the spec messages show and nothing is sent', async () => {
    serveJobs([]);
    openPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Add Job' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Job' });
    await userEvent.type(within(dialog).getByLabelText(/^Job URL/), 'not a url');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add Job' }));
    expect(await within(dialog).findByText('Title is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Company is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Location is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Must be a valid URL')).toBeInTheDocument();
    expect(network.calls('POST', '/api/admin/jobs')).toHaveLength(0);
  });

  it('when a job is added, then empty optional fields are left out, it toasts and the list reloads', async () => {
    serveJobs([]);
    network.on('POST', '/api/admin/jobs', { status: 201, json: analyst });
    openPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Add Job' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Job' });
    await userEvent.type(within(dialog).getByLabelText(/^Title/), 'Capture Manager');
    await userEvent.type(within(dialog).getByLabelText(/^Company/), 'Acme');
    await userEvent.type(within(dialog).getByLabelText(/^Location/), 'Remote');
    await userEvent.type(within(dialog).getByLabelText(/^Job URL/), 'https://acme.example/jobs/1');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Will be rejected' }));
    fireEvent.change(within(dialog).getByLabelText('Posted At'), {
      target: { value: '2025-03-04T09:30' },
    });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add Job' }));
    expect(await screen.findByText('Job created successfully')).toBeInTheDocument();
    expect(network.calls('POST', '/api/admin/jobs')[0]?.body).toEqual({
      title: 'Capture Manager',
      company: 'Acme',
      location: 'Remote',
      url: 'https://acme.example/jobs/1',
      sector: 'FEDERAL',
      employerType: 'INTEGRATOR',
      experienceLevel: 'mid',
      jobFunction: 'marketing',
      isAgencyRole: true,
      isRemote: false,
      source: 'Direct Post',
      postedAt: new Date('2025-03-04T09:30').toISOString(),
    });
    await waitFor(() => expect(listCalls()).toHaveLength(2));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('when adding fails, then a destructive "Failed to create job" toast shows the server message', async () => {
    serveJobs([]);
    network.refuse('POST', '/api/admin/jobs', 'CONFLICT', 'This job already exists');
    openPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Add Job' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Job' });
    await userEvent.type(within(dialog).getByLabelText(/^Title/), 'Capture Manager');
    await userEvent.type(within(dialog).getByLabelText(/^Company/), 'Acme');
    await userEvent.type(within(dialog).getByLabelText(/^Location/), 'Remote');
    await userEvent.type(within(dialog).getByLabelText(/^Job URL/), 'https://acme.example/jobs/1');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add Job' }));
    expect(await screen.findByText('Failed to create job')).toBeInTheDocument();
    expect(screen.getByText('This job already exists')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Add Job' })).toBeInTheDocument();
  });

  it('when a job is edited, then PUT sends the form with the untouched date and hidden fields kept', async () => {
    const linked = { ...analyst, link: 'https://example.com/post', remoteDays: 3, isRemote: true };
    serveJobs([linked]);
    network.on('PUT', `/api/admin/jobs/${analyst.id}`, { json: linked });
    openPage();
    await userEvent.click(await screen.findByRole('button', { name: `Edit ${analyst.title}` }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Job' });
    const title = within(dialog).getByLabelText(/^Title/);
    expect(title).toHaveValue(analyst.title);
    await userEvent.clear(title);
    await userEvent.type(title, 'Senior Account Executive');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Job updated successfully')).toBeInTheDocument();
    expect(network.calls('PUT', `/api/admin/jobs/${analyst.id}`)[0]?.body).toEqual({
      title: 'Senior Account Executive',
      company: 'Acme',
      location: 'Austin, TX',
      url: analyst.url,
      description: analyst.description,
      sector: 'FEDERAL',
      employerType: 'INTEGRATOR',
      experienceLevel: 'mid',
      jobFunction: 'sales',
      isAgencyRole: false,
      isRemote: true,
      remoteDays: 3,
      source: 'Direct Post',
      link: 'https://example.com/post',
      postedAt: analyst.postedAt,
    });
  });

  it('when a job with B2G terms is edited, then the dialog shows them and PUT keeps or changes them', async () => {
    const cleared = {
      ...analyst,
      clearance: 'top_secret' as const,
      polygraph: 'ci' as const,
      salaryMin: 120_000,
      salaryMax: 150_000,
      salaryPeriod: 'year' as const,
      closingDate: '2030-06-30',
      employmentType: 'full_time' as const,
      customer: 'Department of the Army',
    };
    serveJobs([cleared]);
    network.on('PUT', `/api/admin/jobs/${analyst.id}`, { json: cleared });
    openPage();
    await userEvent.click(await screen.findByRole('button', { name: `Edit ${analyst.title}` }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Job' });
    expect(within(dialog).getByRole('combobox', { name: 'Security Clearance' })).toHaveTextContent(
      'Top Secret',
    );
    expect(within(dialog).getByLabelText(/^Salary From/)).toHaveValue(120_000);
    expect(within(dialog).getByLabelText(/^Closing Date/)).toHaveValue('2030-06-30');
    const salaryTo = within(dialog).getByLabelText(/^Salary To/);
    await userEvent.clear(salaryTo);
    await userEvent.type(salaryTo, '160000');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Job updated successfully')).toBeInTheDocument();
    expect(network.calls('PUT', `/api/admin/jobs/${analyst.id}`)[0]?.body).toMatchObject({
      clearance: 'top_secret',
      polygraph: 'ci',
      salaryMin: 120_000,
      salaryMax: 160_000,
      salaryPeriod: 'year',
      closingDate: '2030-06-30',
      employmentType: 'full_time',
      customer: 'Department of the Army',
    });
  }, 60_000);

  it('when updating fails, then a destructive "Failed to update job" toast shows', async () => {
    serveJobs([analyst]);
    network.refuse('PUT', `/api/admin/jobs/${analyst.id}`, 'NOT_FOUND', 'Job not found');
    openPage();
    await userEvent.click(await screen.findByRole('button', { name: `Edit ${analyst.title}` }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Job' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Failed to update job')).toBeInTheDocument();
    expect(screen.getByText('Job not found')).toBeInTheDocument();
  });
});

describe('admin jobs page: lifecycle actions', () => {
  it('when Delete is confirmed, then it warns the job leaves public listings, DELETEs and toasts', async () => {
    serveJobs([analyst]);
    network.on('DELETE', `/api/admin/jobs/${analyst.id}`, { json: analyst });
    openPage();
    await userEvent.click(await screen.findByRole('button', { name: `Delete ${analyst.title}` }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete this job?' });
    expect(confirm).toHaveTextContent('will disappear from the public job listings');
    expect(confirm).toHaveTextContent('You can restore it later');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Job deleted successfully')).toBeInTheDocument();
    expect(network.calls('DELETE', `/api/admin/jobs/${analyst.id}`)[0]?.url).toBe(
      `/api/admin/jobs/${analyst.id}`,
    );
    await waitFor(() => expect(listCalls()).toHaveLength(2));
  });

  it('when Delete is cancelled, then nothing is sent', async () => {
    serveJobs([analyst]);
    openPage();
    await userEvent.click(await screen.findByRole('button', { name: `Delete ${analyst.title}` }));
    const confirm = await screen.findByRole('alertdialog');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(network.calls('DELETE', `/api/admin/jobs/${analyst.id}`)).toHaveLength(0);
  });

  it('when deleting fails, then a destructive "Failed to delete job" toast shows', async () => {
    serveJobs([analyst]);
    network.refuse('DELETE', `/api/admin/jobs/${analyst.id}`, 'INTERNAL', 'Something went wrong');
    openPage();
    await userEvent.click(await screen.findByRole('button', { name: `Delete ${analyst.title}` }));
    const confirm = await screen.findByRole('alertdialog');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Failed to delete job')).toBeInTheDocument();
    expect(screen.getByText('Something went wrong')).toBeInTheDocument();
  });

  it('when a deleted job is restored, then it PUTs undelete and toasts', async () => {
    serveJobs([retired]);
    network.on('PUT', `/api/admin/jobs/${retired.id}/undelete`, { json: retired });
    openPage();
    await heading('Active Jobs (0)');
    await userEvent.click(screen.getByRole('switch', { name: 'Show deleted' }));
    await userEvent.click(await screen.findByRole('button', { name: `Restore ${retired.title}` }));
    expect(await screen.findByText('Job restored successfully')).toBeInTheDocument();
    expect(network.calls('PUT', `/api/admin/jobs/${retired.id}/undelete`)).toHaveLength(1);
  });

  it('when restoring fails, then a destructive "Failed to restore job" toast shows', async () => {
    serveJobs([retired]);
    network.refuse('PUT', `/api/admin/jobs/${retired.id}/undelete`, 'NOT_FOUND', 'Job not found');
    openPage();
    await heading('Active Jobs (0)');
    await userEvent.click(screen.getByRole('switch', { name: 'Show deleted' }));
    await userEvent.click(await screen.findByRole('button', { name: `Restore ${retired.title}` }));
    expect(await screen.findByText('Failed to restore job')).toBeInTheDocument();
  });

  it('when Delete Forever is confirmed, then it warns it cannot be undone and DELETEs with force', async () => {
    serveJobs([retired]);
    network.on('DELETE', `/api/admin/jobs/${retired.id}`, { json: { success: true } });
    openPage();
    await heading('Active Jobs (0)');
    await userEvent.click(screen.getByRole('switch', { name: 'Show deleted' }));
    await userEvent.click(
      await screen.findByRole('button', { name: `Delete Forever ${retired.title}` }),
    );
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete this job forever?' });
    expect(confirm).toHaveTextContent('This cannot be undone.');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete Forever' }));
    expect(await screen.findByText('Job deleted successfully')).toBeInTheDocument();
    expect(network.calls('DELETE', `/api/admin/jobs/${retired.id}`)[0]?.url).toBe(
      `/api/admin/jobs/${retired.id}?force=true`,
    );
  });

  it('when Logout is clicked, then it POSTs, toasts "Logged out" and goes to /admin/login', async () => {
    serveAdminSession(network, {
      signedIn: true,
      path: '/api/admin/logout',
      message: 'Logged out',
    });
    serveJobs([analyst]);
    openPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/admin/login'));
    expect(screen.getByText('Logged out')).toBeInTheDocument();
  });
});

describe('admin jobs page: freshness and featured pins', () => {
  const closed = adminJob({
    id: jobId(20),
    title: 'Closed Role',
    deletedAt: '2026-11-20T08:00:00.000Z',
    closedReason: 'gone',
  });
  const verified = adminJob({
    id: jobId(21),
    title: 'Verified Role',
    lastVerifiedAt: new Date(Date.now() - 2 * 86_400_000).toISOString(),
  });

  it('when the checker closed a job, then the deleted list shows Closed with the reason and date', async () => {
    serveJobs([closed, verified]);
    openPage();
    await heading('Active Jobs (1)');
    expect(screen.getByText(/Verified 2 days ago/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('switch', { name: 'Show deleted' }));
    const deleted = await screen.findByRole('list', { name: 'Deleted Jobs (1)' });
    expect(within(deleted).getByText('Closed')).toBeInTheDocument();
    expect(
      within(deleted).getByText(
        'Closed by the freshness check on Nov 20, 2026: Gone from its source',
      ),
    ).toBeInTheDocument();
  });

  it('when Check now is clicked, then it POSTs the check and toasts the outcome', async () => {
    serveJobs([verified]);
    network.on('POST', `/api/admin/jobs/${verified.id}/check`, {
      json: { outcome: 'gone', job: { ...verified, deletedAt: new Date().toISOString() } },
    });
    openPage();
    await userEvent.click(
      await screen.findByRole('button', { name: `Check now ${verified.title}` }),
    );
    expect(await screen.findByText('Gone from its source: the job is closed.')).toBeInTheDocument();
    expect(network.calls('POST', `/api/admin/jobs/${verified.id}/check`)).toHaveLength(1);
  });

  it('when a job is pinned, then it PUTs the pin; a pinned job shows the badge and unpins', async () => {
    serveJobs([verified]);
    let pins = {};
    network.on('GET', '/api/admin/jobs/featured', () => ({ json: pins }));
    network.on('PUT', '/api/admin/jobs/featured/sales', () => {
      pins = { sales: { jobId: verified.id, pinnedAt: new Date().toISOString() } };
      return { json: pins };
    });
    network.on('DELETE', '/api/admin/jobs/featured/sales', () => {
      pins = {};
      return { json: pins };
    });
    openPage();
    await userEvent.click(
      await screen.findByRole('button', { name: `Pin as featured ${verified.title}` }),
    );
    expect(await screen.findByText('Pinned as the featured job')).toBeInTheDocument();
    expect(network.calls('PUT', '/api/admin/jobs/featured/sales')[0]?.body).toEqual({
      jobId: verified.id,
    });
    expect(await screen.findByText('Featured (pinned)')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: `Unpin ${verified.title}` }));
    expect(await screen.findByText('Featured job unpinned')).toBeInTheDocument();
    expect(network.calls('DELETE', '/api/admin/jobs/featured/sales')).toHaveLength(1);
  });
});
