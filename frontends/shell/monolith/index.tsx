// The comparison build (`webpack.monolith.mjs`): the same shell and the same pages as one ordinary
// webpack bundle, without module federation. Each page is a lazy chunk, as a single-page app
// would split it; `pnpm --filter @b2g/shell measure` compares the federated build's first load
// with this one's.
import { createQueryClient, loadPlatformConfig, mountRoot } from '@b2g/web-platform';
import type { ComponentType } from 'react';
import { App } from '../src/App.js';
import type { RemoteName } from '../src/routes.js';

type PageModule = Promise<{ default: ComponentType }>;

/**
 * Each remote's pages folder as a webpack context of lazy chunks (tests left out). Every remote
 * exposes './XPage' from './src/pages/XPage.tsx' (see each remote's src/exposes.mjs).
 */
const PAGES: Record<RemoteName, (file: string) => PageModule> = {
  public: (file) => import(/* webpackExclude: /\.test\.tsx$/ */ `../../public/src/pages/${file}`),
  dashboard: (file) =>
    import(/* webpackExclude: /\.test\.tsx$/ */ `../../dashboard/src/pages/${file}`),
  admin: (file) => import(/* webpackExclude: /\.test\.tsx$/ */ `../../admin/src/pages/${file}`),
};

function loadPage(remote: RemoteName, module: string): PageModule {
  return PAGES[remote](`${module.replace(/^\.\//, '')}.tsx`);
}

async function start(): Promise<void> {
  const config = await loadPlatformConfig();
  mountRoot(
    <App
      queryClient={createQueryClient()}
      sisterSites={config.sisterSites}
      loadRemote={loadPage}
    />,
  );
}

void start();
