import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { RemoteConfig, RemoteName } from './config.js';

/**
 * What the shell's build writes to dist/preload.json (frontends/shell/preload-plugin.mjs): the
 * files every page runs before it renders, and which remote module renders each page.
 */
interface PreloadPlan {
  bootstrap: string[];
  routes: { path: string; remote: string; module: string }[];
}

/** The parts of a remote's mf-manifest.json that name its files (any may be missing). */
interface RemoteManifest {
  metaData?: { publicPath?: string; remoteEntry?: { name?: string } };
  exposes?: { path?: string; assets?: { js?: { sync?: string[] } } }[];
}

const MIN_RECHECK_MS = 1_000;

function readJson<T>(file: string): T | undefined {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as T;
  } catch {
    return undefined;
  }
}

function mtimeOf(file: string): number {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return 0;
  }
}

function isSafeFileName(name: string): boolean {
  return /^[\w.-]+$/.test(name);
}

/** A remote's entry and the synchronous chunks of one of its modules, as paths on this origin. */
function remoteFiles(manifest: RemoteManifest | undefined, module: string): string[] {
  const publicPath = manifest?.metaData?.publicPath;
  const entry = manifest?.metaData?.remoteEntry?.name;
  if (publicPath === undefined || !/^\/[\w./-]*\/$/.test(publicPath) || entry === undefined)
    return [];
  const exposed = manifest?.exposes?.find((candidate) => candidate.path === module);
  const files = [entry, ...(exposed?.assets?.js?.sync ?? [])];
  return files.filter(isSafeFileName).map((file) => `${publicPath}${file}`);
}

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
 * the remote that renders the page (for remotes served from a folder; one behind a URL is left to
 * the browser). Without it the browser learns of each file only when the one before it has run
 * (HTML, main, bootstrap, manifest, remote entry, page chunks). The files are read again when
 * they change (checked at most once a second), so a frontend redeploys without the gateway.
 */
export function pageHtml(shellDir: string, remotes: Record<RemoteName, RemoteConfig>): PageHtml {
  const indexFile = join(shellDir, 'index.html');
  const planFile = join(shellDir, 'preload.json');
  const framesFile = join(shellDir, 'prerender.json');
  /**
   * Per remote served from a folder: its mf-manifest.json's file and the URL the runtime reads,
   * and its prerendered pages' file.
   */
  const manifestFiles = new Map<string, { file: string; url: string; prerendered: string }>();
  for (const [name, remote] of Object.entries(remotes)) {
    const defaultManifest = remote.manifestUrl === `/mfe/${name}/mf-manifest.json`;
    if (remote.location.kind === 'dir' && defaultManifest) {
      manifestFiles.set(name, {
        file: join(remote.location.dir, 'mf-manifest.json'),
        url: remote.manifestUrl,
        prerendered: join(remote.location.dir, 'prerender.json'),
      });
    }
  }
  const watched = [
    indexFile,
    planFile,
    framesFile,
    ...[...manifestFiles.values()].flatMap(({ file, prerendered }) => [file, prerendered]),
  ];

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
      const manifest = manifestFiles.get(route.remote);
      if (manifest !== undefined && !manifests.has(route.remote)) {
        manifests.set(route.remote, readJson<RemoteManifest>(manifest.file));
        prerendered.set(route.remote, readJson(manifest.prerendered) ?? {});
      }
      // The federation runtime reads the remote's mf-manifest.json before its entry: named here,
      // it arrives with the scripts instead of one round trip after them.
      const html = withLinks({
        fetches: manifest === undefined ? [] : [manifest.url],
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
        const current = watched.map(mtimeOf).join(',');
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
