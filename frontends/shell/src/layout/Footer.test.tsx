import { createQueryClient } from '@b2g/web-platform';
import { fakeNetworkPerTest } from '@b2g/web-platform/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectHrefs, fakeRemotes, renderShell } from '../test/render.js';
import { ADMIN_STATUS_QUERY_KEY } from './Footer.js';

const network = fakeNetworkPerTest();

describe('footer', () => {
  it('when an admin password is configured, then the Admin link appears', async () => {
    network.on('GET', '/api/admin/status', { json: { isAdmin: false, hasAdminPassword: true } });
    renderShell('/');
    expect(await screen.findByRole('link', { name: 'Admin' })).toHaveAttribute(
      'href',
      '/admin/login',
    );
    expect(network.calls('GET', '/api/admin/status')).toHaveLength(1);
  });

  it('when no admin password is configured or the call fails, then there is no Admin link and no retry', async () => {
    network.on('GET', '/api/admin/status', { status: 500, text: 'down' });
    const queryClient = createQueryClient();
    renderShell('/', fakeRemotes, queryClient);
    await screen.findByText('Built for the B2G community.');
    // Settled: failed, and nothing fetching or waiting to retry.
    await waitFor(() =>
      expect(queryClient.getQueryState(ADMIN_STATUS_QUERY_KEY)).toMatchObject({
        status: 'error',
        fetchStatus: 'idle',
      }),
    );
    expect(screen.queryByRole('link', { name: 'Admin' })).not.toBeInTheDocument();
    expect(network.calls('GET', '/api/admin/status')).toHaveLength(1);
  });

  it('shows the columns, the sister sites in a new tab and the copyright line', async () => {
    network.on('GET', '/api/admin/status', { json: { isAdmin: false, hasAdminPassword: false } });
    renderShell('/');
    const footer = screen.getByRole('contentinfo');
    expectHrefs(footer, 'link', {
      'Post a Job': '/post-job',
      'Contact Sales': '/contact',
      'Privacy Policy': '#',
    });
    const external = within(footer)
      .getAllByRole('link')
      .filter((a) => a.getAttribute('target') === '_blank');
    expect(external).toHaveLength(2);
    for (const link of external) expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(within(footer).getByText(/© 2024/)).toBeInTheDocument();
    expect(within(footer).getByText('Built for the B2G community.')).toBeInTheDocument();
  });
});
