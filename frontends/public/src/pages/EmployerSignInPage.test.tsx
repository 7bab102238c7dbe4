import { EMPLOYER_MESSAGES } from '@b2g/contracts';
import { fakeNetworkPerTest, renderPage } from '@b2g/web-platform/testing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import EmployerSignInPage from './EmployerSignInPage.js';

const network = fakeNetworkPerTest();
afterEach(() => {
  window.history.replaceState(null, '', '/');
  window.localStorage.clear();
});

/** Opens an e-mailed sign-in link: the token is in the fragment of the address. */
function openLink(token?: string) {
  window.history.replaceState(
    null,
    '',
    token ? `/employer/sign-in#token=${token}` : '/employer/sign-in',
  );
  renderPage(<EmployerSignInPage />, '/employer/sign-in');
}

const session = { email: 'hr@acme.example', expiresAt: '2026-12-27T00:00:00.000Z' };

describe('employer sign-in link', () => {
  it('when the link is opened, then the token leaves the address bar before it is posted once, and the employer goes to their postings', async () => {
    let hashWhenSent: string | undefined;
    network.on('POST', '/api/employer/sign-in', () => {
      hashWhenSent = window.location.hash;
      return { json: session };
    });
    openLink('s.token.mac');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/employer'));
    expect(network.calls('POST', '/api/employer/sign-in').map((call) => call.body)).toEqual([
      { token: 's.token.mac' },
    ]);
    expect(hashWhenSent).toBe('');
    expect(window.location.hash).toBe('');
    expect(window.localStorage.getItem('employerSessionUntil')).toBe(session.expiresAt);
  });

  it('when the link is used or expired, then the server message shows and a new link can be asked for', async () => {
    network
      .refuse('POST', '/api/employer/sign-in', 'UNAUTHORIZED', EMPLOYER_MESSAGES.tokenInvalid)
      .on('POST', '/api/employer/sign-in-link', {
        status: 202,
        json: { message: EMPLOYER_MESSAGES.linkSent },
      });
    openLink('s.used.mac');
    expect(await screen.findByText(EMPLOYER_MESSAGES.tokenInvalid)).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/^Work e-mail/), 'hr@acme.example');
    await userEvent.click(screen.getByRole('button', { name: 'E-mail me a sign-in link' }));
    expect(await screen.findByText(EMPLOYER_MESSAGES.linkSent)).toBeInTheDocument();
    expect(network.calls('POST', '/api/employer/sign-in-link')[0]?.body).toEqual({
      email: 'hr@acme.example',
    });
  });

  it('when the link has no token, then it says so and sends nothing', () => {
    openLink();
    expect(screen.getByText(EMPLOYER_MESSAGES.tokenInvalid)).toBeInTheDocument();
    expect(network.requests).toHaveLength(0);
  });
});
