import { fakeNetworkPerTest, renderPage } from '@b2g/web-platform/testing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import AlertLinkPage from './AlertLinkPage.js';

const network = fakeNetworkPerTest();
afterEach(() => {
  window.history.replaceState(null, '', '/');
});

/** Opens a mailed link: the token is in the fragment of the address. */
function openLink(path: string, token?: string) {
  window.history.replaceState(null, '', token ? `${path}#token=${token}` : path);
  renderPage(<AlertLinkPage />, path);
}

const alert = { name: '“capture”', query: { search: 'capture' }, frequency: 'daily', active: true };

describe('alert link pages', () => {
  it('when the confirmation link is opened, then the token is posted, the alert shows as on and the token leaves the address bar', async () => {
    network.on('POST', '/api/alerts/confirm', { json: { alert } });
    openLink('/alerts/confirm', 'c.id.exp.mac');
    expect(await screen.findByText('Your alert is on')).toBeInTheDocument();
    expect(network.calls('POST', '/api/alerts/confirm')[0]?.body).toEqual({
      token: 'c.id.exp.mac',
    });
    expect(screen.getByRole('link', { name: 'See the jobs now' })).toHaveAttribute(
      'href',
      '/jobs?search=capture',
    );
    expect(window.location.hash).toBe('');
  });

  it('when a confirmation link has expired, then the server message shows', async () => {
    network.refuse('POST', '/api/alerts/confirm', 'VALIDATION_ERROR', 'This link has expired');
    openLink('/alerts/confirm', 'c.id.exp.mac');
    expect(await screen.findByText('This link has expired')).toBeInTheDocument();
  });

  it('when the unsubscribe link is opened and confirmed with a click, then the alert ends without signing in', async () => {
    network.on('POST', '/api/alerts/unsubscribe', {
      json: { message: 'You are unsubscribed: this alert will not be sent again.' },
    });
    openLink('/alerts/unsubscribe', 'm.id.exp.mac');
    await userEvent.click(await screen.findByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByText(/this alert will not be sent again/)).toBeInTheDocument();
    expect(network.calls('POST', '/api/alerts/unsubscribe')[0]?.body).toEqual({
      token: 'm.id.exp.mac',
    });
  });

  it('when the manage link is opened, then the alert shows and pausing it sends the change with the token', async () => {
    network
      .on('POST', '/api/alerts/manage', { json: { alert } })
      .on('PATCH', '/api/alerts/manage', { json: { alert: { ...alert, active: false } } });
    openLink('/alerts/manage', 'm.id.exp.mac');
    await userEvent.click(await screen.findByRole('button', { name: 'Pause alert' }));
    expect(await screen.findByRole('button', { name: 'Resume alert' })).toBeInTheDocument();
    await waitFor(() =>
      expect(network.calls('PATCH', '/api/alerts/manage')[0]?.body).toEqual({
        token: 'm.id.exp.mac',
        active: false,
      }),
    );
  });

  it('when a link has no token, then it says so and calls nothing', () => {
    openLink('/alerts/manage');
    expect(screen.getByText('Invalid alert link')).toBeInTheDocument();
    expect(network.requests).toHaveLength(0);
  });
});
