/** Which remote renders which route (spec §2), and the document title of each page. */
// The table is JSON so the build can read it too: it writes dist/preload.json from it, from which
// the gateway names each page's files in its HTML (see preload-plugin.mjs).
import { jobFacetsPath, jobListFiltersFrom, jobListPath, jobPageReadPath } from '@b2g/contracts';
import { matchPath, startEarlyRead } from '@b2g/web-platform';
import { preloadRemoteModule, type RemoteLoader } from './federation/RemoteBoundary.js';
import table from './route-table.json' with { type: 'json' };

export type RemoteName = 'public' | 'dashboard' | 'admin';

export interface RemoteRoute {
  path: string;
  remote: RemoteName;
  /** The module the remote exposes, e.g. './LoginPage'. */
  module: string;
  title: string;
}

export const REMOTE_ROUTES = table as readonly RemoteRoute[];

/** The route a remote renders for `pathname` (/jobs/abc: /jobs/:id), if any. */
function routeFor(pathname: string): RemoteRoute | undefined {
  return REMOTE_ROUTES.find((candidate) => matchPath(candidate.path, pathname) !== null);
}

/** A page's first API reads, from its route's parameters and its URL's query. */
type FirstReads = (
  params: Readonly<Record<string, string | undefined>>,
  query: URLSearchParams,
) => string[];

/** The API reads pages make as they open, by route path: the URLs the pages themselves ask for. */
const FIRST_READS: Readonly<Record<string, FirstReads>> = {
  '/': () => ['/api/jobs/featured'],
  '/jobs': (_params, query) => {
    const filters = jobListFiltersFrom(query);
    return [jobListPath(filters), jobFacetsPath(filters)];
  },
  '/jobs/:id': ({ id }) => (id ? [jobPageReadPath(id)] : []),
};

/**
 * Starts the API reads the page at this location makes first, so the page finds them in flight or
 * answered instead of starting them after its remote has loaded (web-platform's startEarlyRead).
 */
export function startFirstReads({ pathname, search }: Pick<Location, 'pathname' | 'search'>): void {
  const route = routeFor(pathname);
  const reads = route && FIRST_READS[route.path];
  if (!route || !reads) return;
  const params = matchPath(route.path, pathname)?.params ?? {};
  for (const url of reads(params, new URLSearchParams(search))) startEarlyRead(url);
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
