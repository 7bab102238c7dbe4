import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { ApplyNow } from './apply-tracking.js';
import { PlatformProviders } from './PlatformProviders.js';
import { createQueryClient } from './query-client.js';
import { fakeNetworkPerTest, sampleUser } from './testing.js';
import { resetToasts } from './toast.js';

const JOB = { id: '0b8f5a4e-3a52-4a59-9d1c-2f1b8c1d9e11', title: 'Account Executive, SLED' };
const OTHER_JOB_ID = '1b9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bed';

const network = fakeNetworkPerTest();
afterEach(() => {
  act(() => resetToasts());
  window.localStorage.clear();
});

function signIn() {
  const user = sampleUser();
  window.localStorage.setItem('authToken', 'tok-1');
  window.localStorage.setItem('currentUser', JSON.stringify(user));
  network.on('GET', '/api/auth/verify', { json: { success: true, user } });
}

function renderApplyNow() {
  render(
    <MemoryRouter>
      <PlatformProviders queryClient={createQueryClient()}>
        <ApplyNow job={JOB} href="https://jobs.example/1" />
      </PlatformProviders>
    </MemoryRouter>,
  );
}

/** Following the link: the employer's page takes the focus, then the user comes back. */
async function applyAndComeBack() {
  const link = screen.getByRole('link', { name: /Apply Now/ });
  // jsdom does not open the new tab; the click handler runs as in a browser.
  link.addEventListener('click', (event) => event.preventDefault(), { once: true });
  await userEvent.click(link);
  act(() => {
    window.dispatchEvent(new Event('blur'));
  });
  act(() => {
    window.dispatchEvent(new Event('focus'));
  });
}

describe('Apply Now', () => {
  it('when a signed-in user comes back after Apply Now and answers Yes, then the application is recorded (company website) and the prompt goes', async () => {
    signIn();
    network.on('GET', '/api/user/applications', { json: [] });
    network.on('POST', '/api/user/applications', { status: 201, json: {} });
    renderApplyNow();
    const link = screen.getByRole('link', { name: /Apply Now/ });
    expect(link).toHaveAttribute('href', 'https://jobs.example/1');
    expect(link).toHaveAttribute('target', '_blank');
    expect(screen.queryByText('Did you apply?')).not.toBeInTheDocument();

    await applyAndComeBack();
    const prompt = await screen.findByRole('group', { name: /^Did you apply\?/ });
    await userEvent.click(screen.getByRole('button', { name: 'Yes' }));

    await waitFor(() => expect(network.calls('POST', '/api/user/applications')).toHaveLength(1));
    expect(network.calls('POST', '/api/user/applications')[0]?.body).toEqual({
      jobId: JOB.id,
      applicationMethod: 'company_website',
    });
    expect(await screen.findByText('Application tracked')).toBeInTheDocument();
    await waitFor(() => expect(prompt).not.toBeInTheDocument());
  });

  it('when the user answers No, then nothing is recorded and the prompt goes', async () => {
    signIn();
    network.on('GET', '/api/user/applications', { json: [] });
    renderApplyNow();
    await applyAndComeBack();
    await userEvent.click(await screen.findByRole('button', { name: 'No' }));
    expect(screen.queryByText('Did you apply?')).not.toBeInTheDocument();
    expect(network.calls('POST', '/api/user/applications')).toHaveLength(0);
  });

  it('when the user never left the tab, then nothing is asked', async () => {
    signIn();
    network.on('GET', '/api/user/applications', { json: [] });
    renderApplyNow();
    const link = screen.getByRole('link', { name: /Apply Now/ });
    link.addEventListener('click', (event) => event.preventDefault(), { once: true });
    await userEvent.click(link);
    act(() => {
      window.dispatchEvent(new Event('focus'));
    });
    await waitFor(() => expect(network.calls('GET', '/api/user/applications')).toHaveLength(1));
    expect(screen.queryByText('Did you apply?')).not.toBeInTheDocument();
  });

  it('when an application to the job is already recorded, then nothing is asked', async () => {
    signIn();
    network.on('GET', '/api/user/applications', {
      json: [
        { id: 'a1', jobId: JOB.id },
        { id: 'a2', jobId: OTHER_JOB_ID },
      ],
    });
    renderApplyNow();
    await applyAndComeBack();
    await waitFor(() => expect(network.calls('GET', '/api/user/applications')).toHaveLength(1));
    expect(screen.queryByText('Did you apply?')).not.toBeInTheDocument();
  });

  it('when nobody is signed in, then the link opens the job and nothing is asked or read', async () => {
    renderApplyNow();
    await applyAndComeBack();
    expect(screen.queryByText('Did you apply?')).not.toBeInTheDocument();
    expect(network.calls('GET', '/api/user/applications')).toHaveLength(0);
  });
});
