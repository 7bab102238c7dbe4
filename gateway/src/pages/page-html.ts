import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RemoteConfig, RemoteName } from '../config.js';
import {
  isSafeFileName,
  mtimeOf,
  readJson,
  remoteBuildAtUrl,
  remoteBuildInDir,
  remoteFiles,
  type RemoteBuild,
  type RemoteManifest,
} from './remote-builds.js';

/**
 * What the shell's build writes to dist/preload.json (frontends/shell/preload-plugin.mjs): the
 * files every page runs before it renders, and which remote module renders each page.
 */
interface PreloadPlan {
  bootstrap: string[];
  routes: { path: string; remote: string; module: string }[];
}

/** How often the shell's files are checked for a new build, at most. */
const MIN_RECHECK_MS = 1_000;

/** A route path with parameters (/jobs/:id) as a pattern of the paths it matches (/jobs/abc). */
function routePattern(path: string): RegExp {
  const parts = path
    .split('/')
    .map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  return new RegExp(`^${parts.join('/')}$`);
}

/** What a page's HTML names: JSON its scripts fetch first, and the scripts themselves. */
interface Preloads {
  /** Fetched with fetch()'s defaults (same-origin credentials), hence `crossorigin`. */
  fetches: string[];
  scripts: string[];
}

function preloadLinks({ fetches, scripts }: Preloads): string {
  return [
    ...fetches.map((path) => `<link rel="preload" as="fetch" href="${path}" crossorigin>`),
    ...scripts.map((path) => `<link rel="preload" as="script" href="${path}">`),
  ].join('');
}

/** Where the remote's prerendered page goes in the shell's prerendered frame. */
const PAGE_SLOT = '<template data-b2g-page=""></template>';

/**
 * The page with its first paint inside `#root`: the shell's frame (`prerender.json` by route path)
 * around the remote's page (its `prerender.json` by module). Both are build output of the
 * frontends (`@b2g/web-platform/prerender`), so each part changes when its own frontend does.
 */
function withFirstPaint(html: string, frame: string | undefined, page: string | undefined) {
  if (frame === undefined || page === undefined || !frame.includes(PAGE_SLOT)) return undefined;
  const root = /<div id="?root"?><\/div>/.exec(html);
  if (root === null) return undefined;
  // Inert until the live page takes its place: what a visitor typed or chose in it would be lost
  // then, so it takes no input (and says it is busy) until it can keep it.
  const content = `<div inert aria-busy="true">${frame.replace(PAGE_SLOT, () => page)}</div>`;
  const at = root.index + root[0].length - '</div>'.length;
  return `${html.slice(0, at)}${content}${html.slice(at)}`;
}

/** The parts of a request that choose its page's HTML. */
export interface PageRequest {
  path: string;
  originalUrl: string;
}

export interface PageHtml {
  /**
   * The shell's index.html for a page, naming the files that page needs; undefined before the
   * shell is built. Without a query string, a page prerendered by its frontends comes with its
   * first paint (a query, such as /jobs' filters, changes what the page shows).
   */
  forRequest(req: PageRequest): string | undefined;
}

/**
 * The shell's index.html with `<link rel="preload">` for the files a page needs: the shell's
 * entry, bootstrap and shared chunks, and the mf-manifest.json, remote entry and page chunks of
 * the remote that renders the page (from a folder, or from the upstream that serves it). Without
 * it the browser learns of each file only when the one before it has run (HTML, main, bootstrap,
 * manifest, remote entry, page chunks). The files are read again when they change (checked at
 * most once a second; a remote behind a URL every few seconds), so a frontend redeploys without
 * the gateway.
 */
export function pageHtml(shellDir: string, remotes: Record<RemoteName, RemoteConfig>): PageHtml {
  const indexFile = join(shellDir, 'index.html');
  const planFile = join(shellDir, 'preload.json');
  const framesFile = join(shellDir, 'prerender.json');
  /** Per remote whose manifest the runtime reads at its default place: where its build is. */
  const builds = new Map<string, { build: RemoteBuild; manifestUrl: string }>();
  for (const [name, remote] of Object.entries(remotes)) {
    if (remote.manifestUrl !== `/mfe/${name}/mf-manifest.json`) continue;
    const { location } = remote;
    const build =
      location.kind === 'dir' ? remoteBuildInDir(location.dir) : remoteBuildAtUrl(location.url);
    builds.set(name, { build, manifestUrl: remote.manifestUrl });
  }
  const versionOfFiles = () =>
    [
      ...[indexFile, planFile, framesFile].map(mtimeOf),
      ...[...builds.values()].map(({ build }) => build.version()),
    ].join(',');

  let version = '';
  let checkedAt = 0;
  let pages = new Map<string, string>();
  /** Pages with their first paint, by path (see withFirstPaint). */
  let painted = new Map<string, string>();
  /** Pages of routes with parameters (/jobs/:id), tried in order when no path matches exactly. */
  let patterns: { pattern: RegExp; html: string }[] = [];
  let fallback: string | undefined;

  const load = () => {
    pages = new Map();
    painted = new Map();
    patterns = [];
    fallback = undefined;
    let index: string;
    try {
      index = readFileSync(indexFile, 'utf8');
    } catch {
      return;
    }
    const plan = readJson<PreloadPlan>(planFile);
    // Before the page's own <script> (the shell's entry), which the browser would otherwise ask for
    // first, at the low priority of a deferred script, and keep at that priority for the preload.
    const insertAt = /<script[\s>]|<\/head>/.exec(index)?.index ?? -1;
    const withLinks = (preloads: Preloads) =>
      preloads.fetches.length + preloads.scripts.length === 0 || insertAt < 0
        ? index
        : `${index.slice(0, insertAt)}${preloadLinks(preloads)}${index.slice(insertAt)}`;
    const shellFiles = (plan?.bootstrap ?? []).filter(isSafeFileName).map((file) => `/${file}`);
    fallback = withLinks({ fetches: [], scripts: shellFiles });
    const frames = readJson<Record<string, string>>(framesFile) ?? {};
    const manifests = new Map<string, RemoteManifest | undefined>();
    const prerendered = new Map<string, Record<string, string>>();
    for (const route of plan?.routes ?? []) {
      const remote = builds.get(route.remote);
      if (remote !== undefined && !manifests.has(route.remote)) {
        manifests.set(route.remote, remote.build.manifest());
        prerendered.set(route.remote, remote.build.prerendered());
      }
      // The federation runtime reads the remote's mf-manifest.json before its entry: named here,
      // it arrives with the scripts instead of one round trip after them.
      const html = withLinks({
        fetches: remote === undefined ? [] : [remote.manifestUrl],
        scripts: [...shellFiles, ...remoteFiles(manifests.get(route.remote), route.module)],
      });
      if (route.path.includes('/:')) patterns.push({ pattern: routePattern(route.path), html });
      else {
        pages.set(route.path, html);
        const page = prerendered.get(route.remote)?.[route.module];
        const withPaint = withFirstPaint(html, frames[route.path], page);
        if (withPaint !== undefined) painted.set(route.path, withPaint);
      }
    }
  };

  return {
    forRequest({ path, originalUrl }) {
      const now = Date.now();
      if (now - checkedAt >= MIN_RECHECK_MS) {
        checkedAt = now;
        const current = versionOfFiles();
        if (current !== version) {
          version = current;
          load();
        }
      }
      const page = path.length > 1 ? path.replace(/\/$/, '') : path;
      return (
        (originalUrl.includes('?') ? undefined : painted.get(page)) ??
        pages.get(page) ??
        patterns.find(({ pattern }) => pattern.test(page))?.html ??
        fallback
      );
    },
  };
}
