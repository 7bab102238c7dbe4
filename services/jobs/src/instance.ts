import { setTimeout as sleep } from 'node:timers/promises';
import type { EventBus } from '@b2g/event-bus';
import { Outbox } from '@b2g/event-bus';
import { mongoReadiness, type RevocationSync, type TokenVerifier } from '@b2g/service-kit';
import type { Client } from '@opensearch-project/opensearch';
import type { Express } from 'express';
import type { Connection } from 'mongoose';
import type { Logger } from 'pino';
import { createApp } from './app.js';
import { createModels, type JobsModels } from './data/job-model.js';
import { DuplicateHashError, JobsRepository } from './data/jobs-repository.js';
import { OpenSearchJobIndex } from './data/search-index.js';
import { DEFAULT_ATS_API_BASES, type AtsApiBases } from './domain/ats.js';
import type { PostingReaders } from './domain/auto-fill.js';
import { JobsService } from './domain/jobs-service.js';
import { instanceHandlers, serviceHandlers } from './events/registries.js';
import { fetchHtmlPage, fetchJson } from './net/safe-fetch.js';
import type { RateLimitSetting } from './routes/public.js';

export interface InstanceSettings {
  extractAllowedHosts: readonly string[];
  postRateLimit: RateLimitSetting;
  extractRateLimit: RateLimitSetting;
  /** express "trust proxy" (TRUST_PROXY); unset: service-kit's default (loopback). */
  trustProxy?: number | string;
  /** Where the ATS APIs are read (tests: a loopback server); default their public hosts. */
  atsApiBases?: Partial<AtsApiBases>;
  /** The alias of the search index and its replicas per shard. */
  searchIndex: { alias: string; replicas: number };
}

export interface JobsInstanceDeps {
  connection: Connection;
  bus: EventBus;
  search: Client;
  logger: Logger;
  verifier: TokenVerifier;
  settings: InstanceSettings;
  /** Keeps the verifier's revoked admin sign-ins complete (main; tests publish session.revoked). */
  revocations?: RevocationSync;
}

export interface JobsInstance {
  app: Express;
  models: JobsModels;
  repository: JobsRepository;
  searchIndex: OpenSearchJobIndex;
  service: JobsService;
  outbox: Outbox;
  /**
   * Subscribes, connects the bus and starts the outbox relay; then, in the background, rebuilds
   * the search index if it is missing or does not hold every active job (`indexChecked` settles
   * when that is done). The instance answers at once.
   */
  start(): Promise<void>;
  indexChecked: Promise<void>;
  /** Stops the relay and the bus (the caller closes the connections it gave). */
  stop(): Promise<void>;
}

/** One running jobs service, wired from its connections: what main starts and tests start twice. */
export function createJobsInstance(deps: JobsInstanceDeps): JobsInstance {
  const { connection, bus, logger, settings } = deps;
  const models = createModels(connection);
  const outbox = new Outbox({ connection, bus, logger, models: [models.Job] });
  const repository = new JobsRepository(models, outbox);
  const searchIndex = new OpenSearchJobIndex({
    client: deps.search,
    alias: settings.searchIndex.alias,
    replicas: settings.searchIndex.replicas,
    logger,
  });
  const service = new JobsService({
    store: repository,
    search: searchIndex,
    isDuplicate: (error) => error instanceof DuplicateHashError,
  });
  const allowedHosts = new Set(settings.extractAllowedHosts);
  const readers: PostingReaders = {
    fetchPage: (url) => fetchHtmlPage(url, { allowedHosts }),
    fetchJson: (url, validators) => fetchJson(url, validators, { allowedHosts }),
    atsApiBases: { ...DEFAULT_ATS_API_BASES, ...settings.atsApiBases },
  };
  const app = createApp({
    logger,
    readiness: [
      mongoReadiness(connection),
      { name: 'rabbitmq', isReady: () => bus.connected },
      // Listing without a search text and every write work without it: degraded, not down.
      { name: 'opensearch', isReady: () => searchIndex.reachable(), partial: true },
      ...(deps.revocations ? [deps.revocations.readiness] : []),
    ],
    service,
    verifier: deps.verifier,
    readers,
    postRateLimit: settings.postRateLimit,
    extractRateLimit: settings.extractRateLimit,
    trustProxy: settings.trustProxy,
  });
  const stopping = new AbortController();
  let checked: () => void = () => undefined;
  const indexChecked = new Promise<void>((resolve) => {
    checked = resolve;
  });

  /** Rebuilds the index unless it holds every active job; retried while OpenSearch is down. */
  async function checkIndex() {
    for (let attempt = 0; !stopping.signal.aborted; attempt++) {
      try {
        if (!(await searchIndex.isCurrent(() => repository.countActive()))) {
          logger.info('search index missing or incomplete: rebuilding it');
          await searchIndex.rebuild(repository.active());
        }
        return;
      } catch (error) {
        logger.warn({ err: error, attempt }, 'search index check failed, trying again');
        await sleep(Math.min(30_000, 1_000 * 2 ** attempt), undefined, {
          signal: stopping.signal,
        }).catch(() => undefined);
      }
    }
  }

  return {
    app,
    models,
    repository,
    searchIndex,
    service,
    outbox,
    indexChecked,
    async start() {
      await models.Job.init();
      await bus.subscribe('instance', instanceHandlers(deps.verifier));
      await bus.subscribe('service', serviceHandlers(service));
      deps.revocations?.start();
      await bus.start();
      outbox.start();
      void checkIndex().finally(checked);
    },
    async stop() {
      stopping.abort();
      deps.revocations?.stop();
      await outbox.stop();
      await bus.close();
    },
  };
}
