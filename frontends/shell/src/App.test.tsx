import { fakeNetworkPerTest } from '@b2g/web-platform/testing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RemoteLoader } from './federation/RemoteBoundary.js';
import { REMOTE_ROUTES } from './routes.js';
import { fakeRemotes, renderShell } from './test/render.js';

const network = fakeNetworkPerTest();
beforeEach(() => {
  network.on('GET', '/api/admin/status', { json: { isAdmin: false, hasAdminPassword: false } });
});

describe('routes', () => {
  it.each(REMOTE_ROUTES.map((r) => [r.path, r.remote, r.module] as const))(
    'when %s is opened, then %s renders %s with a document title',
    async (path, remote, module) => {
      renderShell(path);
      expect(
        await screen.findByRole('heading', { name: `${remote} ${module}` }),
      ).toBeInTheDocument();
      await waitFor(() => expect(document.title).toMatch(/\| B2G Job Board$/));
    },
  );

  it('maps the spec routes to their remotes', () => {
    const byRemote = (name: string) =>
      REMOTE_ROUTES.filter((r) => r.remote === name).map((r) => r.path);
    expect(byRemote('public')).toEqual([
      '/',
      '/jobs',
      '/jobs/:id',
      '/companies/:slug',
      '/post-job',
      '/pricing',
      '/contact',
      '/register',
      '/login',
      '/forgot-password',
      '/reset-password',
      '/email-setup',
      '/landing',
      '/alerts/confirm',
      '/alerts/manage',
      '/alerts/unsubscribe',
      '/employer',
      '/employer/sign-in',
      '/employer/extend',
    ]);
    expect(byRemote('dashboard')).toEqual(['/dashboard', '/profile']);
    expect(byRemote('admin')).toEqual(['/admin/login', '/admin/jobs', '/admin/stats']);
  });

  it('when the path is unknown, then the not-found page shows', async () => {
    renderShell('/nowhere');
    expect(screen.getByRole('heading', { name: '404 Page Not Found' })).toBeInTheDocument();
    expect(screen.getByText('Did you forget to add the page to the router?')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse Jobs' })).toHaveAttribute('href', '/jobs');
    expect(screen.getByRole('link', { name: 'Go to Home' })).toHaveAttribute('href', '/');
    await waitFor(() => expect(document.title).toBe('404 Page Not Found | B2G Job Board'));
  });
});

describe('a remote that fails to load', () => {
  // React logs the error of the remote that failed; these tests expect it.
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('shows the unavailable view with Retry while header and footer keep working, and Retry loads it', async () => {
    let fail = true;
    const flaky: RemoteLoader = async (remote, module) => {
      if (fail) throw new Error('remoteEntry.js 503');
      return fakeRemotes(remote, module);
    };
    renderShell('/login', flaky);
    expect(await screen.findByText('This section is temporarily unavailable')).toBeInTheDocument();
    expect(document.querySelector('nav[aria-label="Main"]')).toBeInTheDocument();
    expect(screen.getByText('Built for the B2G community.')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'public ./LoginPage' })).toBeInTheDocument();
  });

  it('keeps the other remotes working', async () => {
    const publicDown: RemoteLoader = async (remote, module) => {
      if (remote === 'public') throw new Error('down');
      return fakeRemotes(remote, module);
    };
    renderShell('/dashboard', publicDown);
    expect(
      await screen.findByRole('heading', { name: 'dashboard ./DashboardPage' }),
    ).toBeInTheDocument();
  });
});

describe('keyboard', () => {
  it('when a keyboard user presses Tab first, then "Skip to main content" is focused and leads to the page itself', async () => {
    const user = userEvent.setup();
    renderShell('/jobs');
    await user.tab();
    const skip = screen.getByRole('link', { name: 'Skip to main content' });
    expect(skip).toHaveFocus();
    expect(skip).toHaveAttribute('href', '#main');
    expect(screen.getByRole('main')).toHaveAttribute('id', 'main');
    expect(screen.getByRole('main')).toHaveAttribute('tabindex', '-1');
  });
});
