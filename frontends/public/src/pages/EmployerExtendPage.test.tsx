import { EMPLOYER_MESSAGES } from '@b2g/contracts';
import { fakeNetworkPerTest, renderPage, sampleJob } from '@b2g/web-platform/testing';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import EmployerExtendPage from './EmployerExtendPage.js';

const network = fakeNetworkPerTest();
afterEach(() => {
  window.history.replaceState(null, '', '/');
});

function openLink(token: string) {
  window.history.replaceState(null, '', `/employer/extend#token=${token}`);
  renderPage(<EmployerExtendPage />, '/employer/extend');
}

describe('one-click extend link', () => {
  it('when the link is opened, then the token is posted from outside the address bar and the new last day shows', async () => {
    const job = { ...sampleJob(), status: 'live', closedReason: null, expiresOn: '2027-01-30' };
    network.on('POST', '/api/employer/extend-link', { json: job });
    openLink('x.token.mac');
    expect(await screen.findByText('Posting extended')).toBeInTheDocument();
    expect(screen.getByText(/stays on the board until Jan 30, 2027/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Manage your postings' })).toHaveAttribute(
      'href',
      '/employer',
    );
    expect(network.calls('POST', '/api/employer/extend-link')[0]?.body).toEqual({
      token: 'x.token.mac',
    });
    expect(window.location.hash).toBe('');
  });

  it('when the link is refused, then its message shows with the sign-in link form', async () => {
    network.refuse(
      'POST',
      '/api/employer/extend-link',
      'VALIDATION_ERROR',
      EMPLOYER_MESSAGES.extendLinkInvalid,
    );
    openLink('x.used.mac');
    expect(await screen.findByText(EMPLOYER_MESSAGES.extendLinkInvalid)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'E-mail me a sign-in link' })).toBeInTheDocument();
  });
});
