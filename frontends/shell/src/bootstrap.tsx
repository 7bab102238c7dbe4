import {
  configureAnalytics,
  createQueryClient,
  loadPlatformConfig,
  mountRoot,
} from '@b2g/web-platform';
import { App } from './App.js';
import { initFederation, loadRemoteComponent, resetRemote } from './federation/runtime.js';
import { REMOTE_ROUTES, startFirstPage, startFirstReads } from './routes.js';

/** How long the first render waits for the page's module before it shows the loading state. */
const FIRST_PAGE_WAIT_MS = 1_000;
/**
 * The same when the page's HTML came with its first paint (the gateway's prerendered pages): the
 * loading state would replace a page already on screen.
 */
const PAINTED_FIRST_PAGE_WAIT_MS = 10_000;

async function start(): Promise<void> {
  const painted = document.getElementById('root')?.hasChildNodes() === true;
  // Remote locations come from the gateway at run time; a failure here only affects the remotes
  // (their routes show "temporarily unavailable" with a Retry), never the header and footer.
  initFederation().catch((error: unknown) =>
    console.error('[federation] remote manifest unavailable', error),
  );
  // The page's first API reads start now, with the remote's files, not after them.
  startFirstReads(window.location);
  const queryClient = createQueryClient();
  // The page's module loads with the config (its files are named in the page's HTML), and the
  // first render waits for it: the page then comes with the first paint, not behind a loading
  // state that React keeps up for at least 300 ms however soon the module arrives.
  const firstPage = startFirstPage(window.location.pathname, loadRemoteComponent);
  const config = await loadPlatformConfig();
  await Promise.race([
    firstPage,
    new Promise((resolve) =>
      setTimeout(resolve, painted ? PAINTED_FIRST_PAGE_WAIT_MS : FIRST_PAGE_WAIT_MS),
    ),
  ]);
  configureAnalytics(
    config,
    REMOTE_ROUTES.map((route) => route.path),
  );
  mountRoot(
    <App
      queryClient={queryClient}
      sisterSites={config.sisterSites}
      loadRemote={loadRemoteComponent}
      resetRemote={resetRemote}
    />,
  );
}

void start();
