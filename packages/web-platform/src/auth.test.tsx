import { act, render, renderHook, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { AuthProvider, useAuth, type AuthState } from './auth.js';
import { fakeNetworkPerTest, sampleUser } from './testing.js';

const network = fakeNetworkPerTest();

const stored = sampleUser({ firstName: 'Stored' });
const fromServer = sampleUser({ firstName: 'Fresh' });

function storeSession(user: unknown = stored) {
  window.localStorage.setItem('authToken', 'tok-1');
  window.localStorage.setItem(
    'currentUser',
    typeof user === 'string' ? user : JSON.stringify(user),
  );
}

const wrapper = ({ children }: { children: ReactNode }) => <AuthProvider>{children}</AuthProvider>;

/** useAuth under an AuthProvider, once its start-up reading of the session is done. */
async function renderSettledAuth() {
  const { result } = renderHook(() => useAuth(), { wrapper });
  await waitFor(() => expect(result.current.isLoading).toBe(false));
  return result;
}

/** Signed in as `user` with `token`: in the auth state and in storage. */
function expectSignedIn(auth: AuthState, token: string, user: unknown) {
  expect(auth.user).toEqual(user);
  expect(auth.isAuthenticated).toBe(true);
  expect(window.localStorage.getItem('authToken')).toBe(token);
  expect(JSON.parse(window.localStorage.getItem('currentUser') ?? 'null')).toEqual(user);
}

describe('auth state at start', () => {
  it('when nothing is stored, then loading ends at once without a verify call', async () => {
    const result = await renderSettledAuth();
    expect(result.current.user).toBeNull();
    expect(result.current.isAuthenticated).toBe(false);
    expect(network.calls('GET', '/api/auth/verify')).toHaveLength(0);
  });

  it('when only the token is stored, then loading ends at once signed out', async () => {
    window.localStorage.setItem('authToken', 'tok-1');
    const result = await renderSettledAuth();
    expect(result.current.user).toBeNull();
    expect(network.calls('GET', '/api/auth/verify')).toHaveLength(0);
  });

  it('when a session is stored, then the stored user shows at once and is replaced by the verified one', async () => {
    storeSession();
    const release = network.hold('GET', '/api/auth/verify', {
      json: { success: true, user: fromServer },
    });
    const { result } = renderHook(() => useAuth(), { wrapper });
    await waitFor(() => expect(result.current.user?.firstName).toBe('Stored'));
    expect(result.current.isLoading).toBe(true);
    expect(result.current.isAuthenticated).toBe(true);
    expect(network.calls('GET', '/api/auth/verify')[0]?.headers.get('authorization')).toBe(
      'Bearer tok-1',
    );
    act(() => release());
    await waitFor(() => expect(result.current.isLoading).toBe(false));
    expect(result.current.user?.firstName).toBe('Fresh');
  });

  it('when verify answers success false, then both stored items are removed and the user cleared', async () => {
    storeSession();
    network.on('GET', '/api/auth/verify', { json: { success: false } });
    const result = await renderSettledAuth();
    expect(result.current.user).toBeNull();
    expect(window.localStorage.getItem('authToken')).toBeNull();
    expect(window.localStorage.getItem('currentUser')).toBeNull();
  });

  it('when verify fails (401), then the user is signed out locally', async () => {
    storeSession();
    network.on('GET', '/api/auth/verify', {
      status: 401,
      json: { error: { code: 'UNAUTHORIZED' } },
    });
    const result = await renderSettledAuth();
    expect(result.current.isAuthenticated).toBe(false);
    expect(window.localStorage.getItem('authToken')).toBeNull();
  });

  it('when the network fails during verify, then the user is signed out locally', async () => {
    storeSession();
    network.fail('GET', '/api/auth/verify');
    const result = await renderSettledAuth();
    expect(result.current.user).toBeNull();
    expect(window.localStorage.getItem('currentUser')).toBeNull();
  });

  it('when the stored user cannot be parsed, then both items are removed and loading ends', async () => {
    storeSession('{not json');
    const result = await renderSettledAuth();
    expect(result.current.user).toBeNull();
    expect(window.localStorage.getItem('authToken')).toBeNull();
    expect(window.localStorage.getItem('currentUser')).toBeNull();
    expect(network.calls('GET', '/api/auth/verify')).toHaveLength(0);
  });
});

describe('login and logout', () => {
  it('when login is called, then token and user are stored and the user is set', async () => {
    const result = await renderSettledAuth();
    act(() => result.current.login('tok-new', fromServer));
    expectSignedIn(result.current, 'tok-new', fromServer);
  });

  it('when updateUser is called, then the stored and current user change and the token stays', async () => {
    storeSession();
    network.on('GET', '/api/auth/verify', { json: { success: true, user: stored } });
    const result = await renderSettledAuth();
    const renamed = sampleUser({ firstName: 'Renamed' });
    act(() => result.current.updateUser(renamed));
    expectSignedIn(result.current, 'tok-1', renamed);
  });

  it('when logout is called, then storage and user are cleared before the logout request is sent', async () => {
    storeSession();
    network.on('GET', '/api/auth/verify', { json: { success: true, user: stored } });
    let storedAtRequest: string | null = 'unset';
    network.on('POST', '/api/auth/logout', (request) => {
      storedAtRequest = window.localStorage.getItem('authToken');
      expect(request.credentials).toBe('include');
      return { json: { success: true } };
    });
    const result = await renderSettledAuth();
    await act(() => result.current.logout());
    expect(result.current.user).toBeNull();
    expect(window.localStorage.getItem('authToken')).toBeNull();
    expect(window.localStorage.getItem('currentUser')).toBeNull();
    expect(network.calls('POST', '/api/auth/logout')).toHaveLength(1);
    expect(storedAtRequest).toBeNull();
  });

  it('when the logout request fails, then the failure is ignored', async () => {
    network.fail('POST', '/api/auth/logout');
    const result = await renderSettledAuth();
    act(() => result.current.login('tok', fromServer));
    await expect(act(() => result.current.logout())).resolves.toBeUndefined();
    expect(result.current.isAuthenticated).toBe(false);
  });

  it('when useAuth is used outside its provider, then it throws', () => {
    function Orphan() {
      useAuth();
      return null;
    }
    const quiet = console.error;
    console.error = () => {};
    try {
      expect(() => render(<Orphan />)).toThrow('useAuth must be used within an AuthProvider');
    } finally {
      console.error = quiet;
    }
    expect(screen.queryByText('anything')).toBeNull();
  });
});
