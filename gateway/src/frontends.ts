import { basename } from 'node:path';
import express, { type RequestHandler, type Router } from 'express';
import expressStaticGzip from 'express-static-gzip';
import { REMOTE_NAMES, type GatewayConfig, type RemoteName } from './config.js';
import { sendError } from './errors.js';
import type { UpstreamProxy } from './proxy.js';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

/** Files whose name stays the same from one build to the next: browsers must ask every time. */
const ENTRY_FILES = new Set(['index.html', 'remoteEntry.js', 'mf-manifest.json', 'manifest.json']);

/**
 * A content hash in a file name, as webpack writes `[name].[contenthash].js`: a dot- or
 * dash-separated run of 6+ hex digits with at least one digit and one letter in it, so words
 * such as "facade" and numbers such as "202401" are not taken for hashes.
 */
const CONTENT_HASH = /[.-](?=[0-9a-f]*\d)(?=[0-9a-f]*[a-f])[0-9a-f]{6,}\./i;

export function cacheControlFor(filePath: string): string {
  // A precompressed copy (main.abc123.js.br) is cached like the file it stands for.
  const name = basename(filePath).replace(/\.(br|gz)$/, '');
  if (ENTRY_FILES.has(name)) return REVALIDATE;
  return CONTENT_HASH.test(name) ? IMMUTABLE : REVALIDATE;
}

/**
 * A build folder. The production builds write a brotli (.br) and a gzip (.gz) copy beside each
 * text file; the one the browser accepts is sent as it is (brotli first), which is smaller than
 * compressing on the fly and costs no CPU per request. The folder is read for them when the
 * gateway starts; a file without a copy is compressed on the fly.
 */
export function staticFolder(dir: string): RequestHandler {
  return expressStaticGzip(dir, {
    enableBrotli: true,
    orderPreference: ['br', 'gzip'],
    index: false,
    serveStatic: {
      index: false,
      redirect: false,
      cacheControl: false,
      setHeaders: (res, filePath) => res.setHeader('Cache-Control', cacheControlFor(filePath)),
    },
  });
}

const notFound: RequestHandler = (_req, res) => {
  sendError(res, 'NOT_FOUND', 'Not found.');
};

/**
 * /mfe/manifest.json (where the shell finds each remote), /config.json (the run-time settings
 * of the frontends) and /mfe/<remote>/* (each remote's bundle, from its folder or its upstream).
 * The shell's own files are staticFolder(config.shellDir).
 */
export function bundleRoutes(
  config: GatewayConfig,
  remoteProxies: Partial<Record<RemoteName, UpstreamProxy>>,
): Router {
  const router = express.Router();
  const manifest = Object.fromEntries(
    REMOTE_NAMES.map((remote) => [remote, config.remotes[remote].manifestUrl]),
  ) as Record<RemoteName, string>;

  router.get('/mfe/manifest.json', (_req, res) => {
    res.set('Cache-Control', REVALIDATE).json(manifest);
  });

  router.get('/config.json', (_req, res) => {
    res.set('Cache-Control', REVALIDATE).json(config.site);
  });

  for (const remote of REMOTE_NAMES) {
    const { location } = config.remotes[remote];
    const proxy = remoteProxies[remote];
    if (location.kind === 'dir') {
      router.use(`/mfe/${remote}`, staticFolder(location.dir), notFound);
    } else if (proxy !== undefined) {
      router.use(`/mfe/${remote}`, (req, res) => proxy(req, res, config.upstreamTimeoutMs));
    }
  }
  router.use('/mfe', notFound);

  return router;
}
