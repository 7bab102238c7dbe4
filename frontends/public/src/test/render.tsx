import { createQueryClient, PlatformProviders } from '@b2g/web-platform';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';

function Where() {
  const location = useLocation();
  return <p data-testid="location">{`${location.pathname}${location.search}`}</p>;
}

/** Renders `page` at `path` (its route `pattern`, e.g. /jobs/:id) inside the providers the shell gives a remote. */
export function renderPage(page: ReactElement, path: string, pattern?: string) {
  const route = pattern ?? path.split('?')[0] ?? path;
  return render(
    <MemoryRouter initialEntries={[path]}>
      <PlatformProviders queryClient={createQueryClient()}>
        <Routes>
          <Route path={route} element={page} />
          <Route path="*" element={<h1>elsewhere</h1>} />
        </Routes>
        <Where />
      </PlatformProviders>
    </MemoryRouter>,
  );
}
