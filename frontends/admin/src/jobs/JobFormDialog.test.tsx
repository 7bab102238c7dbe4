import { MESSAGES } from '@b2g/contracts';
import { dismissToast } from '@b2g/web-platform';
import { fakeNetworkPerTest, renderPage } from '@b2g/web-platform/testing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { adminJob } from '../test/jobs.js';
import { JobFormDialog } from './JobFormDialog.js';

const network = fakeNetworkPerTest();
afterEach(() => {
  dismissToast();
});

const noop = () => undefined;

async function openDialog(job?: ReturnType<typeof adminJob>) {
  renderPage(<JobFormDialog open onOpenChange={noop} job={job} />, '/admin/jobs');
  return screen.findByRole('dialog', { name: job ? 'Edit Job' : 'Add Job' });
}

describe('admin job form: the job URL', () => {
  it('when a job is added without a URL, then Job URL is required and says "Must be a valid URL"', async () => {
    const dialog = await openDialog();
    const url = within(dialog).getByLabelText(/^Job URL/);
    expect(url).toHaveAttribute('aria-required', 'true');
    await userEvent.type(within(dialog).getByLabelText(/^Title/), 'Capture Manager');
    await userEvent.type(within(dialog).getByLabelText(/^Company/), 'Acme');
    await userEvent.type(within(dialog).getByLabelText(/^Location/), 'Remote');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add Job' }));
    expect(await within(dialog).findByText(MESSAGES.urlInvalid)).toBeInTheDocument();
    expect(MESSAGES.urlInvalid).toBe('Must be a valid URL');
    expect(url).toHaveAttribute('aria-invalid', 'true');
    expect(network.calls('POST', '/api/admin/jobs')).toHaveLength(0);
  });

  it('when a job saved without a URL is edited, then saving asks for one, and sends it once given', async () => {
    const legacy = adminJob({ url: null });
    network.on('PUT', `/api/admin/jobs/${legacy.id}`, { json: legacy });
    network.on('GET', '/api/admin/jobs', { json: [] });
    const dialog = await openDialog(legacy);
    expect(within(dialog).getByLabelText(/^Job URL/)).toHaveValue('');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await within(dialog).findByText('Must be a valid URL')).toBeInTheDocument();
    expect(network.calls('PUT', `/api/admin/jobs/${legacy.id}`)).toHaveLength(0);

    await userEvent.type(
      within(dialog).getByLabelText(/^Job URL/),
      'https://careers.acme.example/jobs/7',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Job updated successfully')).toBeInTheDocument();
    expect(network.calls('PUT', `/api/admin/jobs/${legacy.id}`)[0]?.body).toMatchObject({
      url: 'https://careers.acme.example/jobs/7',
    });
  });
});
