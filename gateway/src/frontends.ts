import { basename } from 'node:path';
import express, { type RequestHandler, type Response, type Router } from 'express';
import expressStaticGzip from 'express-static-gzip';
import type { Logger } from 'pino';
import { REMOTE_NAMES, type GatewayConfig, type RemoteName } from './config.js';
import { sendError } from './errors.js';
import { pageHtml } from './page-html.js';
import { createUpstreamProxy } from './proxy.js';
import type { UpstreamPools } from './upstream-pool.js';
import { seoRoutes } from './seo-routes.js';

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

/** /assets/main.abc123.js names a file; /dashboard and /jobs/42 are routes of the client. */
function looksLikeFile(path: string): boolean {
  return /\.[a-z0-9]{1,10}$/i.test(path.slice(path.lastIndexOf('/') + 1));
}

/**
 * A build folder. The production builds write a brotli (.br) and a gzip (.gz) copy beside each
 * text file; the one the browser accepts is sent as it is (brotli first), which is smaller than
 * compressing on the fly and costs no CPU per request. The folder is read for them when the
 * gateway starts; a file without a copy is compressed on the fly as before.
 */
function staticFolder(dir: string): RequestHandler {
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

const NOT_BUILT_PAGE = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Frontend not built</title></head>
<body style="font-family: system-ui, sans-serif; margin: 3rem;">
<h1>The frontend is not built yet</h1>
<p>The gateway is running, but the shell's bundle is missing. Build the frontends
(<code>npm start</code> builds them, or <code>node scripts/pnpm.mjs build</code>) and reload this page.</p>
</body>
</html>
`;

function frontendNotBuilt(res: Response): void {
  res.status(503).set('Cache-Control', 'no-store').type('html').send(NOT_BUILT_PAGE);
}

export interface FrontendDeps {
  logger: Logger;
  pools: UpstreamPools;
}

/**
 * /mfe/manifest.json (where the shell finds each remote), /config.json (the run-time settings
 * of the frontends), /mfe/<remote>/* (each remote's bundle,
 * from its folder or its upstream), the shell's files, and the shell's index.html for every other
 * page path so the client router decides what it shows.
 */
export function frontendRoutes(config: GatewayConfig, deps: FrontendDeps): Router {
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
    const pool = deps.pools.remotes[remote];
    if (location.kind === 'dir') {
      router.use(`/mfe/${remote}`, staticFolder(location.dir), notFound);
    } else if (pool !== undefined) {
      const proxy = createUpstreamProxy({
        name: `mfe-${remote}`,
        pool,
        logger: deps.logger,
        changeOrigin: true,
      });
      router.use(`/mfe/${remote}`, (req, res) => proxy(req, res, config.upstreamTimeoutMs));
    }
  }
  router.use('/mfe', notFound);

  const pages = pageHtml(config.shellDir, config.remotes);
  router.use(seoRoutes(config, { ...deps, shellHtml: (req) => pages.forRequest(req) }));

  router.use(staticFolder(config.shellDir));

  router.use((req, res, next) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || looksLikeFile(req.path)) return next();
    const html = pages.forRequest(req);
    if (html === undefined) return frontendNotBuilt(res);
    // express adds the ETag and answers a matching If-None-Match with 304.
    res.set('Cache-Control', REVALIDATE).type('html').send(html);
  });

  return router;
}
