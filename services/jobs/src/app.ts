import {
  createServiceApp,
  type RateLimitHits,
  type ReadinessCheck,
  type TokenVerifier,
} from '@b2g/service-kit';
import type { Express } from 'express';
import type { Logger } from 'pino';
import type { JobPages } from './domain/job-pages.js';
import type { PostingReaders } from './domain/auto-fill.js';
import type { Curation } from './domain/curation.js';
import type { FeaturedJobs, FeaturedPins } from './domain/featured.js';
import type { FreshnessChecker } from './domain/freshness.js';
import type { Listing } from './domain/listing.js';
import type { Posting } from './domain/posting.js';
import { adminRoutes } from './routes/admin.js';
import { companyRoutes, type CompanyRoutesDeps } from './routes/companies.js';
import { employerRoutes, type EmployerRoutesDeps } from './routes/employer.js';
import { employerExtendRoutes, type EmployerExtendRoutesDeps } from './routes/employer-extend.js';
import { employerStatsRoutes, type EmployerStatsRoutesDeps } from './routes/employer-stats.js';
import { pageRoutes } from './routes/pages.js';
import { postChallengeRoutes, type PostChallengeRoutesDeps } from './routes/post-challenge.js';
import { publicRoutes, type PublicRoutesDeps, type RateLimitSetting } from './routes/public.js';
import { reviewRoutes, type ReviewRoutesDeps } from './routes/review.js';

export interface AppDeps
  extends
    Omit<EmployerRoutesDeps, 'hits' | 'logger'>,
    Omit<EmployerStatsRoutesDeps, 'employerAccess' | 'verifier'>,
    Omit<CompanyRoutesDeps, 'employerAccess' | 'verifier' | 'publicUrl'>,
    ReviewRoutesDeps,
    PostChallengeRoutesDeps,
    Pick<PublicRoutesDeps, 'clientKeys' | 'employerSessionEmail'> {
  logger: Logger;
  readiness: ReadinessCheck[];
  /** The expiry reminder's one-click extend and its limit per client. */
  expiry: EmployerExtendRoutesDeps['expiry'];
  extendLinkRateLimit: RateLimitSetting;
  listing: Listing;
  posting: Posting;
  curation: Curation;
  featuredJobs: FeaturedJobs;
  freshness: FreshnessChecker;
  featuredPins: FeaturedPins;
  verifier: TokenVerifier;
  readers: PostingReaders;
  postRateLimit: RateLimitSetting;
  extractRateLimit: RateLimitSetting;
  /** The rate limits' hits, shared by every instance. */
  hits: RateLimitHits;
  /** Job pages, the sitemap and feeds. */
  pages: JobPages;
  /** The site's public origin for absolute links (PUBLIC_URL); unset: each request's. */
  publicUrl?: string | undefined;
  /** express "trust proxy"; unset: service-kit's default (loopback). */
  trustProxy?: number | string;
}

/** The jobs HTTP API; no listening here (tests run it in-process). */
export function createApp(deps: AppDeps): Express {
  return createServiceApp({
    name: 'jobs',
    logger: deps.logger,
    readiness: deps.readiness,
    bodyLimit: '256kb',
    trustProxy: deps.trustProxy,
    // Page and challenge routes first: /api/jobs/feed.rss and /api/jobs/post-challenge are no job ids.
    routes: [
      pageRoutes(deps),
      postChallengeRoutes(deps),
      publicRoutes(deps),
      adminRoutes(deps),
      reviewRoutes(deps),
      companyRoutes(deps),
      employerRoutes(deps),
      employerExtendRoutes(deps),
      employerStatsRoutes(deps),
    ],
  });
}
