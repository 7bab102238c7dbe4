import { escapeHtml, isPlainHost } from '@b2g/contracts';
import express, { type Request, type Router } from 'express';
import type { Logger } from 'pino';
import type { GatewayConfig } from '../config.js';
import type { UpstreamProxy } from '../proxy.js';
import type { UpstreamPool } from '../upstream-pool.js';
import { companyPageHandler } from './company-page.js';
import { jobPageHandler } from './job-page.js';
import type { PageRequest } from './page-html.js';

export interface SeoDeps {
  logger: Logger;
  /** The jobs service's instances, asked for each job page's head. */
  jobs: UpstreamPool;
  /** The jobs service's proxy for the sitemaps. */
  sitemaps: UpstreamProxy;
  /** The shell's index.html for a page request (undefined before the shell is built). */
  shellHtml: (req: PageRequest) => string | undefined;
}

/** The site's origin: PUBLIC_URL, else the request's (a host that is not a plain name is not echoed). */
function originOf(req: Request, configured: URL | undefined): string {
  if (configured) return configured.origin;
  return `${req.protocol}://${isPlainHost(req.host) ? req.host : 'localhost'}`;
}

/** What crawlers may read: the pages, feeds and logos, not the API, the accounts or the admin. */
function robotsTxt(origin: string): string {
  return [
    'User-agent: *',
    'Allow: /api/jobs/feed.rss',
    'Allow: /api/jobs/feed.json',
    // The logos an Organization's JSON-LD names (Google reads `*` within a path).
    'Allow: /api/companies/*/logo/',
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
 * The /jobs page with <link rel="alternate"> to the RSS and JSON feeds of its search (the same
 * query string), so a feed reader given the page's address finds them without JavaScript.
 */
function withFeedLinks(shell: string, url: string): string {
  const at = url.indexOf('?');
  const query = at < 0 ? '' : url.slice(at);
  const links = [
    ['application/rss+xml', 'feed.rss', 'RSS'],
    ['application/feed+json', 'feed.json', 'JSON Feed'],
  ].map(
    ([type, file, format]) =>
      `<link rel="alternate" type="${type}" title="B2G jobs of this search (${format})" href="${escapeHtml(`/api/jobs/${file}${query}`)}">`,
  );
  return shell.replace('</head>', `${links.join('')}</head>`);
}

/**
 * What search engines read: /robots.txt, the sitemap (an index at /sitemap.xml and its files
 * under /sitemaps/, both from the jobs service) and each job's and company's page with its head
 * filled in.
 */
export function seoRoutes(config: GatewayConfig, deps: SeoDeps): Router {
  const router = express.Router();
  router.get('/robots.txt', (req, res) => {
    res
      .set('Cache-Control', 'public, max-age=3600')
      .type('text/plain')
      .send(robotsTxt(originOf(req, config.publicUrl)));
  });
  router.get(['/sitemap.xml', '/sitemaps/:file'], (req, res) =>
    deps.sitemaps(req, res, config.upstreamTimeoutMs),
  );
  router.get('/jobs', (req, res, next) => {
    const shell = deps.shellHtml(req);
    if (shell === undefined) return next();
    // express adds the ETag and answers a matching If-None-Match with 304.
    res.set('Cache-Control', 'no-cache').type('html').send(withFeedLinks(shell, req.originalUrl));
  });
  const pageDeps = { jobs: deps.jobs, logger: deps.logger, shellHtml: deps.shellHtml };
  router.get('/jobs/:id', jobPageHandler(pageDeps));
  router.get('/companies/:slug', companyPageHandler(pageDeps));
  return router;
}
