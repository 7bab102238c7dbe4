import { Outbox, ProcessedEvents, type EventBus } from '@b2g/event-bus';
import {
  mongoReadiness,
  RateLimitHits,
  RevocationSync,
  type Mailer,
  type RevocationSyncOptions,
  type TokenVerifier,
} from '@b2g/service-kit';
import type { Express } from 'express';
import type { Connection } from 'mongoose';
import type { Logger } from 'pino';
import { createApp } from './app.js';
import { ActivityRepository } from './data/activities.js';
import { AlertLedgerRepository } from './data/alert-ledger.js';
import { ApplicationRepository } from './data/applications.js';
import { BookmarkRepository } from './data/bookmarks.js';
import { MongoJobSnapshotStore } from './data/job-snapshots.js';
import { ensureIndexes, modelsOf, type Models } from './data/models.js';
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
import {
  instanceSubscriptions,
  serviceSubscriptions,
  type HandlerDeps,
} from './events/handlers.js';
import { toIntegrationEvents } from './events/outgoing.js';
import type { UserEmails } from './routes/alerts.js';

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

/** The domain's services, wired to their repositories: what the routes and the handlers call. */
export type UserActivity = HandlerDeps & {
  bookmarks: Bookmarks;
  applications: Applications;
  dashboard: Dashboard;
};

/**
 * The domain of the service wired to its repositories on one outbox (an instance has one; the
 * alerts bench builds several senders on one outbox, as several instances would be).
 */
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

export interface UserActivityInstanceDeps extends Omit<UserActivityDeps, 'outbox'> {
  bus: EventBus;
  verifier: TokenVerifier;
  /** The signed-in caller's e-mail address (auth). */
  userEmails: UserEmails;
  /** Alert sign-ups per client address within the window, counted for every instance together. */
  subscribeRateLimit: { limit: number; windowMs: number };
  trustProxy?: number | string;
  /**
   * Where auth lists the revoked sessions, read at start and after each reconnection (main; tests
   * publish session.revoked instead). Until it is loaded the instance is not ready.
   */
  auth?: Pick<RevocationSyncOptions, 'authUrl'>;
  /** Due alerts are looked for at least this often (unset: never; tests call `alerts.sendDue`). */
  alertTickMs?: number;
}

export interface UserActivityInstance {
  app: Express;
  models: Models;
  outbox: Outbox;
  service: UserActivity;
  /**
   * Builds the indexes, subscribes, starts the relay, the revocation list and the alert ticks.
   * The bus connects in the background (until it has, /readyz reports rabbitmq): wait for it with
   * `bus.waitForConnection()`.
   */
  start(): Promise<void>;
  /** Stops the ticks, the revocation list, the relay and the bus (the caller closes what it gave). */
  stop(): Promise<void>;
}

/** One running user-activity service, wired from its connections: what main starts and tests start. */
export function createUserActivityInstance(deps: UserActivityInstanceDeps): UserActivityInstance {
  const { connection, bus, logger, verifier } = deps;
  const outbox = new Outbox({ connection, bus, logger });
  const service = createUserActivity({ ...deps, outbox });
  const clock = deps.clock ?? (() => new Date());
  const revocations = deps.auth
    ? new RevocationSync({ ...deps.auth, verifier, logger, bus })
    : undefined;
  const app = createApp({
    ...service,
    logger,
    verifier,
    userEmails: deps.userEmails,
    subscribeRateLimit: deps.subscribeRateLimit,
    hits: new RateLimitHits(connection, { now: () => clock().getTime() }),
    ...(deps.trustProxy !== undefined ? { trustProxy: deps.trustProxy } : {}),
    readiness: [
      mongoReadiness(connection),
      { name: 'rabbitmq', isReady: () => bus.connected },
      ...(revocations ? [revocations.readiness] : []),
    ],
  });
  let stopAlerts = (): void => undefined;

  return {
    app,
    models: modelsOf(connection),
    outbox,
    service,
    async start() {
      await ensureIndexes(connection);
      const keyed = await service.savedSearches.keyOlderSearches();
      if (keyed > 0) logger.info({ keyed }, 'saved searches stored before keys were keyed');
      await bus.subscribe('instance', instanceSubscriptions({ verifier }));
      await bus.subscribe('service', serviceSubscriptions(service));
      bus.start().catch((error: unknown) => logger.error({ err: error }, 'event bus stopped'));
      outbox.start();
      revocations?.start();
      if (deps.alertTickMs) stopAlerts = startAlertTicks(service, deps.alertTickMs, logger);
    },
    async stop() {
      revocations?.stop();
      stopAlerts();
      await outbox.stop();
      await bus.close();
    },
  };
}

/**
 * Sends due alerts at least every `intervalMs`, and sooner when a search held back by the gap
 * between instant e-mails becomes due (so batching adds no tick on top of the gap). Several
 * instances may tick: a search is sent by the holder of its lock.
 */
export function startAlertTicks(
  service: Pick<UserActivity, 'alerts'>,
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
