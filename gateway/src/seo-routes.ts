import { isPlainHost } from '@b2g/contracts';
import express, { type Request, type Router } from 'express';
import type { Logger } from 'pino';
import type { GatewayConfig } from './config.js';
import { jobPageHandler } from './job-page.js';
import { createUpstreamProxy, type UpstreamAgents } from './proxy.js';

export interface SeoDeps {
  logger: Logger;
  agents: UpstreamAgents;
  /** The shell's index.html for a path (undefined before the shell is built). */
  shellHtml: (path: string) => string | undefined;
}

/** The site's origin: PUBLIC_URL, else the request's (a host that is not a plain name is not echoed). */
function originOf(req: Request, configured: URL | undefined): string {
  if (configured) return configured.origin;
  return `${req.protocol}://${isPlainHost(req.host) ? req.host : 'localhost'}`;
}

/** What crawlers may read: the pages and feeds, not the API, the accounts or the admin. */
function robotsTxt(origin: string): string {
  return [
    'User-agent: *',
    'Allow: /api/jobs/feed.rss',
    'Allow: /api/jobs/feed.json',
    'Disallow: /api/',
    'Disallow: /admin/',
    'Disallow: /dashboard',
    'Disallow: /profile',
    'Disallow: /reset-password',
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}

/**
 * What search engines read: /robots.txt, the sitemap (an index at /sitemap.xml and its files
 * under /sitemaps/, both from the jobs service) and each job's page with its head filled in.
 */
export function seoRoutes(config: GatewayConfig, deps: SeoDeps): Router {
  const router = express.Router();
  const jobs = createUpstreamProxy({
    name: 'jobs',
    target: config.upstreams.jobs,
    agents: deps.agents,
    logger: deps.logger,
    changeOrigin: false,
  });

  router.get('/robots.txt', (req, res) => {
    res
      .set('Cache-Control', 'public, max-age=3600')
      .type('text/plain')
      .send(robotsTxt(originOf(req, config.publicUrl)));
  });
  router.get(['/sitemap.xml', '/sitemaps/:file'], (req, res, next) =>
    jobs(req, res, next, config.upstreamTimeoutMs),
  );
  router.get(
    '/jobs/:id',
    jobPageHandler({
      jobsUrl: config.upstreams.jobs,
      logger: deps.logger,
      shellHtml: deps.shellHtml,
    }),
  );
  return router;
}
