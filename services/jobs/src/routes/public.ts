import {
  createJobRequestSchema,
  EMPLOYER_SESSION_COOKIE,
  ERROR_MESSAGES,
  extractFromUrlRequestSchema,
  jobIdParamSchema,
  JOBS_DEGRADED_HEADER,
  JOBS_NEXT_CURSOR_HEADER,
  JOBS_TOTAL_COUNT_HEADER,
  jobsQuerySchema,
  POST_HONEYPOT_FIELD,
  POST_PROOF_FIELD,
} from '@b2g/contracts';
import {
  correlationOf,
  createRateLimit,
  parseWith,
  readCookie,
  type RateLimitHits,
  type TokenVerifier,
} from '@b2g/service-kit';
import { Router, type Request } from 'express';
import { autoFill, type PostingReaders } from '../domain/auto-fill.js';
import type { FeaturedJobs } from '../domain/featured.js';
import type { Listing } from '../domain/listing.js';
import type { Posting } from '../domain/posting.js';
import { accountOf } from './employer.js';

export interface RateLimitSetting {
  limit: number;
  windowMs: number;
}

export interface PublicRoutesDeps {
  listing: Listing;
  posting: Posting;
  featuredJobs: FeaturedJobs;
  readers: PostingReaders;
  postRateLimit: RateLimitSetting;
  extractRateLimit: RateLimitSetting;
  /** Where every instance counts the limits' hits (the service's database). */
  hits: RateLimitHits;
  /** A signed-in user's post belongs to their account (and its e-mail address). */
  verifier: TokenVerifier;
  /** The client's key for the trust signals: an HMAC of its address, never the address. */
  clientKeys: { keyOf(address: string): Promise<string> };
  /** The address an employer session cookie proves, if the request has a live one. */
  employerSessionEmail: (secret: string | undefined) => Promise<string | undefined>;
}

/** The limits' names in the shared store: one budget per client address across instances. */
export const RATE_LIMIT_NAMES = { post: 'job-post:ip', extract: 'extract-from-url:ip' } as const;

export function publicRoutes(deps: PublicRoutesDeps): Router {
  const router = Router();

  /** Whether an employer session cookie on the request is for the post's address. */
  const sessionProves = async (req: Request, email: string | undefined) =>
    email !== undefined &&
    (await deps.employerSessionEmail(readCookie(req.headers.cookie, EMPLOYER_SESSION_COOKIE))) ===
      email.trim().toLowerCase();

  router.get('/api/jobs', async (req, res) => {
    const query = parseWith(jobsQuerySchema, req.query);
    const page = await deps.listing.listJobs(query);
    res.set(JOBS_TOTAL_COUNT_HEADER, String(page.total));
    if (page.nextCursor) res.set(JOBS_NEXT_CURSOR_HEADER, page.nextCursor);
    // Newest first from the database: the search index is down (no relevance, no facets).
    if (page.degraded) res.set(JOBS_DEGRADED_HEADER, 'search-index-unavailable');
    res.json(page.items);
  });

  router.get('/api/jobs/facets', async (req, res) => {
    res.json(await deps.listing.facets(parseWith(jobsQuerySchema, req.query)));
  });

  router.get('/api/jobs/featured', async (_req, res) => {
    res.json(await deps.featuredJobs.featured());
  });

  router.get('/api/jobs/:id', async (req, res) => {
    const { id } = parseWith(jobIdParamSchema, req.params);
    res.json(await deps.listing.getActive(id));
  });

  router.post(
    '/api/jobs',
    createRateLimit({
      ...deps.postRateLimit,
      message: ERROR_MESSAGES.rateLimited,
      shared: { hits: deps.hits, name: RATE_LIMIT_NAMES.post },
    }),
    async (req, res) => {
      const body = parseWith(createJobRequestSchema, req.body);
      const account = await accountOf(req, deps.verifier);
      const posterEmail = account?.email ?? body.posterEmail;
      const context = {
        emailVerified: account !== undefined || (await sessionProves(req, posterEmail)),
        clientKey: await deps.clientKeys.keyOf(req.ip ?? ''),
        honeypot: body[POST_HONEYPOT_FIELD],
        proof: body[POST_PROOF_FIELD],
      };
      res
        .status(201)
        .json(
          await deps.posting.createPublic(
            { ...body, posterEmail, posterAccountId: account?.id },
            context,
            correlationOf(req),
          ),
        );
    },
  );

  router.post(
    '/api/jobs/extract-from-url',
    createRateLimit({
      ...deps.extractRateLimit,
      message: ERROR_MESSAGES.rateLimited,
      shared: { hits: deps.hits, name: RATE_LIMIT_NAMES.extract },
    }),
    async (req, res) => {
      const { url } = parseWith(extractFromUrlRequestSchema, req.body);
      res.json(await autoFill(url, deps.readers));
    },
  );

  return router;
}
