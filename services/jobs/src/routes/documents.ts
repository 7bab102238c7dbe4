import { createHash } from 'node:crypto';
import {
  ANALYTICS_REF_PARAM,
  isPlainHost,
  jobPagePath,
  SITE_NAME,
  type JobListItem,
} from '@b2g/contracts';
import type { Request, Response } from 'express';

/** Characters XML 1.0 forbids anywhere (control characters, lone surrogates, U+FFFE/U+FFFF). */
const NOT_XML =
  // eslint-disable-next-line no-control-regex -- these are exactly the characters to drop
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Text for an XML element or a quoted attribute: markup characters escaped, forbidden ones dropped. */
export function escapeXml(text: string): string {
  return text.replace(NOT_XML, '').replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/**
 * The site's origin for absolute links: PUBLIC_URL when set, else the request's (as the gateway
 * forwards it, per trust proxy); a host that is not a plain host name or address is not echoed.
 */
export function publicOrigin(req: Request, configured: string | undefined): string {
  if (configured) return configured.replace(/\/+$/, '');
  // express reads X-Forwarded-Host only from a trusted proxy (the gateway).
  const host = req.host;
  return `${req.protocol}://${isPlainHost(host) ? host : 'localhost'}`;
}

/**
 * Sends `body` with an ETag (its digest) and Last-Modified, or 304 when the client's copy is
 * current: If-None-Match decides when sent, else If-Modified-Since (RFC 9110 §13.2.2).
 */
export function sendConditional(
  req: Request,
  res: Response,
  document: { type: string; body: string; lastModified: Date | undefined; maxAgeSeconds: number },
): void {
  const etag = `"${createHash('sha256').update(document.body).digest('base64url').slice(0, 27)}"`;
  res.set('ETag', etag);
  res.set('Cache-Control', `public, max-age=${document.maxAgeSeconds}`);
  res.set('Vary', 'Accept-Encoding');
  const lastModified = document.lastModified
    ? new Date(Math.floor(document.lastModified.getTime() / 1000) * 1000)
    : undefined;
  if (lastModified) res.set('Last-Modified', lastModified.toUTCString());
  const ifNoneMatch = req.get('if-none-match');
  const ifModifiedSince = req.get('if-modified-since');
  const matches = (tag: string) => tag.trim().replace(/^W\//, '') === etag || tag.trim() === '*';
  const notModified =
    ifNoneMatch !== undefined
      ? ifNoneMatch.split(',').some(matches)
      : ifModifiedSince !== undefined &&
        lastModified !== undefined &&
        !Number.isNaN(Date.parse(ifModifiedSince)) &&
        lastModified.getTime() <= Date.parse(ifModifiedSince);
  if (notModified) {
    res.status(304).end();
    return;
  }
  res.type(document.type).send(document.body);
}

/** What a feed is of: its search as a query string of /jobs, and where it is. */
export interface FeedMeta {
  origin: string;
  /** The search's parameters (the /jobs page's URL query). */
  search: URLSearchParams;
  selfPath: string;
}

/** The newest posting date of the items: the feed's Last-Modified. */
export function newestOf(items: readonly JobListItem[]): Date | undefined {
  const newest = Math.max(...items.map((item) => Date.parse(item.postedAt)));
  return Number.isFinite(newest) ? new Date(newest) : undefined;
}

function feedTitle(search: URLSearchParams): string {
  const terms = [...search.values()].filter(Boolean);
  return terms.length > 0 ? `${SITE_NAME}: ${terms.join(', ')}` : `${SITE_NAME}: newest jobs`;
}

function searchUrl(meta: FeedMeta): string {
  const query = meta.search.toString();
  return `${meta.origin}/jobs${query ? `?${query}` : ''}`;
}

/**
 * Where a feed item links: the job's page, marked as reached from a feed (the page reports it and
 * drops the mark). The item's id stays the plain address, so readers know the item as before.
 */
const itemLink = (url: string) => `${url}?${ANALYTICS_REF_PARAM}=feed`;

/** The search as RSS 2.0: an item per job linking to its page on this site. */
export function rssFeed(items: readonly JobListItem[], meta: FeedMeta): string {
  const title = feedTitle(meta.search);
  const built = newestOf(items) ?? new Date(0);
  const entries = items.map((job) => {
    const url = `${meta.origin}${jobPagePath(job.id)}`;
    const categories = [job.sector, job.jobFunction].filter((value) => value !== null);
    return [
      '<item>',
      `<title>${escapeXml(job.title)}</title>`,
      `<link>${escapeXml(itemLink(url))}</link>`,
      `<guid isPermaLink="true">${escapeXml(url)}</guid>`,
      `<pubDate>${new Date(job.postedAt).toUTCString()}</pubDate>`,
      `<description>${escapeXml(`${job.company} · ${job.location}\n\n${job.description}`)}</description>`,
      ...categories.map((category) => `<category>${escapeXml(category)}</category>`),
      '</item>',
    ].join('');
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom"><channel>',
    `<title>${escapeXml(title)}</title>`,
    `<link>${escapeXml(searchUrl(meta))}</link>`,
    `<description>${escapeXml(`The newest jobs of this search on the ${SITE_NAME}.`)}</description>`,
    `<atom:link href="${escapeXml(meta.origin + meta.selfPath)}" rel="self" type="application/rss+xml"/>`,
    '<language>en-us</language>',
    `<lastBuildDate>${built.toUTCString()}</lastBuildDate>`,
    ...entries,
    '</channel></rss>',
    '',
  ].join('\n');
}

/** The search as JSON Feed 1.1 (https://jsonfeed.org/version/1.1). */
export function jsonFeed(items: readonly JobListItem[], meta: FeedMeta): string {
  return JSON.stringify({
    version: 'https://jsonfeed.org/version/1.1',
    title: feedTitle(meta.search),
    home_page_url: searchUrl(meta),
    feed_url: meta.origin + meta.selfPath,
    description: `The newest jobs of this search on the ${SITE_NAME}.`,
    language: 'en-US',
    items: items.map((job) => {
      const url = `${meta.origin}${jobPagePath(job.id)}`;
      const external = job.url ?? job.link;
      return {
        id: url,
        url: itemLink(url),
        ...(external ? { external_url: external } : {}),
        title: job.title,
        content_text: job.description,
        summary: `${job.company} · ${job.location}`,
        date_published: job.postedAt,
        authors: [{ name: job.company }],
        tags: [job.sector, ...(job.jobFunction ? [job.jobFunction] : [])],
      };
    }),
  });
}

/** The sitemap index: its files (paths on this site), of job pages and of company pages. */
export function sitemapIndex(origin: string, paths: readonly string[]): string {
  const entries = paths.map(
    (path) => `<sitemap><loc>${escapeXml(`${origin}${path}`)}</loc></sitemap>`,
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...entries,
    '</sitemapindex>',
    '',
  ].join('\n');
}

/**
 * Writes a sitemap file as the entries stream in (never all in memory), each page's path by
 * `pathOf` (a job's page by default). The first batch is read before anything is sent, so a
 * failing source is still a clean error answer.
 */
export async function writeSitemap<T extends { lastModified: Date }>(
  res: Response,
  origin: string,
  entries: AsyncIterable<T>,
  pathOf: (entry: T) => string,
): Promise<void> {
  const iterator = entries[Symbol.asyncIterator]();
  let next = await iterator.next();
  res.type('application/xml').set('Cache-Control', 'public, max-age=3600');
  res.write(
    '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n',
  );
  while (!next.done) {
    const entry = next.value;
    const line = `<url><loc>${escapeXml(origin + pathOf(entry))}</loc><lastmod>${entry.lastModified.toISOString()}</lastmod></url>\n`;
    if (!res.write(line)) await new Promise((resolve) => res.once('drain', resolve));
    next = await iterator.next();
  }
  res.end('</urlset>\n');
}
