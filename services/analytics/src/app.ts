import { ANALYTICS_BODY_LIMIT_BYTES } from '@b2g/contracts';
import {
  createServiceApp,
  type ReadinessCheck,
  type SyncedRateLimits,
  type TokenVerifier,
} from '@b2g/service-kit';
import type { Express } from 'express';
import type { Logger } from 'pino';
import type { AdminStatsReader } from './domain/admin-stats.js';
import type { Collector } from './domain/collector.js';
import type { JobStatsReader } from './domain/job-stats.js';
import { SERVICE_NAME } from './events/handlers.js';
import { collectRoutes, type EventsRateLimit } from './routes/collect.js';
import { statsRoutes } from './routes/stats.js';

export interface AppDeps {
  logger: Logger;
  verifier: TokenVerifier;
  readiness: ReadinessCheck[];
  collector: Collector;
  jobStats: JobStatsReader;
  adminStats: AdminStatsReader;
  /** Event batches per client address within the window. */
  eventsRateLimit: EventsRateLimit;
  /** The counts of the limits every instance shares. */
  limits: SyncedRateLimits;
  trustProxy?: number | string;
}

/** The HTTP app (no listening: main serves it, tests drive it in-process). */
export function createApp(deps: AppDeps): Express {
  return createServiceApp({
    name: SERVICE_NAME,
    logger: deps.logger,
    readiness: deps.readiness,
    routes: [collectRoutes(deps), statsRoutes(deps)],
    bodyLimit: `${ANALYTICS_BODY_LIMIT_BYTES}b`,
    ...(deps.trustProxy !== undefined ? { trustProxy: deps.trustProxy } : {}),
  });
}
