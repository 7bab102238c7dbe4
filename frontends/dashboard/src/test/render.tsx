import { useAuth, type QueryClient } from '@b2g/web-platform';
import { renderPage as renderRemotePage } from '@b2g/web-platform/testing';
import type { ReactElement } from 'react';

/** What the shell's header shows of the signed-in user: the first name, else the username. */
function HeaderName() {
  const { user } = useAuth();
  return <p data-testid="header-name">{user ? user.firstName || user.username : ''}</p>;
}

/**
 * Renders `page` at `path` inside the providers the shell gives a remote, under the header's
 * name; pass the query client of an earlier render to come back to a page as the running app would.
 */
export function renderPage(page: ReactElement, path: string, queryClient?: QueryClient) {
  return renderRemotePage(page, path, {
    chrome: <HeaderName />,
    ...(queryClient ? { queryClient } : {}),
  });
}

export { signIn } from '@b2g/web-platform/testing';
