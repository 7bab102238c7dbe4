import { fakeNetworkPerTest, sampleUser } from '@b2g/web-platform/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderPage, signIn } from '../test/render.js';
import ProfilePage from './ProfilePage.js';

const network = fakeNetworkPerTest();

async function openProfile() {
  signIn(network, sampleUser({ company: 'Acme Gov' }));
  renderPage(<ProfilePage />, '/profile');
  await screen.findByRole('heading', { name: 'Personal information' });
}

/** Fills the change-password form (the new one twice) and submits it. */
async function changePassword(current: string, next: string) {
  await userEvent.type(screen.getByLabelText('Current Password'), current);
  await userEvent.type(screen.getByLabelText('New Password'), next);
  await userEvent.type(screen.getByLabelText('Confirm New Password'), next);
  await userEvent.click(screen.getByRole('button', { name: 'Change Password' }));
}

describe('profile access', () => {
  it('when nobody is signed in, then it goes to /login?redirect=/profile', async () => {
    renderPage(<ProfilePage />, '/profile');
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(/^\/login\?redirect=\/profile$/),
    );
  });
});

describe('profile form', () => {
  it('when the page opens, then the fields hold the stored profile', async () => {
    await openProfile();
    expect(document.title).toBe('Profile | B2G Job Board');
    expect(screen.getByLabelText(/First Name/)).toHaveValue('Jane');
    expect(screen.getByLabelText(/Last Name/)).toHaveValue('Doe');
    expect(screen.getByLabelText('Company')).toHaveValue('Acme Gov');
    expect(screen.getByRole('combobox', { name: 'Security Clearance' })).toHaveTextContent('None');
  });

  it('when the names are cleared, then both required messages show and nothing is sent', async () => {
    await openProfile();
    await userEvent.clear(screen.getByLabelText(/First Name/));
    await userEvent.clear(screen.getByLabelText(/Last Name/));
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('First name is required')).toBeVisible();
    expect(screen.getByText('Last name is required')).toBeVisible();
    expect(network.calls('PATCH', '/api/auth/me')).toHaveLength(0);
  });

  it('when saved, then PATCH sends the fields and the header shows the new first name', async () => {
    const updated = sampleUser({ firstName: 'Janet', clearanceLevel: 'top_secret' as const });
    network.on('PATCH', '/api/auth/me', { json: { user: updated } });
    await openProfile();
    expect(screen.getByTestId('header-name')).toHaveTextContent('Jane');
    await userEvent.clear(screen.getByLabelText(/First Name/));
    await userEvent.type(screen.getByLabelText(/First Name/), 'Janet');
    await userEvent.clear(screen.getByLabelText('Company'));
    await userEvent.click(screen.getByRole('combobox', { name: 'Security Clearance' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Top Secret' }));
    await userEvent.type(screen.getByLabelText('Phone Number'), '555-0100');
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText('Profile updated')).toBeVisible();
    expect(network.calls('PATCH', '/api/auth/me')[0]?.body).toEqual({
      firstName: 'Janet',
      lastName: 'Doe',
      company: null,
      location: null,
      clearanceLevel: 'top_secret',
      phoneNumber: '555-0100',
    });
    expect(screen.getByTestId('header-name')).toHaveTextContent('Janet');
    expect(JSON.parse(window.localStorage.getItem('currentUser') ?? '{}')).toMatchObject({
      firstName: 'Janet',
    });
    expect(window.localStorage.getItem('authToken')).toBe('tok-1');
  });

  it('when the save fails, then the inline alert shows the server message', async () => {
    network.refuse('PATCH', '/api/auth/me', 'VALIDATION_ERROR', 'Invalid request');
    await openProfile();
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to update profile');
    expect(alert).toHaveTextContent('Invalid request');
  });
});

describe('change password', () => {
  it('when the new passwords differ or are weak, then the contract messages show', async () => {
    await openProfile();
    await userEvent.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByText('Current password is required')).toBeVisible();
    await userEvent.type(screen.getByLabelText('New Password'), 'short');
    await userEvent.type(screen.getByLabelText('Confirm New Password'), 'other');
    await userEvent.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByText('Password must be at least 8 characters')).toBeVisible();
    expect(network.calls('POST', '/api/auth/me/password')).toHaveLength(0);
  });

  it('when valid, then it is sent, confirmed with a toast and the fields are emptied', async () => {
    network.on('POST', '/api/auth/me/password', {
      json: { success: true, message: 'Password changed successfully' },
    });
    await openProfile();
    await changePassword('Old-pass1!', 'New-pass1!');
    expect(await screen.findByText('Password changed')).toBeVisible();
    expect(network.calls('POST', '/api/auth/me/password')[0]?.body).toEqual({
      currentPassword: 'Old-pass1!',
      newPassword: 'New-pass1!',
      confirmPassword: 'New-pass1!',
    });
    expect(screen.getByLabelText('Current Password')).toHaveValue('');
  });

  it('when the current password is wrong, then the server message shows inline', async () => {
    network.refuse(
      'POST',
      '/api/auth/me/password',
      'VALIDATION_ERROR',
      'Current password is incorrect',
    );
    await openProfile();
    await changePassword('Wrong-pass1!', 'New-pass1!');
    expect(await screen.findByRole('alert')).toHaveTextContent('Current password is incorrect');
  });
});

describe('delete account', () => {
  it('when confirmed with the password, then the account is deleted, the session cleared and it goes home', async () => {
    network.on('DELETE', '/api/auth/me', { json: { success: true, message: 'Account deleted' } });
    network.on('POST', '/api/auth/logout', { json: { success: true } });
    await openProfile();
    await userEvent.click(screen.getByRole('button', { name: 'Delete Account' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete your account?' });
    expect(dialog).toHaveTextContent('This cannot be undone.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete Account' }));
    expect(await within(dialog).findByText('Password is required')).toBeVisible();
    expect(network.calls('DELETE', '/api/auth/me')).toHaveLength(0);

    await userEvent.type(within(dialog).getByLabelText('Password'), 'Secret1!');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete Account' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
    expect(network.calls('DELETE', '/api/auth/me')[0]?.body).toEqual({ password: 'Secret1!' });
    expect(window.localStorage.getItem('authToken')).toBeNull();
    expect(window.localStorage.getItem('currentUser')).toBeNull();
  });
});
