import { PASSWORD_RESET_REDIRECT_MS } from '@b2g/ui';
import { fakeNetworkPerTest, renderPage } from '@b2g/web-platform/testing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import ResetPasswordPage from './ResetPasswordPage.js';

const network = fakeNetworkPerTest();

async function submit(password: string, confirm: string) {
  await userEvent.type(screen.getByLabelText('New Password'), password);
  await userEvent.type(screen.getByLabelText('Confirm New Password'), confirm);
  await userEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
}

describe('reset password page', () => {
  it('when there is no token, then the invalid link view offers a new link or sign in', () => {
    renderPage(<ResetPasswordPage />, '/reset-password');
    expect(screen.getByRole('heading', { name: 'Invalid reset link' })).toBeInTheDocument();
    expect(screen.getByText('Invalid or missing reset token')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Request a new link' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/login');
  });

  it('when the passwords are weak or differ, then the spec messages show', async () => {
    renderPage(<ResetPasswordPage />, '/reset-password?token=abc');
    await submit('short', 'other');
    expect(await screen.findByText('Password must be at least 8 characters')).toBeInTheDocument();
    expect(screen.getByText("Passwords don't match")).toBeInTheDocument();
    expect(network.requests).toHaveLength(0);
  });

  it('when the reset succeeds, then a confirmation shows and it goes to /login after 3 s', async () => {
    network.on('POST', '/api/auth/reset-password', { json: { success: true, message: 'done' } });
    renderPage(<ResetPasswordPage />, '/reset-password?token=abc&utm=mail');
    // The token leaves the address bar (history, referrers, analytics) once the page has it.
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(/^\/reset-password\?utm=mail$/),
    );
    await submit('NewSecret1!', 'NewSecret1!');
    expect(
      await screen.findByRole('heading', { name: 'Password reset successful' }),
    ).toBeInTheDocument();
    expect(network.calls('POST', '/api/auth/reset-password')[0]?.body).toEqual({
      token: 'abc',
      password: 'NewSecret1!',
      confirmPassword: 'NewSecret1!',
    });
    expect(screen.getByTestId('location')).toHaveTextContent('/reset-password');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/login$/), {
      timeout: PASSWORD_RESET_REDIRECT_MS + 2000,
    });
  });

  it('when the server refuses, then "Failed to reset password" shows with its message', async () => {
    network.refuse(
      'POST',
      '/api/auth/reset-password',
      'VALIDATION_ERROR',
      'Invalid or expired reset token',
    );
    renderPage(<ResetPasswordPage />, '/reset-password?token=abc');
    await submit('NewSecret1!', 'NewSecret1!');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to reset password');
    expect(alert).toHaveTextContent('Invalid or expired reset token');
  });
});
