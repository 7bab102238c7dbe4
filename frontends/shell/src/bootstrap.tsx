import { configureAnalytics, createQueryClient, loadPlatformConfig } from '@b2g/web-platform';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.js';
import { initFederation } from './federation/runtime.js';

async function start(): Promise<void> {
  // Remote locations come from the gateway at run time; a failure here only affects the remotes
  // (their routes show "temporarily unavailable" with a Retry), never the header and footer.
  initFederation().catch((error: unknown) =>
    console.error('[federation] remote manifest unavailable', error),
  );
  const config = await loadPlatformConfig();
  configureAnalytics(config);
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from index.html');
  createRoot(container).render(
    <StrictMode>
      <App queryClient={createQueryClient()} sisterSites={config.sisterSites} />
    </StrictMode>,
  );
}

void start();
