import { createServiceApp, type ReadinessCheck, type TokenVerifier } from '@b2g/service-kit';
import type { Express } from 'express';
import type { Logger } from 'pino';
import type { PostingReaders } from './domain/auto-fill.js';
import type { FeaturedPins } from './domain/featured.js';
import type { FreshnessChecker } from './domain/freshness.js';
import type { JobsService } from './domain/jobs-service.js';
import { adminRoutes } from './routes/admin.js';
import { publicRoutes, type RateLimitSetting } from './routes/public.js';

export interface AppDeps {
  logger: Logger;
  readiness: ReadinessCheck[];
  service: JobsService;
  freshness: FreshnessChecker;
  featuredPins: FeaturedPins;
  verifier: TokenVerifier;
  readers: PostingReaders;
  postRateLimit: RateLimitSetting;
  extractRateLimit: RateLimitSetting;
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
    routes: [publicRoutes(deps), adminRoutes(deps)],
  });
}
