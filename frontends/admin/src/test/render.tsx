import { createQueryClient, PlatformProviders } from '@b2g/web-platform';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';

function Where() {
  const location = useLocation();
  return <p data-testid="location">{`${location.pathname}${location.search}`}</p>;
}

/** Renders `page` at `path` inside the providers the shell gives a remote. */
export function renderPage(page: ReactElement, path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <PlatformProviders queryClient={createQueryClient()}>
        <Routes>
          <Route path={path} element={page} />
          <Route path="*" element={<h1>elsewhere</h1>} />
        </Routes>
        <Where />
      </PlatformProviders>
    </MemoryRouter>,
  );
}
