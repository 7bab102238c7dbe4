import type { RemoteName } from '../routes.js';

/** Served by the gateway from its environment: where each remote's mf-manifest.json lives. */
export const REMOTE_MANIFEST_URL = '/mfe/manifest.json';

export type RemoteManifest = Partial<Record<RemoteName, string>>;

const REMOTE_NAMES: readonly RemoteName[] = ['public', 'dashboard', 'admin'];

/** Keeps the known remotes whose location is a non-empty string. */
export function parseRemoteManifest(raw: unknown): RemoteManifest {
  if (typeof raw !== 'object' || raw === null) throw new Error('Remote manifest is not an object');
  const manifest: RemoteManifest = {};
  for (const name of REMOTE_NAMES) {
    const entry = (raw as Record<string, unknown>)[name];
    if (typeof entry === 'string' && entry.trim()) manifest[name] = entry.trim();
  }
  return manifest;
}

export async function fetchRemoteManifest(): Promise<RemoteManifest> {
  // The browser's default cache mode, so the page head's preload of this file is used (the
  // gateway sends it with `Cache-Control: no-cache`: it is revalidated, never reused stale).
  const res = await fetch(REMOTE_MANIFEST_URL, { headers: { Accept: 'application/json' } });
  if (!res.ok) throw new Error(`${res.status}: ${res.statusText}`);
  return parseRemoteManifest(await res.json());
}
