import { POST_HONEYPOT_FIELD, REVIEW_MESSAGES, type EmployerJob } from '@b2g/contracts';
import type { PostJobRouteState } from '@b2g/ui';
import { useLocation, useNavigate } from '@b2g/web-platform';
import { fakeNetworkPerTest, renderPage, sampleJob } from '@b2g/web-platform/testing';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect } from 'react';
import { describe, expect, it } from 'vitest';
import PostJobPage from './PostJobPage.js';

const network = fakeNetworkPerTest();

async function chooseOption(field: string, option: string) {
  await userEvent.click(screen.getByRole('combobox', { name: new RegExp(`^${field}`) }));
  await userEvent.click(await screen.findByRole('option', { name: option }));
}

async function fillValidForm() {
  await userEvent.type(screen.getByLabelText(/^Job Title/), 'Federal Account Executive');
  await userEvent.type(screen.getByLabelText(/^Company/), 'Acme Federal');
  await userEvent.type(screen.getByLabelText(/^Location/), 'Arlington, VA');
  await userEvent.type(screen.getByLabelText(/^Description/), 'Sell to agencies.');
  await userEvent.type(screen.getByLabelText(/^Application URL/), 'https://acme.example/jobs/1');
  await chooseOption('Sector', 'Federal');
  await chooseOption('Remote Days per Week', '2 days/week');
  await userEvent.click(
    screen.getByRole('checkbox', { name: 'I confirm this is a B2G opportunity' }),
  );
}

describe('post a job: form', () => {
  it('when submitted empty, then every required message shows and nothing is sent', async () => {
    renderPage(<PostJobPage />, '/post-job');
    await userEvent.click(screen.getByRole('button', { name: 'Post Job' }));
    for (const message of [
      'Title is required',
      'Company is required',
      'Location is required',
      'Description is required',
      'Application URL is required',
      'Sector is required',
      'You must agree to the terms',
    ]) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    expect(network.requests).toHaveLength(0);
  });

  it('when the application URL is not a URL, then it says "Must be a valid URL"', async () => {
    renderPage(<PostJobPage />, '/post-job');
    await userEvent.type(screen.getByLabelText(/^Application URL/), 'not a url');
    await userEvent.click(screen.getByRole('button', { name: 'Post Job' }));
    expect(await screen.findByText('Must be a valid URL')).toBeInTheDocument();
  });

  it('when a valid job is posted, then the body leaves out terms, the success screen shows and it goes to /jobs after 3 s', async () => {
    network.on('POST', '/api/jobs', { status: 201, json: { id: 'x' } });
    renderPage(<PostJobPage />, '/post-job');
    await fillValidForm();
    await userEvent.click(screen.getByRole('button', { name: 'Post Job' }));
    expect(await screen.findByRole('heading', { name: 'Job posted successfully!' })).toBeVisible();
    expect(network.calls('POST', '/api/jobs')[0]?.body).toEqual({
      title: 'Federal Account Executive',
      company: 'Acme Federal',
      location: 'Arlington, VA',
      description: 'Sell to agencies.',
      url: 'https://acme.example/jobs/1',
      sector: 'FEDERAL',
      remoteDays: 2,
      isAgencyRole: false,
      source: 'Direct Post',
    });
    expect(screen.getByRole('link', { name: 'View All Jobs' })).toHaveAttribute('href', '/jobs');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/jobs$/), {
      timeout: 6000,
    });
  });

  it('when Post Another Job is chosen, then a blank form comes back and no redirect happens', async () => {
    network.on('POST', '/api/jobs', { status: 201, json: { id: 'x' } });
    renderPage(<PostJobPage />, '/post-job');
    await fillValidForm();
    await userEvent.click(screen.getByRole('button', { name: 'Post Job' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Post Another Job' }));
    expect(screen.getByLabelText(/^Job Title/)).toHaveValue('');
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/post-job$/);
  });

  it('when the server refuses the post, then "Error posting job" shows its message', async () => {
    network.refuse('POST', '/api/jobs', 'VALIDATION_ERROR', 'Invalid request');
    renderPage(<PostJobPage />, '/post-job');
    await fillValidForm();
    await userEvent.click(screen.getByRole('button', { name: 'Post Job' }));
    expect(await screen.findByText('Error posting job')).toBeInTheDocument();
    expect(screen.getByText('Invalid request')).toBeInTheDocument();
  });

  it('when the post repeats an active job (409), then the message links to that job', async () => {
    const existingJobId = '1b9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bed';
    network.on('POST', '/api/jobs', {
      status: 409,
      json: {
        error: {
          code: 'CONFLICT',
          message: 'This job has already been posted.',
          details: { existingJobId },
        },
      },
    });
    renderPage(<PostJobPage />, '/post-job');
    await fillValidForm();
    await userEvent.click(screen.getByRole('button', { name: 'Post Job' }));
    const link = await screen.findByRole('link', { name: 'View the existing job' });
    expect(link).toHaveAttribute('href', `/jobs/${existingJobId}`);
    expect(screen.getAllByText('This job has already been posted.').length).toBeGreaterThan(0);
  });

  it('when the post fails without a message, then it says "Please try again later."', async () => {
    network.fail('POST', '/api/jobs');
    renderPage(<PostJobPage />, '/post-job');
    await fillValidForm();
    await userEvent.click(screen.getByRole('button', { name: 'Post Job' }));
    expect(await screen.findByText('Please try again later.')).toBeInTheDocument();
  });
});

describe('post a job: review of risky posts', () => {
  it('when the post waits for review, then the success screen and the toast say it will appear once reviewed and e-mailed, with no link to the job', async () => {
    network.on('POST', '/api/jobs', { status: 201, json: { id: 'held', status: 'pending' } });
    renderPage(<PostJobPage />, '/post-job');
    await fillValidForm();
    await userEvent.type(screen.getByLabelText(/^Your work e-mail/), 'hr@acme.example');
    await userEvent.click(screen.getByRole('button', { name: 'Post Job' }));
    expect(await screen.findByRole('heading', { name: 'Job posted successfully!' })).toBeVisible();
    expect(screen.getByText(/Taking you to the job list/)).toHaveTextContent(
      REVIEW_MESSAGES.pendingNotice,
    );
    // The toast carries it alone, past the 3 s redirect; Radix may announce a copy of its text.
    expect((await screen.findAllByText(REVIEW_MESSAGES.pendingNotice)).length).toBeGreaterThan(0);
    expect(screen.queryByText(/Your listing is live/)).toBeNull();
    expect(screen.queryByRole('link', { name: 'View your job' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Manage this posting' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/jobs$/), {
      timeout: 6000,
    });
  });

  it('when a post without an e-mail waits for review, then it says so without promising an e-mail', async () => {
    network.on('POST', '/api/jobs', { status: 201, json: { id: 'held', status: 'pending' } });
    renderPage(<PostJobPage />, '/post-job');
    await fillValidForm();
    await userEvent.click(screen.getByRole('button', { name: 'Post Job' }));
    expect(await screen.findByText(/Taking you to the job list/)).toHaveTextContent(
      REVIEW_MESSAGES.pendingNoticeNoEmail,
    );
    expect(screen.queryByText(REVIEW_MESSAGES.pendingNotice)).toBeNull();
  });

  it('when the post is live, then the screen says so and links to the job', async () => {
    network.on('POST', '/api/jobs', { status: 201, json: { id: 'on-board', status: 'live' } });
    renderPage(<PostJobPage />, '/post-job');
    await fillValidForm();
    await userEvent.click(screen.getByRole('button', { name: 'Post Job' }));
    expect(await screen.findByText(/Taking you to the job list/)).toHaveTextContent(
      'Your listing is live.',
    );
    expect(screen.getByRole('link', { name: 'View your job' })).toHaveAttribute(
      'href',
      '/jobs/on-board',
    );
  });

  it('when the hidden honeypot is filled, then the post carries it; left empty, it is not sent', async () => {
    network.on('POST', '/api/jobs', { status: 201, json: { id: 'x', status: 'live' } });
    const { container } = renderPage(<PostJobPage />, '/post-job');
    const honeypot = container.querySelector<HTMLInputElement>(
      `input[name="${POST_HONEYPOT_FIELD}"]`,
    );
    if (!honeypot) throw new Error('no honeypot field');
    expect(honeypot).toHaveAttribute('tabindex', '-1');
    expect(honeypot).toHaveAttribute('autocomplete', 'off');
    expect(honeypot.closest('[aria-hidden="true"]')).not.toBeNull();
    // Hidden from assistive tech: no labelled field of that name is exposed.
    expect(screen.queryByRole('textbox', { name: /fax/i })).toBeNull();
    await fillValidForm();
    await userEvent.click(screen.getByRole('button', { name: 'Post Job' }));
    await screen.findByRole('heading', { name: 'Job posted successfully!' });
    expect(network.calls('POST', '/api/jobs')[0]?.body).not.toHaveProperty(POST_HONEYPOT_FIELD);

    await userEvent.click(screen.getByRole('button', { name: 'Post Another Job' }));
    const refilled = container.querySelector<HTMLInputElement>(
      `input[name="${POST_HONEYPOT_FIELD}"]`,
    );
    if (!refilled) throw new Error('no honeypot field');
    fireEvent.change(refilled, { target: { value: '555-0100' } });
    await fillValidForm();
    await userEvent.click(screen.getByRole('button', { name: 'Post Job' }));
    await screen.findByRole('heading', { name: 'Job posted successfully!' });
    expect(network.calls('POST', '/api/jobs')[1]?.body).toMatchObject({
      [POST_HONEYPOT_FIELD]: '555-0100',
    });
  }, 60_000);

  it('when the poster is banned (403), then "Error posting job" shows the server message', async () => {
    network.refuse('POST', '/api/jobs', 'FORBIDDEN', REVIEW_MESSAGES.banned);
    renderPage(<PostJobPage />, '/post-job');
    await fillValidForm();
    await userEvent.click(screen.getByRole('button', { name: 'Post Job' }));
    expect(await screen.findByText('Error posting job')).toBeInTheDocument();
    expect(screen.getByText(REVIEW_MESSAGES.banned)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Job posted successfully!' })).toBeNull();
  });
});

describe('post a job: B2G terms', () => {
  it('when clearance, pay, closing date, type and customer are given, then the post carries them', async () => {
    network.on('POST', '/api/jobs', { status: 201, json: { id: 'x' } });
    renderPage(<PostJobPage />, '/post-job');
    await fillValidForm();
    await chooseOption('Security Clearance', 'Secret');
    await chooseOption('Polygraph', 'CI Polygraph');
    await userEvent.type(screen.getByLabelText(/^Salary From/), '65');
    await userEvent.type(screen.getByLabelText(/^Salary To/), '80.5');
    await chooseOption('Salary Period', 'Per hour');
    await chooseOption('Employment Type', 'Contract');
    fireEvent.change(screen.getByLabelText(/^Closing Date/), { target: { value: '2030-06-30' } });
    await userEvent.type(screen.getByLabelText(/^Customer/), 'Department of the Navy');
    await userEvent.click(screen.getByRole('button', { name: 'Post Job' }));
    await screen.findByRole('heading', { name: 'Job posted successfully!' });
    expect(network.calls('POST', '/api/jobs')[0]?.body).toMatchObject({
      clearance: 'secret',
      polygraph: 'ci',
      salaryMin: 65,
      salaryMax: 80.5,
      salaryPeriod: 'hour',
      employmentType: 'contract',
      closingDate: '2030-06-30',
      customer: 'Department of the Navy',
    });
  }, 60_000);

  it('when the minimum salary is above the maximum, then it says so and nothing is sent', async () => {
    renderPage(<PostJobPage />, '/post-job');
    await fillValidForm();
    await userEvent.type(screen.getByLabelText(/^Salary From/), '150000');
    await userEvent.type(screen.getByLabelText(/^Salary To/), '120000');
    await userEvent.click(screen.getByRole('button', { name: 'Post Job' }));
    expect(
      await screen.findByText('Minimum salary must not be more than maximum salary'),
    ).toBeInTheDocument();
    expect(network.calls('POST', '/api/jobs')).toHaveLength(0);
  });
});

describe('post a job: auto fill from URL', () => {
  it('when no URL is given, then "URL Required" shows and nothing is sent', async () => {
    renderPage(<PostJobPage />, '/post-job');
    await userEvent.click(screen.getByRole('button', { name: 'Auto Fill' }));
    expect(await screen.findByText('URL Required')).toBeInTheDocument();
    expect(
      screen.getByText('Please enter a job posting URL to auto-fill the form.'),
    ).toBeInTheDocument();
    expect(network.requests).toHaveLength(0);
  });

  it('when the posting is read, then the form is filled and "Form Auto-Filled!" shows', async () => {
    network.on('POST', '/api/jobs/extract-from-url', {
      json: {
        title: 'SLED Marketing Lead',
        company: 'GovCo',
        location: 'Austin, TX',
        description: 'Lead marketing.',
        sector: 'STATE_LOCAL',
        jobFunction: 'marketing',
        remoteDays: 5,
      },
    });
    renderPage(<PostJobPage />, '/post-job');
    await userEvent.type(screen.getByLabelText('Job Posting URL'), 'https://govco.example/1');
    await userEvent.click(screen.getByRole('button', { name: 'Auto Fill' }));
    expect(await screen.findByText('Form Auto-Filled!')).toBeInTheDocument();
    // Radix also announces a new toast through a copy of its text for a moment: one or two.
    expect(screen.getAllByText(/review the details/i).length).toBeGreaterThan(0);
    expect(network.calls('POST', '/api/jobs/extract-from-url')[0]?.body).toEqual({
      url: 'https://govco.example/1',
    });
    expect(screen.getByLabelText(/^Job Title/)).toHaveValue('SLED Marketing Lead');
    expect(screen.getByLabelText(/^Company/)).toHaveValue('GovCo');
    expect(screen.getByLabelText(/^Application URL/)).toHaveValue('https://govco.example/1');
    expect(screen.getByRole('combobox', { name: /^Sector/ })).toHaveTextContent('State & Local');
    expect(screen.getByRole('combobox', { name: /^Remote Days/ })).toHaveTextContent(
      '5 days/week (fully remote)',
    );
  });

  it('when the server cannot read the posting, then "Auto-Fill Failed" shows its message', async () => {
    network.refuse(
      'POST',
      '/api/jobs/extract-from-url',
      'UNPROCESSABLE',
      'That site blocks robots',
    );
    renderPage(<PostJobPage />, '/post-job');
    await userEvent.type(screen.getByLabelText('Job Posting URL'), 'https://blocked.example/1');
    await userEvent.click(screen.getByRole('button', { name: 'Auto Fill' }));
    expect(await screen.findByText('Auto-Fill Failed')).toBeInTheDocument();
    expect(screen.getByText('That site blocks robots')).toBeInTheDocument();
  });

  it('when auto fill fails without a message, then it asks to fill in manually', async () => {
    network.fail('POST', '/api/jobs/extract-from-url');
    renderPage(<PostJobPage />, '/post-job');
    await userEvent.type(screen.getByLabelText('Job Posting URL'), 'https://down.example/1');
    await userEvent.click(screen.getByRole('button', { name: 'Auto Fill' }));
    expect(
      await screen.findByText('Could not extract job data from URL. Please fill manually.'),
    ).toBeInTheDocument();
  });
});

/** The post form opened from a postings list, with a posting in the router's state. */
function OpenedWith({ state }: { state: PostJobRouteState }) {
  const navigate = useNavigate();
  const location = useLocation();
  const opened = location.state !== null;
  useEffect(() => {
    if (!opened) void navigate('/post-job', { state, replace: true });
  }, [opened, navigate, state]);
  return opened ? <PostJobPage /> : null;
}

const posting: EmployerJob = {
  ...sampleJob({ title: 'Capture Manager', url: 'https://acme.example/jobs/7', sector: 'FEDERAL' }),
  closingDate: '2026-12-31',
  status: 'live',
  closedReason: null,
  expiresOn: '2026-12-31',
};

describe('post a job: the poster and their postings', () => {
  it('when a work e-mail is given, then the post carries it and the success screen links to the job and to managing it', async () => {
    network.on('POST', '/api/jobs', { status: 201, json: { id: 'new-job' } });
    renderPage(<PostJobPage />, '/post-job');
    expect(
      screen.getByText(/link to manage this posting and see its statistics/),
    ).toBeInTheDocument();
    await fillValidForm();
    await userEvent.type(screen.getByLabelText(/^Your work e-mail/), 'not-an-address');
    await userEvent.click(screen.getByRole('button', { name: 'Post Job' }));
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText(/^Your work e-mail/));
    await userEvent.type(screen.getByLabelText(/^Your work e-mail/), 'hr@acme.example');
    await userEvent.click(screen.getByRole('button', { name: 'Post Job' }));
    expect(await screen.findByRole('link', { name: 'View your job' })).toHaveAttribute(
      'href',
      '/jobs/new-job',
    );
    expect(screen.getByRole('link', { name: 'Manage this posting' })).toHaveAttribute(
      'href',
      '/employer',
    );
    expect(network.calls('POST', '/api/jobs')[0]?.body).toMatchObject({
      posterEmail: 'hr@acme.example',
    });
  });

  it('when a posting is edited, then the same rules apply, the change is sent without the poster and the page goes back', async () => {
    network.on('PATCH', `/api/employer/jobs/${posting.id}`, { json: posting });
    renderPage(
      <OpenedWith state={{ edit: { job: posting, returnTo: '/employer' } }} />,
      '/post-job',
    );
    expect(await screen.findByRole('heading', { name: 'Edit Posting' })).toBeInTheDocument();
    expect(screen.queryByLabelText(/^Your work e-mail/)).toBeNull();
    expect(screen.queryByText('Auto Fill from URL')).toBeNull();
    const title = screen.getByLabelText(/^Job Title/);
    await userEvent.clear(title);
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Title is required')).toBeInTheDocument();
    await userEvent.type(title, 'Senior Capture Manager');
    await userEvent.click(
      screen.getByRole('checkbox', { name: 'I confirm this is a B2G opportunity' }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/employer$/));
    const body = network.calls('PATCH', `/api/employer/jobs/${posting.id}`)[0]?.body;
    expect(body).toMatchObject({
      title: 'Senior Capture Manager',
      url: 'https://acme.example/jobs/7',
      closingDate: '2026-12-31',
    });
    expect(body).not.toHaveProperty('posterEmail');
    expect(body).not.toHaveProperty('terms');
  });

  it('when an edit is held for review, then the toast says the live posting stays until it is approved', async () => {
    network.on('PATCH', `/api/employer/jobs/${posting.id}`, {
      json: { ...posting, editPending: true },
    });
    renderPage(
      <OpenedWith state={{ edit: { job: posting, returnTo: '/employer' } }} />,
      '/post-job',
    );
    await screen.findByRole('heading', { name: 'Edit Posting' });
    await userEvent.click(
      screen.getByRole('checkbox', { name: 'I confirm this is a B2G opportunity' }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(
      (await screen.findAllByText(/once it has been reviewed.*stays as it was until then/)).length,
    ).toBeGreaterThan(0);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/employer$/));
  });

  it("when a posting is duplicated, then the form starts filled with it (no closing date) and the poster's address", async () => {
    renderPage(
      <OpenedWith state={{ duplicate: { job: posting, posterEmail: 'hr@acme.example' } }} />,
      '/post-job',
    );
    expect(await screen.findByLabelText(/^Job Title/)).toHaveValue('Capture Manager');
    expect(screen.getByLabelText(/^Your work e-mail/)).toHaveValue('hr@acme.example');
    expect(screen.getByLabelText(/^Closing Date/)).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Post Job' })).toBeInTheDocument();
  });
});
