import { randomUUID } from 'node:crypto';
import { ProcessedEvents, type EventBus } from '@b2g/event-bus';
import {
  mongoReadiness,
  RevocationSync,
  SyncedRateLimits,
  type RevocationSyncOptions,
  type TokenVerifier,
} from '@b2g/service-kit';
import type { Express } from 'express';
import type { Connection } from 'mongoose';
import type { Logger } from 'pino';
import { createApp } from './app.js';
import { MongoCounterStore } from './data/counters.js';
import { ensureIndexes, modelsOf, type Models } from './data/models.js';
import {
  ensureProcessedEventsIndex,
  forgetProcessedEvents,
  PROCESSED_EVENTS_KEEP_MS,
} from './data/processed.js';
import { MongoSaltStore } from './data/salts.js';
import { MongoVisitStore } from './data/visits.js';
import { AdminStatsReader } from './domain/admin-stats.js';
import { BoardFacts } from './domain/board-facts.js';
import { Collector } from './domain/collector.js';
import { dayOf } from './domain/days.js';
import { JobStatsReader } from './domain/job-stats.js';
import { Tally } from './domain/tally.js';
import { finishedVisitDays, Visitors } from './domain/visitors.js';
import { instanceSubscriptions, serviceSubscriptions } from './events/handlers.js';
import type { EventsRateLimit } from './routes/collect.js';

export interface AnalyticsInstanceDeps {
  connection: Connection;
  bus: EventBus;
  logger: Logger;
  verifier: TokenVerifier;
  /** Counts are written at least this often (and once more at stop). */
  flushIntervalMs: number;
  /** Event batches per client address within the window. */
  eventsRateLimit: EventsRateLimit;
  trustProxy?: number | string;
  /** Where auth lists the revoked sessions (main; tests publish session.revoked instead). */
  auth?: Pick<RevocationSyncOptions, 'authUrl'>;
  /** Injected clock: the day an event is counted on (tests move it across midnight). */
  clock?: () => Date;
  /** Names this process's partial counters; a new one for every process (default: random). */
  instanceId?: string;
}

export interface AnalyticsInstance {
  app: Express;
  models: Models;
  /** This process's running totals (tests and the bench flush them at will). */
  tally: Tally;
  /** Writes the running totals, and this instance's counts of the shared limits, now. */
  flush(): Promise<void>;
  /** Builds the indexes, subscribes, starts the bus, the revocation list and the flushes. */
  start(): Promise<void>;
  /** Stops the flushes after writing the totals once more, then the bus (the caller closes what it gave). */
  stop(): Promise<void>;
}

/** How often the records of counted events and of finished days' visits are cleaned up. */
const SWEEP_INTERVAL_MS = 60 * 60 * 1000;

/** One running analytics service, wired from its connections: what main starts and tests start. */
export function createAnalyticsInstance(deps: AnalyticsInstanceDeps): AnalyticsInstance {
  const { connection, bus, logger, verifier } = deps;
  const clock = deps.clock ?? (() => new Date());
  const models = modelsOf(connection);
  const counters = new MongoCounterStore(models.Counter);
  const visits = new MongoVisitStore(models.Visit);
  const tally = new Tally(deps.instanceId ?? randomUUID(), counters, visits);
  const limits = new SyncedRateLimits(connection, { now: () => clock().getTime() });
  const revocations = deps.auth
    ? new RevocationSync({ ...deps.auth, verifier, logger, bus, partial: true })
    : undefined;
  const app = createApp({
    logger,
    verifier,
    collector: new Collector(tally, new Visitors(new MongoSaltStore(models.Salt)), clock),
    jobStats: new JobStatsReader(counters, clock),
    adminStats: new AdminStatsReader(counters, clock),
    eventsRateLimit: deps.eventsRateLimit,
    limits,
    ...(deps.trustProxy !== undefined ? { trustProxy: deps.trustProxy } : {}),
    readiness: [
      mongoReadiness(connection),
      // Counting goes on without the broker; only the admin's sign-in checks need it.
      { name: 'rabbitmq', isReady: () => bus.connected, partial: true },
      ...(revocations ? [revocations.readiness] : []),
    ],
  });
  const flush = async () => {
    await Promise.all([tally.flush(dayOf(clock())), limits.sync()]);
  };
  const facts = new BoardFacts(tally, clock);
  const forgetOldRecords = () =>
    Promise.all([
      forgetProcessedEvents(connection, new Date(clock().getTime() - PROCESSED_EVENTS_KEEP_MS)),
      visits.forgetDays(finishedVisitDays(dayOf(clock()))),
    ]).catch((error: unknown) => logger.warn({ err: error }, 'deleting old records failed'));
  let timer: NodeJS.Timeout | undefined;
  let sweep: NodeJS.Timeout | undefined;

  return {
    app,
    models,
    tally,
    flush,
    async start() {
      await Promise.all([ensureIndexes(connection), ensureProcessedEventsIndex(connection)]);
      await bus.subscribe('instance', instanceSubscriptions({ verifier }));
      await bus.subscribe(
        'service',
        serviceSubscriptions({ facts, processed: new ProcessedEvents(connection) }),
      );
      bus.start().catch((error: unknown) => logger.error({ err: error }, 'event bus stopped'));
      revocations?.start();
      timer = setInterval(() => {
        flush().catch((error: unknown) => logger.warn({ err: error }, 'writing counts failed'));
      }, deps.flushIntervalMs);
      timer.unref();
      void forgetOldRecords();
      sweep = setInterval(() => void forgetOldRecords(), SWEEP_INTERVAL_MS);
      sweep.unref();
    },
    async stop() {
      clearInterval(timer);
      clearInterval(sweep);
      revocations?.stop();
      await flush().catch((error: unknown) =>
        logger.error({ err: error }, 'writing counts at stop failed: they are lost'),
      );
      await bus.close();
    },
  };
}
