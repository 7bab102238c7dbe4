import { randomUUID } from 'node:crypto';
import type {
  AdminJob,
  AdminJobRequest,
  CreateJobRequest,
  EventType,
  IntegrationEvent,
  Job,
  SearchParams,
} from '@b2g/contracts';
import { createEvent, EventBus, HandlerRegistry } from '@b2g/event-bus';
import { deleteTopologyAt } from '@b2g/event-bus/testing';
import { testAmqpUrl, testMongoUrl, uniqueName } from '@b2g/infra/test-env';
import { connectMongo, createLogger, type TokenVerifier } from '@b2g/service-kit';
import { createTestTokens, startedForFile } from '@b2g/service-kit/testing';
import { Client } from '@opensearch-project/opensearch';
import type { Connection } from 'mongoose';
import request from 'supertest';
import { expect } from 'vitest';
import {
  createJobsInstance,
  type InstanceSettings,
  type JobsInstance,
  type JobsInstanceDeps,
} from '../src/instance.js';
import { onBookmarkChanged } from '../src/events/handlers.js';

/** Quiet unless LOG_LEVEL is set. */
export const logger = createLogger({ name: 'jobs-test', level: process.env.LOG_LEVEL ?? 'silent' });

export const FAST_RETRIES = [50, 100];

export const DAY = 86_400_000;

/** The five events of a job's life, each carrying the job. */
export const JOB_EVENTS = [
  'job.created',
  'job.updated',
  'job.deleted',
  'job.restored',
  'job.purged',
] as const satisfies EventType[];
export type JobEventType = (typeof JOB_EVENTS)[number];

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
    logger,
    verifier: options.verifier ?? tokens.verifier,
    ...(options.auth ? { auth: options.auth } : {}),
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

/** Waits until `events` has seen a `type` event of job `id`; returns every one seen. */
export function jobEventsOf(events: Listener, type: JobEventType, id: string) {
  return eventually(() => {
    const found = events.ofType(type).filter((event) => event.data.job.id === id);
    if (found.length === 0) throw new Error(`${type} for ${id} not seen yet`);
    return found;
  });
}

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

/** user-activity's two events about one new bookmark of job `jobId`. */
export function bookmarkOf(jobId: string) {
  const facts = {
    bookmarkId: randomUUID(),
    userId: randomUUID(),
    jobId,
    jobTitle: 'Job',
    company: 'Co',
  };
  return {
    added: createEvent(
      'bookmark.added',
      { ...facts, bookmarkedAt: new Date().toISOString() },
      { source: 'user-activity' },
    ),
    removed: createEvent(
      'bookmark.removed',
      { ...facts, removedAt: new Date().toISOString() },
      { source: 'user-activity' },
    ),
  };
}

let savedSearchRevision = 0;

/**
 * States a saved search as user-activity would (through `others`, a publisher on the world's
 * exchange) and waits until the percolator of `instance` has it; returns its id.
 */
export async function saveSearch(
  instance: RunningInstance,
  world: TestWorld,
  others: EventBus,
  query: SearchParams,
  { active = true, id = randomUUID() as string, waitMs = 20_000 } = {},
): Promise<string> {
  savedSearchRevision += 1;
  await others.publish(
    createEvent(
      'saved_search.created',
      { savedSearchId: id, revision: savedSearchRevision, query, active },
      { source: 'user-activity' },
    ),
  );
  await eventually(async () => {
    const found = await instance.search
      .get({ index: `${world.alias}-saved-searches`, id })
      .then(() => true)
      .catch(() => false);
    expect(found).toBe(active);
  }, waitMs);
  // A get sees a write at once, a percolation only after a refresh: refresh once it is there (a
  // refresh before the write landed let a job posted next percolate without it).
  await instance.percolator.refresh();
  return id;
}

/** Handles a bookmark event on `instance` as its service subscription does. */
export function handleBookmark(
  instance: JobsInstance,
  event: IntegrationEvent<'bookmark.added'> | IntegrationEvent<'bookmark.removed'>,
): Promise<void> {
  return onBookmarkChanged(instance.bookmarkCounts)(event);
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

// FerretDB 1.x (the local MongoDB-compatible server) applies an update as read, modify,
// write-back without isolation. The event bus serialises its own writes per document within one
// process, but a second process (another instance, or a relay of another test's instance) can
// still interleave. Tests that assert on the event of a second change to one job therefore wait
// for the first change's event before making it. MongoDB applies both atomically (README).

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

let counter = 0;

/** A valid public post body, unique unless overridden. */
export function publicPost(overrides: Partial<CreateJobRequest> = {}): Partial<CreateJobRequest> {
  counter += 1;
  return {
    title: `Account Executive ${counter}`,
    company: 'Keystone Federal Systems',
    location: 'Arlington, VA',
    description: 'Sell cloud software to federal civilian agencies.',
    url: `https://careers.keystone.example/jobs/${counter}-${Date.now()}`,
    sector: 'FEDERAL',
    isAgencyRole: false,
    remoteDays: 2,
    experienceLevel: 'mid',
    jobFunction: 'sales',
    source: 'Direct Post',
    ...overrides,
  };
}

/** A valid admin form body. */
export function adminPost(overrides: Partial<AdminJobRequest> = {}): Partial<AdminJobRequest> {
  counter += 1;
  return {
    title: `Solutions Architect ${counter}`,
    company: 'ClearSky Cloud Federal',
    location: 'Herndon, VA',
    url: `https://careers.clearsky.example/jobs/${counter}-${Date.now()}`,
    description: 'Design AWS GovCloud migrations.',
    sector: 'FEDERAL',
    employerType: 'SOFTWARE',
    experienceLevel: 'senior',
    jobFunction: 'technical',
    isAgencyRole: false,
    isRemote: true,
    remoteDays: 5,
    source: 'greenhouse',
    ...overrides,
  };
}

/** Posts an admin job (201 expected) through the admin API of `instance` with an admin cookie. */
export async function createAdminJob(
  instance: RunningInstance,
  overrides: Partial<AdminJobRequest> = {},
): Promise<AdminJob> {
  const res = await request(instance.app)
    .post('/api/admin/jobs')
    .set('Cookie', tokens.adminCookie())
    .send(adminPost(overrides));
  expect(res.status).toBe(201);
  return res.body as AdminJob;
}

/** The ids of the jobs a public search for `search` lists on `instance`, in order. */
export async function searchIds(instance: RunningInstance, search: string): Promise<string[]> {
  const res = await request(instance.app).get('/api/jobs').query({ search });
  return (res.body as Job[]).map((job) => job.id);
}

/** A fixed data set: each job's key, how many days ago it was posted, and its fields. */
export type DataSet = Array<[key: string, daysAgo: number, job: Partial<AdminJobRequest>]>;

/**
 * Creates every job of `data` in the service (`defaults` under its fields, a URL `urlBase/key`),
 * posted `daysAgo` days ago; returns the job ids by key.
 */
export async function createDataSet(
  instance: RunningInstance,
  data: DataSet,
  urlBase: string,
  defaults: Partial<AdminJobRequest>,
): Promise<Record<string, string>> {
  const now = Date.now();
  const ids: Record<string, string> = {};
  for (const [key, daysAgo, job] of data) {
    const created = await instance.posting.createAdmin({
      url: `${urlBase}/${key}`,
      ...defaults,
      ...job,
      postedAt: new Date(now - daysAgo * DAY).toISOString(),
    } as AdminJobRequest);
    ids[key] = created.id;
  }
  return ids;
}
