import { fakeNetworkPerTest, renderPage, sampleUser } from '@b2g/web-platform/testing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import RegisterPage from './RegisterPage.js';

const network = fakeNetworkPerTest();

async function fill(values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) {
    // Required fields' labels end with an aria-hidden '*'.
    await userEvent.type(screen.getByLabelText(new RegExp(`^${label}\\*?$`)), value);
  }
}

const valid = {
  'First Name': 'Jane',
  'Last Name': 'Doe',
  Username: 'jdoe',
  Email: 'jane@example.com',
  Password: 'Secret1!',
  'Confirm Password': 'Secret1!',
};

describe('register page', () => {
  it('when submitted empty, then the spec messages show', async () => {
    renderPage(<RegisterPage />, '/register');
    await userEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText('Username must be at least 3 characters')).toBeInTheDocument();
    expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 8 characters')).toBeInTheDocument();
    expect(screen.getByText('First name is required')).toBeInTheDocument();
    expect(screen.getByText('Last name is required')).toBeInTheDocument();
    expect(network.requests).toHaveLength(0);
  });

  it('when the password is weak or unconfirmed, then the complexity and match messages show', async () => {
    renderPage(<RegisterPage />, '/register');
    await fill({ ...valid, Password: 'password1', 'Confirm Password': 'password2' });
    await userEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(
      await screen.findByText(
        'Password must contain uppercase, lowercase, number, and special character',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText("Passwords don't match")).toBeInTheDocument();
  });

  it('when valid, then it registers, signs in and goes to /dashboard', async () => {
    const user = sampleUser();
    network.on('POST', '/api/auth/register', {
      status: 201,
      json: { success: true, token: 'tok-r', user, message: 'Registration successful' },
    });
    renderPage(<RegisterPage />, '/register');
    await fill({ ...valid, Company: 'Acme Gov' });
    await userEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/dashboard$/));
    expect(network.calls('POST', '/api/auth/register')[0]?.body).toMatchObject({
      username: 'jdoe',
      email: 'jane@example.com',
      password: 'Secret1!',
      confirmPassword: 'Secret1!',
      firstName: 'Jane',
      lastName: 'Doe',
      company: 'Acme Gov',
      clearanceLevel: 'none',
    });
    expect(window.localStorage.getItem('authToken')).toBe('tok-r');
  });

  it('when the server refuses, then "Registration failed" shows with its message', async () => {
    network.refuse('POST', '/api/auth/register', 'CONFLICT', 'Username is already taken');
    renderPage(<RegisterPage />, '/register');
    await fill(valid);
    await userEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Registration failed');
    expect(alert).toHaveTextContent('Username is already taken');
  });

  it('when the answer has no message, then "Registration failed. Please try again." shows', async () => {
    network.on('POST', '/api/auth/register', { status: 500, text: '' });
    renderPage(<RegisterPage />, '/register');
    await fill(valid);
    await userEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Registration failed. Please try again.',
    );
  });
});
