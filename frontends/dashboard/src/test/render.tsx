import { useAuth, createQueryClient, PlatformProviders, type QueryClient } from '@b2g/web-platform';
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
 * Renders `page` at `path` (a query after it is kept in the location) inside the providers the shell gives a remote; pass the query client of
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
          <Route path={new URL(path, 'http://localhost').pathname} element={page} />
          <Route path="*" element={<h1>elsewhere</h1>} />
        </Routes>
        <Where />
      </PlatformProviders>
    </MemoryRouter>,
  );
}

export { signIn } from '@b2g/web-platform/testing';
