// Test helper of the `@b2g/web-platform/testing` entry, never bundled: it mounts a page in a
// MemoryRouter (react-router-dom itself, which the bundles reach only through router.ts).
import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { createQueryClient, PlatformProviders, type QueryClient } from './index.js';

function Where() {
  const location = useLocation();
  return <p data-testid="location">{`${location.pathname}${location.search}`}</p>;
}

export interface RenderPageOptions {
  /** The route the page is mounted at, e.g. /jobs/:id (default: the path without its query). */
  pattern?: string;
  /** Pass the query client of an earlier render to come back to a page as the running app would. */
  queryClient?: QueryClient;
  /** Rendered inside the providers above the page (what the shell shows around it). */
  chrome?: ReactNode;
}

/**
 * Renders `page` at `path` inside the providers the shell gives a remote. Any other path renders
 * an "elsewhere" heading, and the current location is shown in `data-testid="location"`.
 */
export function renderPage(
  page: ReactElement,
  path: string,
  options: RenderPageOptions = {},
): RenderResult {
  const pattern = options.pattern ?? path.split('?')[0] ?? path;
  return render(
    <MemoryRouter initialEntries={[path]}>
      <PlatformProviders queryClient={options.queryClient ?? createQueryClient()}>
        {options.chrome}
        <Routes>
          <Route path={pattern} element={page} />
          <Route path="*" element={<h1>elsewhere</h1>} />
        </Routes>
        <Where />
      </PlatformProviders>
    </MemoryRouter>,
  );
}
