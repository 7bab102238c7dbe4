import { fakeNetworkPerTest, renderPage } from '@b2g/web-platform/testing';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import ForgotPasswordPage from './ForgotPasswordPage.js';

const network = fakeNetworkPerTest();

describe('forgot password page', () => {
  it('when the email is invalid, then the email message shows and nothing is sent', async () => {
    renderPage(<ForgotPasswordPage />, '/forgot-password');
    await userEvent.type(screen.getByLabelText('Email'), 'not-an-email');
    await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(network.requests).toHaveLength(0);
  });

  it('when sent, then the sent view mentions 1 hour and "Send another email" returns to the form', async () => {
    network.on('POST', '/api/auth/forgot-password', { json: { success: true, message: 'sent' } });
    renderPage(<ForgotPasswordPage />, '/forgot-password');
    await userEvent.type(screen.getByLabelText('Email'), 'jane@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByRole('heading', { name: 'Check your email' })).toBeInTheDocument();
    expect(screen.getByText(/expires in 1 hour/)).toBeInTheDocument();
    expect(network.calls('POST', '/api/auth/forgot-password')[0]?.body).toEqual({
      email: 'jane@example.com',
    });
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/login');
    await userEvent.click(screen.getByRole('button', { name: 'Send another email' }));
    expect(screen.getByLabelText('Email')).toBeInTheDocument();
  });

  it('when sending fails, then "Failed to send reset email" shows with the fallback text', async () => {
    network.on('POST', '/api/auth/forgot-password', { status: 500, text: '' });
    renderPage(<ForgotPasswordPage />, '/forgot-password');
    await userEvent.type(screen.getByLabelText('Email'), 'jane@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to send reset email');
    expect(alert).toHaveTextContent('Failed to send reset email. Please try again.');
  });
});
