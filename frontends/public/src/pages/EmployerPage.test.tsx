import { EMPLOYER_MESSAGES } from '@b2g/contracts';
import { fakeNetworkPerTest, renderPage, sampleJob } from '@b2g/web-platform/testing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import EmployerPage from './EmployerPage.js';

const network = fakeNetworkPerTest();
afterEach(() => window.localStorage.clear());

/** This browser signed in with a link before (the page's note of its session). */
const signedInBefore = () =>
  window.localStorage.setItem('employerSessionUntil', '2999-01-01T00:00:00.000Z');

const session = { email: 'hr@acme.example', expiresAt: '2026-12-27T00:00:00.000Z' };
const posting = {
  ...sampleJob({ title: 'Capture Manager' }),
  status: 'live',
  closedReason: null,
  expiresOn: '2026-12-31',
};

describe('employer postings page', () => {
  it('when nobody is signed in, then it asks for a sign-in link (without a session call that can only fail) and sends one', async () => {
    network.on('POST', '/api/employer/sign-in-link', {
      status: 202,
      json: { message: EMPLOYER_MESSAGES.linkSent },
    });
    renderPage(<EmployerPage />, '/employer');
    expect(await screen.findByText(EMPLOYER_MESSAGES.signInRequired)).toBeInTheDocument();
    expect(network.calls('GET', '/api/employer/session')).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'E-mail me a sign-in link' }));
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/^Work e-mail/), 'hr@acme.example');
    await userEvent.click(screen.getByRole('button', { name: 'E-mail me a sign-in link' }));
    expect(await screen.findByText(EMPLOYER_MESSAGES.linkSent)).toBeInTheDocument();
  });

  it('when signed in with a link, then the address and the postings show, and Sign out ends the session', async () => {
    signedInBefore();
    network
      .on('GET', '/api/employer/session', { json: session })
      .on('GET', '/api/employer/jobs', { json: [posting] })
      .on('DELETE', '/api/employer/session', { text: '' });
    renderPage(<EmployerPage />, '/employer');
    expect(await screen.findByText('hr@acme.example')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Capture Manager' })).toHaveAttribute(
      'href',
      `/jobs/${posting.id}`,
    );
    expect(screen.getByText('Last day: Dec 31, 2026')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByText(EMPLOYER_MESSAGES.signInRequired)).toBeInTheDocument();
    expect(network.calls('DELETE', '/api/employer/session')).toHaveLength(1);
    expect(window.localStorage.getItem('employerSessionUntil')).toBeNull();
  });

  it('when the session has ended at the server, then the sign-in link form shows', async () => {
    signedInBefore();
    network.refuse(
      'GET',
      '/api/employer/session',
      'UNAUTHORIZED',
      EMPLOYER_MESSAGES.signInRequired,
    );
    renderPage(<EmployerPage />, '/employer');
    expect(
      await screen.findByRole('button', { name: 'E-mail me a sign-in link' }),
    ).toBeInTheDocument();
    expect(window.localStorage.getItem('employerSessionUntil')).toBeNull();
  });

  it('when the postings cannot be read, then the server message shows', async () => {
    signedInBefore();
    network
      .on('GET', '/api/employer/session', { json: session })
      .refuse('GET', '/api/employer/jobs', 'RATE_LIMITED', 'Too many requests, slow down');
    renderPage(<EmployerPage />, '/employer');
    await waitFor(() =>
      expect(screen.getByText('Too many requests, slow down')).toBeInTheDocument(),
    );
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
