import {
  createServiceApp,
  type RateLimitHits,
  type ReadinessCheck,
  type TokenVerifier,
} from '@b2g/service-kit';
import type { Express } from 'express';
import type { Logger } from 'pino';
import type { ActivityFeed } from './domain/activity.js';
import type { Applications } from './domain/applications.js';
import type { Bookmarks } from './domain/bookmarks.js';
import type { Dashboard } from './domain/dashboard.js';
import type { SavedSearches } from './domain/saved-searches.js';
import { SERVICE_NAME } from './events/outgoing.js';
import { alertRoutes, type UserEmails } from './routes/alerts.js';
import { userRoutes } from './routes/user.js';

export interface AppDeps {
  logger: Logger;
  verifier: TokenVerifier;
  readiness: ReadinessCheck[];
  bookmarks: Bookmarks;
  applications: Applications;
  dashboard: Dashboard;
  feed: ActivityFeed;
  savedSearches: SavedSearches;
  /** The signed-in caller's e-mail address (auth). */
  userEmails: UserEmails;
  /** Alert sign-ups per client address within the window. */
  subscribeRateLimit: { limit: number; windowMs: number };
  /** The counts of every instance's limits. */
  hits: RateLimitHits;
  trustProxy?: number | string;
}

/** The HTTP app (no listening: main serves it, tests drive it in-process). */
export function createApp(deps: AppDeps): Express {
  return createServiceApp({
    name: SERVICE_NAME,
    logger: deps.logger,
    readiness: deps.readiness,
    routes: [userRoutes(deps), alertRoutes(deps)],
    bodyLimit: '16kb',
    ...(deps.trustProxy !== undefined ? { trustProxy: deps.trustProxy } : {}),
  });
}
