import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

// What the pages' HTML reads of each remote's build (its manifest and its prerendered pages),
// from a folder or from the upstream that serves the remote.

/** The parts of a remote's mf-manifest.json that name its files (any may be missing). */
export interface RemoteManifest {
  metaData?: { publicPath?: string; remoteEntry?: { name?: string } };
  exposes?: { path?: string; assets?: { js?: { sync?: string[] } } }[];
}

function parsed<T>(text: string | undefined): T | undefined {
  try {
    return text === undefined ? undefined : (JSON.parse(text) as T);
  } catch {
    return undefined;
  }
}

export function readJson<T>(file: string): T | undefined {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
  return parsed<T>(text);
}

export function mtimeOf(file: string): number {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return 0;
  }
}

export function isSafeFileName(name: string): boolean {
  return /^[\w.-]+$/.test(name);
}

/** A remote's entry and the synchronous chunks of one of its modules, as paths on this origin. */
export function remoteFiles(manifest: RemoteManifest | undefined, module: string): string[] {
  const publicPath = manifest?.metaData?.publicPath;
  const entry = manifest?.metaData?.remoteEntry?.name;
  if (publicPath === undefined || !/^\/[\w./-]*\/$/.test(publicPath) || entry === undefined)
    return [];
  const exposed = manifest?.exposes?.find((candidate) => candidate.path === module);
  const files = [entry, ...(exposed?.assets?.js?.sync ?? [])];
  return files.filter(isSafeFileName).map((file) => `${publicPath}${file}`);
}

/** What of a remote's build the pages' HTML uses: its manifest and its prerendered pages. */
export interface RemoteBuild {
  /** Changes whenever the two below may answer differently; asking it may start a fresh read. */
  version(): string;
  manifest(): RemoteManifest | undefined;
  /** Prerendered pages by exposed module (`prerender.json`). */
  prerendered(): Record<string, string>;
}

export function remoteBuildInDir(dir: string): RemoteBuild {
  const manifestFile = join(dir, 'mf-manifest.json');
  const prerenderedFile = join(dir, 'prerender.json');
  return {
    version: () => `${mtimeOf(manifestFile)},${mtimeOf(prerenderedFile)}`,
    manifest: () => readJson(manifestFile),
    prerendered: () => readJson(prerenderedFile) ?? {},
  };
}

/** How often a remote behind a URL is asked again for its build's files, at most. */
const URL_RECHECK_MS = 5_000;
const URL_READ_TIMEOUT_MS = 2_000;
/** Larger answers are not taken (prerender.json of the public remote is about 18 KB). */
const URL_READ_MAX_CHARS = 2_000_000;

/** The text of `file` under `base`; undefined when it cannot be had, as for a missing file. */
async function readText(base: URL, file: string): Promise<string | undefined> {
  try {
    const response = await fetch(new URL(file, `${base.href.replace(/\/$/, '')}/`), {
      signal: AbortSignal.timeout(URL_READ_TIMEOUT_MS),
      redirect: 'error',
    });
    const announced = Number(response.headers.get('content-length') ?? 0);
    if (!response.ok || announced > URL_READ_MAX_CHARS) {
      await response.body?.cancel();
      return undefined;
    }
    const text = await response.text();
    return text.length <= URL_READ_MAX_CHARS ? text : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A remote served by an upstream (compose and k8s run each frontend in a container of its own):
 * its files are read over HTTP, at start and then at most every URL_RECHECK_MS while pages are
 * asked for, never on a page's own path. Until the first read ends, pages go without them.
 */
export function remoteBuildAtUrl(base: URL): RemoteBuild {
  let texts: (string | undefined)[] = [];
  let version = 0;
  let readAt = Number.NEGATIVE_INFINITY;
  let reading = false;
  const read = () => {
    if (reading || Date.now() - readAt < URL_RECHECK_MS) return;
    reading = true;
    readAt = Date.now();
    void Promise.all(['mf-manifest.json', 'prerender.json'].map((file) => readText(base, file)))
      .then((latest) => {
        if (latest.some((text, index) => text !== texts[index])) {
          texts = latest;
          version++;
        }
      })
      .finally(() => {
        reading = false;
      });
  };
  read();
  return {
    version: () => {
      read();
      return `v${version}`;
    },
    manifest: () => parsed(texts[0]),
    prerendered: () => parsed(texts[1]) ?? {},
  };
}
