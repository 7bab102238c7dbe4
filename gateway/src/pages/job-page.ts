import {
  documentTitle,
  escapeHtml,
  JOB_GONE_MESSAGE,
  jobIdSchema,
  jobPagePath,
  jobPageResponseSchema,
  type JobPageHead,
  type JobPageResponse,
  type SimilarJob,
} from '@b2g/contracts';
import type { Request, RequestHandler, Response } from 'express';
import type { Logger } from 'pino';
import type { UpstreamPool } from '../upstream-pool.js';
import type { PageRequest } from './page-html.js';

/** How long the jobs service may take to describe a job before the page goes out without it. */
const LOOKUP_TIMEOUT_MS = 2_000;
/**
 * A closed or edited job's page must change at once: browsers and proxies revalidate every time,
 * and this gateway keeps an answer only long enough to absorb a burst of the same page.
 */
const MEMO_TTL_MS = 1_000;
const MEMO_MAX_ENTRIES = 1_000;

/** What the jobs service said about a job: its page, or that it does not exist. */
type Lookup = PageLookup<JobPageResponse>;

export interface JobPageDeps {
  /** The jobs service's instances: each lookup asks the least busy one. */
  jobs: UpstreamPool;
  logger: Logger;
  /** The shell's index.html for a page request (undefined before the shell is built). */
  shellHtml: (req: PageRequest) => string | undefined;
}

/**
 * JSON inside <script type="application/ld+json">: nothing in it can end the element, open a
 * comment or break a line for an old parser (`<`, `>`, `&`, U+2028, U+2029 as \u escapes).
 */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/** The shell page with this title, description and extra head markup, and `body` in #root. */
export function withHead(
  shell: string,
  head: { title: string; description?: string; extra: string },
  body = '',
): string {
  let html = shell.replace(/<title>[^<]*<\/title>/i, `<title>${escapeHtml(head.title)}</title>`);
  if (head.description !== undefined) {
    html = html.replace(
      /<meta\s+name=["']?description["']?[^>]*>/i,
      `<meta name="description" content="${escapeHtml(head.description)}">`,
    );
  }
  html = html.replace('</head>', `${head.extra}</head>`);
  // The client replaces #root's content when it renders: this is for readers without JavaScript.
  return body
    ? html.replace(/<div id=["']?root["']?><\/div>/i, `<div id="root">${body}</div>`)
    : html;
}

function similarList(similar: readonly SimilarJob[]): string {
  if (similar.length === 0) return '';
  const items = similar.map(
    (job) =>
      `<li><a href="${escapeHtml(jobPagePath(job.id))}">${escapeHtml(job.title)}</a> – ${escapeHtml(job.company)}, ${escapeHtml(job.location)}</li>`,
  );
  return `<h2>Similar jobs</h2><ul>${items.join('')}</ul>`;
}

export const NOINDEX = '<meta name="robots" content="noindex">';

/** A page's head as the service describes it, as link, Open Graph and JSON-LD markup. */
export function headMarkup(head: JobPageHead): string {
  return [
    `<link rel="canonical" href="${escapeHtml(head.canonicalUrl)}">`,
    `<meta property="og:title" content="${escapeHtml(head.title)}">`,
    `<meta property="og:description" content="${escapeHtml(head.description)}">`,
    `<meta property="og:url" content="${escapeHtml(head.canonicalUrl)}">`,
    '<meta property="og:type" content="website">',
    `<script type="application/ld+json">${scriptSafeJson(head.jsonLd)}</script>`,
  ].join('');
}

/** The page of a job lookup: status, HTML. */
export function renderJobPage(shell: string, lookup: Lookup): { status: number; html: string } {
  if (lookup.status === 'active') {
    const { head } = lookup;
    const extra = headMarkup(head);
    return {
      status: 200,
      html: withHead(shell, {
        title: documentTitle(head.title),
        description: head.description,
        extra,
      }),
    };
  }
  if (lookup.status === 'gone') {
    const body = `<main><h1>${JOB_GONE_MESSAGE}</h1>${similarList(lookup.similar)}</main>`;
    return {
      status: 410,
      html: withHead(shell, { title: documentTitle(JOB_GONE_MESSAGE), extra: NOINDEX }, body),
    };
  }
  return {
    status: 404,
    html: withHead(shell, { title: documentTitle('Job not found'), extra: NOINDEX }),
  };
}

/** What a service said of a page: its answer, or that the page does not exist. */
export type PageLookup<T> = T | { status: 'unknown' };

/**
 * Asks the jobs service for a page's answer at `path` (GET, JSON, at most LOOKUP_TIMEOUT_MS),
 * kept MEMO_TTL_MS per Host and path (at most MEMO_MAX_ENTRIES): 404 and 400 are "unknown";
 * undefined when it cannot answer in time (the plain shell page goes out, never cached).
 */
export function pageLookup<T>(
  deps: Pick<JobPageDeps, 'jobs' | 'logger'>,
  parse: (body: unknown) => T,
): (path: string, req: Request) => Promise<PageLookup<T> | undefined> {
  const memo = new Map<string, { until: number; lookup: PageLookup<T> }>();
  return async (path, req) => {
    // Absolute links in the answer follow the Host header (without PUBLIC_URL), so one client's
    // Host never reaches another's page.
    const key = `${req.get('host') ?? ''} ${path}`;
    const cached = memo.get(key);
    if (cached && cached.until > Date.now()) return cached.lookup;
    const url = new URL(path, deps.jobs.pick()!.url);
    try {
      const res = await fetch(url, {
        signal: AbortSignal.timeout(LOOKUP_TIMEOUT_MS),
        headers: {
          accept: 'application/json',
          'x-forwarded-host': req.get('host') ?? '',
          'x-forwarded-proto': req.protocol,
          'x-request-id': String(req.id),
        },
      });
      let lookup: PageLookup<T>;
      if (res.status === 404 || res.status === 400) lookup = { status: 'unknown' };
      else if (res.ok) lookup = parse(await res.json());
      else {
        deps.logger.warn({ status: res.status, reqId: req.id, path }, 'page lookup failed');
        return undefined;
      }
      if (memo.size >= MEMO_MAX_ENTRIES) memo.delete(memo.keys().next().value as string);
      memo.set(key, { until: Date.now() + MEMO_TTL_MS, lookup });
      return lookup;
    } catch (err) {
      deps.logger.warn({ err, reqId: req.id, path }, 'page lookup failed');
      return undefined;
    }
  };
}

/** Sends a page's HTML: PAGE_CACHE when it was looked up, `no-store` when not. */
export const sendPage = (res: Response, status: number, html: string, cache: string) =>
  res.status(status).set('Cache-Control', cache).type('html').send(html);

export const PAGE_CACHE = 'public, no-cache';

/**
 * GET /jobs/:id: the shell page with the job's title, meta description, canonical URL and
 * JobPosting JSON-LD in its head, before any JavaScript runs; 410 with noindex for a deleted,
 * expired or closed job, 404 for an unknown or malformed id. The jobs service's answer is kept
 * MEMO_TTL_MS (at most MEMO_MAX_ENTRIES jobs). When it cannot answer in time the plain shell page
 * goes out (never cached), and the client shows its own error.
 */
export function jobPageHandler(deps: JobPageDeps): RequestHandler {
  const lookUp = pageLookup(deps, (body) => jobPageResponseSchema.parse(body));

  return async (req, res, next) => {
    const shell = deps.shellHtml(req);
    if (shell === undefined) return next();
    const valid = jobIdSchema.safeParse(req.params.id);
    const lookup: Lookup | undefined = valid.success
      ? await lookUp(`/api/jobs/${encodeURIComponent(valid.data)}/page`, req)
      : { status: 'unknown' };
    if (lookup === undefined) return sendPage(res, 200, shell, 'no-store');
    const page = renderJobPage(shell, lookup);
    sendPage(res, page.status, page.html, PAGE_CACHE);
  };
}
