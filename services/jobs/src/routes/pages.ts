import {
  jobIdParamSchema,
  jobPagePath,
  jobsQuerySchema,
  sitemapFileParamSchema,
  type JobsQuery,
} from '@b2g/contracts';
import { parseWith } from '@b2g/service-kit';
import { Router, type Request } from 'express';
import type { Companies } from '../domain/companies.js';
import type { JobPages } from '../domain/job-pages.js';
import {
  jsonFeed,
  newestOf,
  publicOrigin,
  rssFeed,
  sendConditional,
  sitemapIndex,
  writeSitemap,
  type FeedMeta,
} from './documents.js';

export interface PageRoutesDeps {
  pages: JobPages;
  /** The company pages of the sitemap. */
  companies: Companies;
  /** The site's public origin for absolute links (PUBLIC_URL); unset: the request's. */
  publicUrl?: string | undefined;
}

/** A feed or page answer may be cached this long by browsers and proxies. */
const FEED_MAX_AGE_SECONDS = 300;
const PAGE_MAX_AGE_SECONDS = 60;
/** The sitemap file of company pages (companies with active jobs). */
const COMPANIES_SITEMAP_PATH = '/sitemaps/companies.xml';

/** Parameters that choose a page of results, not the search: a feed is always its newest items. */
const PAGING = new Set<keyof JobsQuery>(['limit', 'offset', 'sort', 'cursor']);

/** The search's filters and text as the /jobs page's query string. */
function searchParams(query: JobsQuery): URLSearchParams {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (!PAGING.has(name as keyof JobsQuery) && value !== undefined && value !== '')
      params.set(name, String(value));
  }
  return params;
}

/**
 * Job pages, the sitemap and feeds of searches: GET /api/jobs/:id/page (what a job's page shows,
 * and its HTML head), GET /api/jobs/feed.rss and /api/jobs/feed.json (the parameters of GET
 * /api/jobs), GET /sitemap.xml (an index) and /sitemaps/jobs-<hex digit>.xml and /sitemaps/companies.xml (the gateway routes them here).
 */
export function pageRoutes(deps: PageRoutesDeps): Router {
  const router = Router();
  const origin = (req: Request) => publicOrigin(req, deps.publicUrl);

  const feed = (kind: 'rss' | 'json') =>
    router.get(`/api/jobs/feed.${kind}`, async (req, res) => {
      const query = parseWith(jobsQuerySchema, req.query);
      const { items } = await deps.pages.feed(query);
      const search = searchParams(query);
      const meta: FeedMeta = {
        origin: origin(req),
        search,
        selfPath: `/api/jobs/feed.${kind}${search.size > 0 ? `?${search.toString()}` : ''}`,
      };
      sendConditional(req, res, {
        type: kind === 'rss' ? 'application/rss+xml' : 'application/feed+json',
        body: kind === 'rss' ? rssFeed(items, meta) : jsonFeed(items, meta),
        lastModified: newestOf(items),
        maxAgeSeconds: FEED_MAX_AGE_SECONDS,
      });
    });
  feed('rss');
  feed('json');

  router.get('/api/jobs/:id/page', async (req, res) => {
    const { id } = parseWith(jobIdParamSchema, req.params);
    const page = await deps.pages.page(id, origin(req));
    res.set('Cache-Control', `public, max-age=${PAGE_MAX_AGE_SECONDS}`).json(page);
  });

  router.get('/sitemap.xml', async (req, res) => {
    res
      .type('application/xml')
      .set('Cache-Control', 'public, max-age=3600')
      .send(
        sitemapIndex(origin(req), [
          ...deps.pages.sitemapFiles().map((file) => `/sitemaps/jobs-${file}.xml`),
          COMPANIES_SITEMAP_PATH,
        ]),
      );
  });

  router.get('/sitemaps/jobs-:file.xml', async (req, res) => {
    const { file } = parseWith(sitemapFileParamSchema, req.params);
    await writeSitemap(res, origin(req), deps.pages.sitemapFile(file), (entry) =>
      jobPagePath(entry.id),
    );
  });

  router.get(COMPANIES_SITEMAP_PATH, async (req, res) => {
    await writeSitemap(
      res,
      origin(req),
      deps.companies.sitemap(),
      (entry) => `/companies/${entry.slug}`,
    );
  });

  return router;
}
