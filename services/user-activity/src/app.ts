import { ProcessedEvents, type Outbox } from '@b2g/event-bus';
import {
  createServiceApp,
  type Mailer,
  type ReadinessCheck,
  type TokenVerifier,
} from '@b2g/service-kit';
import type { Express } from 'express';
import type { Connection } from 'mongoose';
import type { Logger } from 'pino';
import { ActivityRepository } from './data/activities.js';
import { AlertLedgerRepository } from './data/alert-ledger.js';
import { ApplicationRepository } from './data/applications.js';
import { BookmarkRepository } from './data/bookmarks.js';
import { MongoJobSnapshotStore } from './data/job-snapshots.js';
import { modelsOf } from './data/models.js';
import { SavedSearchRepository } from './data/saved-searches.js';
import { ActivityFeed } from './domain/activity.js';
import { AlertLinks } from './domain/alert-mail.js';
import { AlertSender } from './domain/alerts.js';
import { Applications } from './domain/applications.js';
import { Bookmarks } from './domain/bookmarks.js';
import { Dashboard } from './domain/dashboard.js';
import { JobCatalog } from './domain/jobs.js';
import { LinkTokens } from './domain/link-tokens.js';
import type { JobLookup } from './domain/ports.js';
import { SavedSearches } from './domain/saved-searches.js';
import { UserData } from './domain/users.js';
import type { HandlerDeps } from './events/handlers.js';
import { SERVICE_NAME, toIntegrationEvents } from './events/outgoing.js';
import { alertRoutes, type UserEmails } from './routes/alerts.js';
import { userRoutes } from './routes/user.js';

/** Settings of saved-search alerts. */
export interface AlertSettings {
  /** Origin of the links in alert e-mails. */
  publicBaseUrl: string;
  /** HMAC key of those links. */
  linkSecret: string;
  mailer: Mailer;
  /** Confirmation e-mails one address may be sent per day. */
  confirmMailsPerAddress: number;
}

export interface UserActivityDeps {
  connection: Connection;
  /** Writes changes with their events, and relays them. */
  outbox: Outbox;
  /** The jobs service, asked when a job snapshot is missing. */
  jobsApi: JobLookup;
  logger: Logger;
  alerts: AlertSettings;
  /** Injected clock: "now" of new records and "today" of follow-ups. */
  clock?: () => Date;
}

export type UserActivity = HandlerDeps & {
  bookmarks: Bookmarks;
  applications: Applications;
  dashboard: Dashboard;
};

/** The domain of the service wired to its repositories: shared by the HTTP routes and the consumers. */
export function createUserActivity(deps: UserActivityDeps): UserActivity {
  const clock = deps.clock ?? (() => new Date());
  const models = modelsOf(deps.connection);
  const { outbox } = deps;
  const outgoing = toIntegrationEvents;
  const bookmarkRepo = new BookmarkRepository(models.Bookmark, outbox, outgoing);
  const applicationRepo = new ApplicationRepository(models.Application, outbox, outgoing);
  const activityRepo = new ActivityRepository(models.Activity);
  const searchRepo = new SavedSearchRepository(models.SavedSearch, outbox, outgoing);
  const alertLedger = new AlertLedgerRepository(models, outbox, outgoing);
  const tokens = new LinkTokens(deps.alerts.linkSecret, clock);
  const links = new AlertLinks(deps.alerts.publicBaseUrl);
  const jobs = new JobCatalog(
    new MongoJobSnapshotStore(models.JobSnapshot, outbox),
    deps.jobsApi,
    deps.logger,
  );
  return {
    jobs,
    bookmarks: new Bookmarks(bookmarkRepo, jobs, clock),
    applications: new Applications(applicationRepo, activityRepo, jobs, clock),
    dashboard: new Dashboard(applicationRepo, bookmarkRepo, clock),
    feed: new ActivityFeed(activityRepo, bookmarkRepo, applicationRepo),
    userData: new UserData(bookmarkRepo, applicationRepo, activityRepo, jobs, clock),
    processed: new ProcessedEvents(deps.connection),
    savedSearches: new SavedSearches({
      store: searchRepo,
      alerts: alertLedger,
      tokens,
      links,
      mailer: deps.alerts.mailer,
      clock,
      confirmMailsPerAddress: deps.alerts.confirmMailsPerAddress,
    }),
    alerts: new AlertSender({
      searches: searchRepo,
      ledger: alertLedger,
      jobs,
      tokens,
      links,
      mailer: deps.alerts.mailer,
      logger: deps.logger,
    }),
  };
}

export interface AppDeps {
  logger: Logger;
  verifier: TokenVerifier;
  service: UserActivity;
  readiness: ReadinessCheck[];
  /** The signed-in caller's e-mail address (auth). */
  userEmails: UserEmails;
  /** Alert sign-ups per client address per hour. */
  subscribeRateLimit: number;
  trustProxy?: number | string;
}

/** The HTTP app (no listening: main serves it, tests drive it in-process). */
export function createApp(deps: AppDeps): Express {
  return createServiceApp({
    name: SERVICE_NAME,
    logger: deps.logger,
    readiness: deps.readiness,
    routes: [
      userRoutes({ verifier: deps.verifier, ...deps.service }),
      alertRoutes({
        verifier: deps.verifier,
        savedSearches: deps.service.savedSearches,
        userEmails: deps.userEmails,
        subscribeRateLimit: deps.subscribeRateLimit,
      }),
    ],
    bodyLimit: '16kb',
    ...(deps.trustProxy !== undefined ? { trustProxy: deps.trustProxy } : {}),
  });
}

/**
 * Sends due alerts at least every `intervalMs`, and sooner when a search held back by the minute
 * between instant e-mails becomes due (so batching adds no tick on top of the minute). Several
 * instances may tick: a search is sent by the holder of its lock.
 */
export function startAlertTicks(
  service: UserActivity,
  intervalMs: number,
  logger: Logger,
): () => void {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const schedule = (delayMs: number) => {
    if (stopped) return;
    timer = setTimeout(tick, delayMs);
    timer.unref();
  };
  const tick = () => {
    service.alerts
      .sendDue(new Date())
      .catch((error: unknown) => logger.warn({ err: error }, 'sending alerts failed'))
      .finally(() => {
        const next = service.alerts.nextDueAt();
        const untilNext = next === null ? intervalMs : next.getTime() - Date.now();
        schedule(Math.min(intervalMs, Math.max(MIN_TICK_GAP_MS, untilNext)));
      });
  };
  schedule(intervalMs);
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}

/** The shortest pause between two sends of one instance. */
const MIN_TICK_GAP_MS = 250;
