import { configureAnalytics, createQueryClient, loadPlatformConfig } from '@b2g/web-platform';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.js';
import { initFederation, loadRemoteComponent, resetRemote } from './federation/runtime.js';
import { startFirstReads } from './routes.js';

async function start(): Promise<void> {
  // Remote locations come from the gateway at run time; a failure here only affects the remotes
  // (their routes show "temporarily unavailable" with a Retry), never the header and footer.
  initFederation().catch((error: unknown) =>
    console.error('[federation] remote manifest unavailable', error),
  );
  const queryClient = createQueryClient();
  // The page's first API reads start now, with the remote's files, not after them.
  startFirstReads(queryClient, window.location.pathname);
  const config = await loadPlatformConfig();
  configureAnalytics(config);
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from index.html');
  createRoot(container).render(
    <StrictMode>
      <App
        queryClient={queryClient}
        sisterSites={config.sisterSites}
        loadRemote={loadRemoteComponent}
        resetRemote={resetRemote}
      />
    </StrictMode>,
  );
}

void start();
