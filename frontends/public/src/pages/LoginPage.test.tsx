import { fakeNetworkPerTest, renderPage, sampleUser } from '@b2g/web-platform/testing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import LoginPage from './LoginPage.js';

const network = fakeNetworkPerTest();

const user = sampleUser();

async function fillAndSubmit(login = 'jdoe', password = 'Secret1!') {
  await userEvent.type(screen.getByLabelText('Email or Username'), login);
  await userEvent.type(screen.getByLabelText('Password'), password);
  await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
}

describe('login page', () => {
  it('when submitted empty, then both required messages show and nothing is sent', async () => {
    renderPage(<LoginPage />, '/login');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Email or username is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Email or Username')).toHaveAttribute('aria-invalid', 'true');
    expect(network.requests).toHaveLength(0);
  });

  it('when the credentials are right, then the session is stored and it goes to /dashboard', async () => {
    network.on('POST', '/api/auth/login', {
      json: { success: true, token: 'tok-9', user, message: 'Login successful' },
    });
    renderPage(<LoginPage />, '/login');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Remember me' }));
    await fillAndSubmit();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/dashboard$/));
    expect(network.calls('POST', '/api/auth/login')[0]?.body).toEqual({
      emailOrUsername: 'jdoe',
      password: 'Secret1!',
      rememberMe: true,
    });
    expect(window.localStorage.getItem('authToken')).toBe('tok-9');
    expect(JSON.parse(window.localStorage.getItem('currentUser') ?? '{}')).toMatchObject({
      username: 'jdoe',
    });
  });

  it('when a redirect parameter is given, then success goes there', async () => {
    network.on('POST', '/api/auth/login', {
      json: { success: true, token: 't', user, message: 'ok' },
    });
    renderPage(<LoginPage />, '/login?redirect=%2Fjobs%3Fsector%3DFEDERAL');
    await fillAndSubmit();
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent('/jobs?sector=FEDERAL'),
    );
  });

  it('when the redirect points off-site, then success goes to /dashboard', async () => {
    network.on('POST', '/api/auth/login', {
      json: { success: true, token: 't', user, message: 'ok' },
    });
    renderPage(<LoginPage />, '/login?redirect=%2F%2Fevil.example');
    await fillAndSubmit();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/dashboard$/));
  });

  it('when the server refuses, then the inline alert shows "Login failed" and its message', async () => {
    network.refuse('POST', '/api/auth/login', 'UNAUTHORIZED', 'Invalid email/username or password');
    renderPage(<LoginPage />, '/login');
    await fillAndSubmit();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Login failed');
    expect(alert).toHaveTextContent('Invalid email/username or password');
    expect(window.localStorage.getItem('authToken')).toBeNull();
  });

  it('when the network fails, then the alert falls back to "Login failed. Please try again."', async () => {
    network.fail('POST', '/api/auth/login');
    renderPage(<LoginPage />, '/login');
    await fillAndSubmit();
    expect(await screen.findByRole('alert')).toHaveTextContent('Login failed. Please try again.');
  });

  it('links to forgot password and register', () => {
    renderPage(<LoginPage />, '/login');
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/register');
  });
});
