import { useAuth, createQueryClient, PlatformProviders } from '@b2g/web-platform';
import type { QueryClient } from '@tanstack/react-query';
import type { FakeNetwork } from '@b2g/web-platform/testing';
import { sampleUser } from '@b2g/web-platform/testing';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';

function Where() {
  const location = useLocation();
  return <p data-testid="location">{`${location.pathname}${location.search}`}</p>;
}

/** What the shell's header shows of the signed-in user: the first name, else the username. */
function HeaderName() {
  const { user } = useAuth();
  return <p data-testid="header-name">{user ? user.firstName || user.username : ''}</p>;
}

/**
 * Renders `page` at `path` inside the providers the shell gives a remote; pass the query client of
 * an earlier render to come back to a page as the running app would.
 */
export function renderPage(
  page: ReactElement,
  path: string,
  queryClient: QueryClient = createQueryClient(),
) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <PlatformProviders queryClient={queryClient}>
        <HeaderName />
        <Routes>
          <Route path={path} element={page} />
          <Route path="*" element={<h1>elsewhere</h1>} />
        </Routes>
        <Where />
      </PlatformProviders>
    </MemoryRouter>,
  );
}

export type TestUser = ReturnType<typeof sampleUser>;

/** Stores a session and answers its verify call, as after a sign-in. */
export function signIn(network: FakeNetwork, user: TestUser = sampleUser()): TestUser {
  window.localStorage.setItem('authToken', 'tok-1');
  window.localStorage.setItem('currentUser', JSON.stringify(user));
  network.on('GET', '/api/auth/verify', { json: { success: true, user } });
  return user;
}
