import type { EmployerJob } from '@b2g/contracts';
import { fakeNetworkPerTest, sampleJob } from '@b2g/web-platform/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import DashboardPage from '../pages/DashboardPage.js';
import { stats } from '../test/fixtures.js';
import { renderPage, signIn } from '../test/render.js';

const network = fakeNetworkPerTest();

const posting: EmployerJob = {
  ...sampleJob({ title: 'Capture Manager' }),
  status: 'expired',
  closedReason: null,
  expiresOn: '2026-11-01',
};

async function openPostings() {
  signIn(network);
  network
    .on('GET', '/api/user/stats', { json: stats() })
    .on('GET', '/api/user/applications', { json: [] })
    .on('GET', '/api/user/bookmarks', { json: [] })
    .on('GET', '/api/user/activity', { json: [] });
  renderPage(<DashboardPage />, '/dashboard?tab=postings');
  return screen.findByRole('tabpanel', { name: 'My postings' });
}

describe('dashboard: My postings', () => {
  it('when the account has posted, then its postings show with their state, and Relist calls the API and reads them again', async () => {
    network
      .on('GET', '/api/employer/jobs', { json: [posting] })
      .on('POST', `/api/employer/jobs/${posting.id}/relist`, { status: 201, json: posting });
    const panel = await openPostings();
    const item = await within(panel).findByRole('listitem');
    expect(within(item).getByRole('link', { name: 'Capture Manager' })).toHaveAttribute(
      'href',
      `/jobs/${posting.id}`,
    );
    expect(item).toHaveTextContent('Expired');
    expect(network.calls('GET', '/api/employer/jobs')[0]?.headers.get('authorization')).toBe(
      'Bearer tok-1',
    );
    await userEvent.click(within(item).getByRole('button', { name: 'Relist' }));
    await waitFor(() => expect(network.calls('GET', '/api/employer/jobs')).toHaveLength(2));
    expect(network.calls('POST', `/api/employer/jobs/${posting.id}/relist`)).toHaveLength(1);
    expect(await screen.findByText('Posting relisted')).toBeInTheDocument();
  });

  it('when Edit is chosen, then the post form opens with the posting', async () => {
    network.on('GET', '/api/employer/jobs', { json: [posting] });
    const panel = await openPostings();
    await userEvent.click(await within(panel).findByRole('button', { name: 'Edit' }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/post-job$/);
  });
});
