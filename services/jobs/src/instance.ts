import type { EventBus } from '@b2g/event-bus';
import { Outbox } from '@b2g/event-bus';
import { mongoReadiness, type RevocationSync, type TokenVerifier } from '@b2g/service-kit';
import type { Express } from 'express';
import type { Connection } from 'mongoose';
import type { Logger } from 'pino';
import { createApp } from './app.js';
import { createModels, type JobsModels } from './data/job-model.js';
import { DuplicateHashError, JobsRepository } from './data/jobs-repository.js';
import { IndexSync, type BuildStats } from './domain/index-sync.js';
import { JobsService } from './domain/jobs-service.js';
import { instanceHandlers, serviceHandlers } from './events/registries.js';
import { fetchHtmlPage } from './net/safe-fetch.js';
import type { RateLimitSetting } from './routes/public.js';

export interface InstanceSettings {
  extractAllowedHosts: readonly string[];
  postRateLimit: RateLimitSetting;
  extractRateLimit: RateLimitSetting;
  searchCacheSize: number;
  /** express "trust proxy" (TRUST_PROXY); unset: service-kit's default (loopback). */
  trustProxy?: number | string;
}

export interface JobsInstanceDeps {
  connection: Connection;
  bus: EventBus;
  logger: Logger;
  verifier: TokenVerifier;
  settings: InstanceSettings;
  /** Keeps the verifier's revoked admin sign-ins complete (main; tests publish session.revoked). */
  revocations?: RevocationSync;
}

export interface JobsInstance {
  app: Express;
  models: JobsModels;
  sync: IndexSync;
  service: JobsService;
  outbox: Outbox;
  /** Subscribes, connects the bus, starts the outbox relay, then builds the search index. */
  start(): Promise<BuildStats>;
  /** Stops the relay and the bus (the caller closes the connection it gave). */
  stop(): Promise<void>;
}

/** One running jobs service, wired from its connections: what main starts and tests start twice. */
export function createJobsInstance(deps: JobsInstanceDeps): JobsInstance {
  const { connection, bus, logger, settings } = deps;
  const models = createModels(connection);
  const outbox = new Outbox({ connection, bus, logger, models: [models.Job] });
  const repository = new JobsRepository(models, outbox);
  const sync = new IndexSync(repository, {
    logger,
    index: { searchCacheSize: settings.searchCacheSize },
  });
  const service = new JobsService({
    store: repository,
    sync,
    isDuplicate: (error) => error instanceof DuplicateHashError,
  });
  const allowedHosts = new Set(settings.extractAllowedHosts);
  const app = createApp({
    logger,
    readiness: [
      mongoReadiness(connection),
      { name: 'rabbitmq', isReady: () => bus.connected },
      { name: 'search-index', isReady: () => sync.ready },
      ...(deps.revocations ? [deps.revocations.readiness] : []),
    ],
    service,
    sync,
    verifier: deps.verifier,
    fetchPage: (url) => fetchHtmlPage(url, { allowedHosts }),
    postRateLimit: settings.postRateLimit,
    extractRateLimit: settings.extractRateLimit,
    trustProxy: settings.trustProxy,
  });
  let stopListening: (() => void) | undefined;

  return {
    app,
    models,
    sync,
    service,
    outbox,
    async start() {
      await models.Job.init();
      await bus.subscribe('instance', instanceHandlers(sync, deps.verifier));
      await bus.subscribe('service', serviceHandlers(service));
      let connectedBefore = false;
      // A per-instance queue does not outlive its connection: after a reconnect, rebuild from the database.
      stopListening = bus.onConnectionChange((connected) => {
        if (!connected) return;
        if (connectedBefore) {
          sync
            .load()
            .catch((error: unknown) => logger.error({ err: error }, 'search index rebuild failed'));
        }
        connectedBefore = true;
      });
      deps.revocations?.start();
      await bus.start();
      connectedBefore = true;
      outbox.start();
      return sync.load();
    },
    async stop() {
      stopListening?.();
      deps.revocations?.stop();
      await outbox.stop();
      await bus.close();
    },
  };
}
