/** Which remote renders which route (spec §2), and the document title of each page. */
// The table is JSON so the build can read it too: it writes dist/preload.json from it, from which
// the gateway names each page's files in its HTML (see preload-plugin.mjs).
import { matchPath, type QueryClient } from '@b2g/web-platform';
import { preloadRemoteModule, type RemoteLoader } from './federation/RemoteBoundary.js';
import table from './route-table.json' with { type: 'json' };

export type RemoteName = 'public' | 'dashboard' | 'admin';

export interface RemoteRoute {
  path: string;
  remote: RemoteName;
  /** The module the remote exposes, e.g. './LoginPage'. */
  module: string;
  title: string;
  /** API reads the page makes first (default query function, key = the path): started early. */
  api?: string[];
}

export const REMOTE_ROUTES = table as readonly RemoteRoute[];

/** The route a remote renders for `pathname` (/jobs/abc: /jobs/:id), if any. */
function routeFor(pathname: string): RemoteRoute | undefined {
  return REMOTE_ROUTES.find((candidate) => matchPath(candidate.path, pathname) !== null);
}

/**
 * Starts the API reads a page makes first (its route's `api`), with the default query function,
 * so the page's own query finds them in flight or answered instead of starting them after its
 * remote has loaded.
 */
export function startFirstReads(queryClient: QueryClient, pathname: string): void {
  const route = routeFor(pathname);
  for (const path of route?.api ?? []) void queryClient.prefetchQuery({ queryKey: [path] });
}

/**
 * Loads the module that renders the page at `pathname` (/jobs/abc: the public remote's ./JobPage)
 * with `load`, the loader the shell then renders with, so the page shows it at once. Resolves
 * when it is loaded or has failed (a failure is the page's to show).
 */
export function startFirstPage(pathname: string, load: RemoteLoader): Promise<void> {
  const route = routeFor(pathname);
  return route ? preloadRemoteModule(load, route.remote, route.module) : Promise.resolve();
}

export const NOT_FOUND_TITLE = '404 Page Not Found';
