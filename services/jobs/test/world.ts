import type { EventType, IntegrationEvent } from '@b2g/contracts';
import { EventBus, HandlerRegistry } from '@b2g/event-bus';
import { deleteTopologyAt } from '@b2g/event-bus/testing';
import { testAmqpUrl, testMongoUrl, uniqueName } from '@b2g/infra/test-env';
import { connectMongo, createLogger, type TokenVerifier } from '@b2g/service-kit';
import { createTestTokens, startedForFile } from '@b2g/service-kit/testing';
import { Client } from '@opensearch-project/opensearch';
import type { Connection } from 'mongoose';
import {
  createJobsInstance,
  type InstanceSettings,
  type JobsInstance,
  type JobsInstanceDeps,
} from '../src/instance.js';

/** Quiet unless LOG_LEVEL is set. */
export const logger = createLogger({ name: 'jobs-test', level: process.env.LOG_LEVEL ?? 'silent' });

export const FAST_RETRIES = [50, 100];

export const DAY = 86_400_000;

const DEFAULT_SETTINGS: Omit<InstanceSettings, 'searchIndex'> = {
  extractAllowedHosts: [],
  postRateLimit: { limit: 1_000, windowMs: 60_000 },
  extractRateLimit: { limit: 1_000, windowMs: 60_000 },
};

/**
 * Where a test file's instances meet: one database, one exchange, one service name, one search
 * index alias (on the OpenSearch every test file shares).
 */
export interface TestWorld {
  mongoUrl: string;
  exchange: string;
  service: string;
  alias: string;
  /** Service names of listeners, whose dead-letter queues are removed with the world. */
  listeners: string[];
}

export function newWorld(mongoUrl = testMongoUrl('jobs')): TestWorld {
  return {
    mongoUrl,
    exchange: uniqueName('ex'),
    service: uniqueName('jobs'),
    alias: uniqueName('jobs_search'),
    listeners: [],
  };
}

export function testOpenSearchUrl(): string {
  const url = process.env.OPENSEARCH_URL;
  if (!url) throw new Error('OPENSEARCH_URL is not set: run the tests through vitest');
  return url;
}

/** A client of the shared OpenSearch (or of `node`, e.g. a proxy in front of it). */
export function searchClient(node = testOpenSearchUrl()): Client {
  return new Client({ node, requestTimeout: 5_000, maxRetries: 0 });
}

/** Makes every write to the world's search index visible to searches now. */
export async function refreshSearch(world: TestWorld): Promise<void> {
  const client = searchClient();
  try {
    await client.indices.refresh({ index: `${world.alias}*` });
  } finally {
    await client.close();
  }
}

/** Deletes the world's search indices. */
export async function removeSearchIndices(world: TestWorld): Promise<void> {
  const client = searchClient();
  try {
    await client.indices.delete({ index: `${world.alias}-*`, ignore_unavailable: true });
  } finally {
    await client.close();
  }
}

export interface RunningInstance extends JobsInstance {
  connection: Connection;
  bus: EventBus;
  search: Client;
  close(): Promise<void>;
}

export interface StartOptions {
  amqpUrl?: string;
  /** Where the instance reaches OpenSearch (default: the shared one). */
  opensearchUrl?: string;
  /** Wait until the start-up index check (and any rebuild) is done; default true. */
  waitForIndex?: boolean;
  /** Another verifier than the test tokens' one (e.g. one reading a real auth's keys). */
  verifier?: TokenVerifier;
  /** Read the revoked sign-ins from this auth, as main does. */
  auth?: JobsInstanceDeps['auth'];
  /** Sends the employers' e-mails (default: none sent). */
  mailer?: JobsInstanceDeps['mailer'];
  /** The instance's own logger (default: the quiet test logger). */
  logger?: JobsInstanceDeps['logger'];
}

export const tokens = createTestTokens();

/** One jobs service as main starts it, in this process. */
export async function startInstance(
  world: TestWorld,
  settings: Partial<InstanceSettings> = {},
  options: StartOptions = {},
): Promise<RunningInstance> {
  const amqpUrl = options.amqpUrl ?? testAmqpUrl();
  const connection = await connectMongo(world.mongoUrl, { logger, connectTimeoutMs: 20_000 });
  const bus = new EventBus({
    url: amqpUrl,
    service: world.service,
    exchange: world.exchange,
    retryDelaysMs: FAST_RETRIES,
    reconnectBackoff: { initialMs: 50, maxMs: 400 },
    logger,
  });
  const search = searchClient(options.opensearchUrl);
  const instance = createJobsInstance({
    connection,
    bus,
    search,
    logger: options.logger ?? logger,
    verifier: options.verifier ?? tokens.verifier,
    ...(options.auth ? { auth: options.auth } : {}),
    ...(options.mailer ? { mailer: options.mailer } : {}),
    settings: {
      ...DEFAULT_SETTINGS,
      searchIndex: { alias: world.alias, replicas: 0 },
      ...settings,
    },
  });
  await instance.start();
  if (options.waitForIndex !== false) await instance.indexChecked;
  return {
    ...instance,
    connection,
    bus,
    search,
    async close() {
      await instance.stop();
      await connection.close();
      await search.close();
    },
  };
}

/**
 * The jobs instance of the test file that calls this, on `world`: started before the file's tests
 * (its fields are there from then on), and the world removed after them.
 */
export function instanceForFile(
  world: TestWorld,
  settings: Partial<InstanceSettings> = {},
): RunningInstance {
  return startedForFile(
    () => startInstance(world, settings),
    (instance) => removeWorld(instance, world),
  );
}

/** Collects every event of the given types published on the world's exchange. */
export async function listen(world: TestWorld, types: EventType[]) {
  const seen: IntegrationEvent[] = [];
  const service = uniqueName('listener');
  world.listeners.push(service);
  const bus = new EventBus({
    url: testAmqpUrl(),
    service,
    exchange: world.exchange,
    retryDelaysMs: FAST_RETRIES,
    logger,
  });
  const registry = new HandlerRegistry();
  for (const type of types) {
    registry.on(type, async (event) => {
      seen.push(event);
    });
  }
  await bus.subscribe('instance', registry);
  await bus.start();
  return {
    seen,
    bus,
    ofType: <T extends EventType>(type: T) =>
      seen.filter((event): event is IntegrationEvent<T> => event.type === type),
    close: () => bus.close(),
  };
}

export type Listener = Awaited<ReturnType<typeof listen>>;

/** A bus that publishes on the world's exchange (another service, e.g. user-activity). */
export async function publisher(world: TestWorld) {
  const bus = new EventBus({
    url: testAmqpUrl(),
    service: uniqueName('publisher'),
    exchange: world.exchange,
    logger,
  });
  await bus.start();
  return bus;
}

/** Stops the instance and removes what its world created: database, topology, search indices. */
export async function removeWorld(instance: RunningInstance, world: TestWorld): Promise<void> {
  await instance.connection.dropDatabase();
  await instance.close();
  await removeTopology(world);
  await removeSearchIndices(world);
}

/** Deletes the durable queues and exchanges the world's buses declared. */
export function removeTopology(world: TestWorld): Promise<void> {
  return deleteTopologyAt(
    testAmqpUrl(),
    world.exchange,
    [world.service, ...world.listeners],
    FAST_RETRIES,
  );
}

/** Polls until `check` stops throwing (no sleeps in tests: wait for the condition). */
export async function eventually<T>(check: () => T | Promise<T>, timeoutMs = 5_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
}
