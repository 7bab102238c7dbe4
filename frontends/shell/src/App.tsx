import { GlobalStyles } from '@b2g/ui';
import {
  BrowserRouter,
  PlatformProviders,
  Route,
  Routes,
  type SisterSite,
  usePageViews,
  useScrollRestoration,
  useDocumentTitle,
  type QueryClient,
} from '@b2g/web-platform';
import { css } from '@emotion/react';
import { RemoteBoundary, type RemoteLoader } from './federation/RemoteBoundary.js';
import { Footer } from './layout/Footer.js';
import { Header } from './layout/Header.js';
import { MAIN_ID, SkipLink } from './layout/SkipLink.js';
import { DEFAULT_SISTER_SITES } from './layout/nav.js';
import { NotFoundPage } from './pages/NotFoundPage.js';
import { REMOTE_ROUTES, type RemoteName, type RemoteRoute } from './routes.js';

function RemotePage({
  route,
  load,
  reset,
}: {
  route: RemoteRoute;
  load: RemoteLoader;
  reset: ((remote: RemoteName) => void) | undefined;
}) {
  useDocumentTitle(route.title);
  return (
    <RemoteBoundary
      key={route.path}
      remote={route.remote}
      module={route.module}
      load={load}
      reset={reset}
    />
  );
}

/** Per route change: the page view reported, and the scroll position a new page starts at. */
function Navigation() {
  usePageViews();
  useScrollRestoration();
  return null;
}

export interface ShellProps {
  sisterSites?: readonly SisterSite[] | undefined;
  /**
   * How a page's module arrives: the federation runtime's `loadRemoteComponent` (bootstrap), an
   * import (the comparison build, which so carries no federation runtime), or a fake (tests).
   */
  loadRemote: RemoteLoader;
  /** Forgets a failed remote before a Retry (the federation runtime's `resetRemote`). */
  resetRemote?: ((remote: RemoteName) => void) | undefined;
}

/**
 * The page-wide styles, header, routes and footer: the live page (App) and its prerendered first
 * paint (scripts/prerender.tsx) alike. Expects the router and platform providers around it.
 */
export function Shell({ sisterSites = DEFAULT_SISTER_SITES, loadRemote, resetRemote }: ShellProps) {
  return (
    <div css={css({ display: 'flex', flexDirection: 'column', minHeight: '100vh' })}>
      <GlobalStyles />
      <Navigation />
      <SkipLink />
      <Header />
      {/* tabIndex -1: the skip link moves the keyboard focus here, not only the scroll. At least
          a screen high, so the footer starts below the fold and stays there while the page's
          remote loads and when its content arrives: no layout shift (it moved 16,000 px). */}
      <main
        id={MAIN_ID}
        tabIndex={-1}
        css={css({ flex: 1, minHeight: '100vh', '&:focus': { outline: 'none' } })}
      >
        <Routes>
          {REMOTE_ROUTES.map((route) => (
            <Route
              key={route.path}
              path={route.path}
              element={<RemotePage route={route} load={loadRemote} reset={resetRemote} />}
            />
          ))}
          <Route path="*" element={<NotFoundPage />} />
        </Routes>
      </main>
      <Footer sisterSites={sisterSites} />
    </div>
  );
}

export interface AppProps extends ShellProps {
  queryClient: QueryClient;
}

/** The one router, query client, auth state and toaster of the page. */
export function App({ queryClient, ...shell }: AppProps) {
  return (
    <BrowserRouter>
      <PlatformProviders queryClient={queryClient}>
        <Shell {...shell} />
      </PlatformProviders>
    </BrowserRouter>
  );
}
