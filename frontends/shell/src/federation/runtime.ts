import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { loadRemote, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import type { ComponentType } from 'react';
import type { RemoteName } from '../routes.js';
import { fetchRemoteManifest, type RemoteManifest } from './manifest.js';
import { RemoteUnavailableFallback } from './RemoteUnavailable.js';

/** Thrown when a remote has no location in the gateway's manifest. */
export class RemoteNotConfiguredError extends Error {
  override readonly name = 'RemoteNotConfiguredError';
  constructor(readonly remote: string) {
    super(`Remote "${remote}" is not listed in the remote manifest`);
  }
}

/**
 * Turns a remote that fails to load (manifest, remoteEntry or module) into a module whose
 * default export is the "temporarily unavailable" view, so the page keeps its header, footer
 * and other remotes. The error is logged once per failure.
 */
export function remoteFailurePlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'b2g-remote-failure',
    errorLoadRemote({ id, error, lifecycle }) {
      console.error(`[federation] ${id} failed to load (${lifecycle})`, error);
      if (lifecycle === 'onLoad') {
        return () => ({ __esModule: true, default: RemoteUnavailableFallback });
      }
      return undefined;
    },
  };
}

let manifestPromise: Promise<RemoteManifest> | null = null;
const registered = new Map<RemoteName, string>();
let pluginsRegistered = false;

function registerFromManifest(manifest: RemoteManifest, force = false): void {
  const remotes = Object.entries(manifest).map(([name, entry]) => ({ name, entry }));
  if (remotes.length > 0) registerRemotes(remotes, { force });
  for (const { name, entry } of remotes) registered.set(name as RemoteName, entry);
}

/** Reads the gateway's manifest once (again after a failure) and registers every remote. */
export function initFederation(preloaded?: RemoteManifest): Promise<RemoteManifest> {
  if (!pluginsRegistered) {
    registerPlugins([remoteFailurePlugin()]);
    pluginsRegistered = true;
  }
  if (!manifestPromise) {
    manifestPromise = (preloaded ? Promise.resolve(preloaded) : fetchRemoteManifest()).then(
      (manifest) => {
        registerFromManifest(manifest);
        return manifest;
      },
      (error: unknown) => {
        manifestPromise = null;
        throw error;
      },
    );
  }
  return manifestPromise;
}

/** Forgets what is cached about a remote so the next load fetches it afresh (Retry). */
export function resetRemote(remote: RemoteName): void {
  const entry = registered.get(remote);
  if (entry) registerRemotes([{ name: remote, entry }], { force: true });
  else manifestPromise = null;
}

/** Loads the default export of `module` from `remote`, for React.lazy. */
export async function loadRemoteComponent(
  remote: RemoteName,
  module: string,
): Promise<{ default: ComponentType }> {
  const manifest = await initFederation();
  if (!manifest[remote]) throw new RemoteNotConfiguredError(remote);
  const loaded = await loadRemote<{ default?: ComponentType } | (() => { default: ComponentType })>(
    `${remote}/${module.replace(/^\.\//, '')}`,
  );
  const exports = typeof loaded === 'function' ? loaded() : loaded;
  if (!exports?.default) throw new Error(`${remote}/${module} has no default export`);
  return { default: exports.default };
}
