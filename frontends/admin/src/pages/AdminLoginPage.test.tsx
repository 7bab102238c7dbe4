import { dismissToast } from '@b2g/web-platform';
import { fakeNetworkPerTest, renderPage } from '@b2g/web-platform/testing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { serveAdminSession } from '../test/session.js';
import AdminLoginPage from './AdminLoginPage.js';

const network = fakeNetworkPerTest();
afterEach(() => {
  dismissToast();
});

const signedOut = { isAdmin: false, hasAdminPassword: true };

describe('admin login page', () => {
  it('when no admin password is configured, then a notice names ADMIN_PASSWORD and the form is disabled', async () => {
    network.on('GET', '/api/admin/status', { json: { isAdmin: false, hasAdminPassword: false } });
    renderPage(<AdminLoginPage />, '/admin/login');
    expect(
      await screen.findByText(/Set the ADMIN_PASSWORD environment variable/),
    ).toHaveTextContent(
      'Admin access is not configured. Set the ADMIN_PASSWORD environment variable to enable it.',
    );
    expect(screen.getByLabelText('Password')).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeDisabled();
  });

  it('when submitted empty, then "Password is required" shows and nothing is sent', async () => {
    network.on('GET', '/api/admin/status', { json: signedOut });
    renderPage(<AdminLoginPage />, '/admin/login');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Password is required')).toBeInTheDocument();
    expect(network.calls('POST', '/api/admin/login')).toHaveLength(0);
  });

  it('when the password is wrong, then a "Login failed" toast carries the server message', async () => {
    network.on('GET', '/api/admin/status', { json: signedOut });
    network.refuse('POST', '/api/admin/login', 'UNAUTHORIZED', 'Invalid admin password');
    renderPage(<AdminLoginPage />, '/admin/login');
    await userEvent.type(screen.getByLabelText('Password'), 'nope');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Login failed')).toBeInTheDocument();
    expect(screen.getByText('Invalid admin password')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/admin\/login$/);
  });

  it('when the password is right, then it toasts, refreshes the status and goes to /admin/jobs', async () => {
    serveAdminSession(network, {
      signedIn: false,
      path: '/api/admin/login',
      message: 'Admin login successful',
    });
    renderPage(<AdminLoginPage />, '/admin/login');
    await userEvent.type(screen.getByLabelText('Password'), 'open sesame');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/admin/jobs'));
    expect(screen.getByText('Admin login successful')).toBeInTheDocument();
    expect(network.calls('POST', '/api/admin/login')[0]?.body).toEqual({ password: 'open sesame' });
    expect(network.calls('GET', '/api/admin/status')).toHaveLength(2);
  });

  it('when already signed in as admin, then it redirects to /admin/jobs', async () => {
    network.on('GET', '/api/admin/status', { json: { isAdmin: true, hasAdminPassword: true } });
    renderPage(<AdminLoginPage />, '/admin/login');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/admin/jobs'));
  });
});
