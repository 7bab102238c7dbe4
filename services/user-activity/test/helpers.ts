import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  SITE_NAME,
  type EventData,
  type EventType,
  type IntegrationEvent,
  type Job,
  type SavedSearch,
} from '@b2g/contracts';
import { sampleJob } from '@b2g/contracts/testing';
import { createEvent, EventBus, HandlerRegistry } from '@b2g/event-bus';
import { deleteTopologyAt } from '@b2g/event-bus/testing';
import { testAmqpUrl, testMongoUrl, uniqueName } from '@b2g/infra/test-env';
import { connectMongo, createLogger, createMailer } from '@b2g/service-kit';
import { createTestTokens, mailsTo, startedForFile } from '@b2g/service-kit/testing';
import type { Express } from 'express';
import type { Connection } from 'mongoose';
import request from 'supertest';
import { expect } from 'vitest';
import { AuthApi } from '../src/data/auth-api.js';
import { JobsApi } from '../src/data/jobs-api.js';
import type { Models } from '../src/data/models.js';
import {
  createUserActivityInstance,
  type UserActivity,
  type UserActivityInstanceDeps,
} from '../src/instance.js';
import { JobsApiServer } from './jobs-api-server.js';

/** Bookmarks a job for the user of `bearer` (201 expected). */
export function addBookmark(app: Express, bearer: string, jobId: string | undefined) {
  return request(app)
    .post('/api/user/bookmarks')
    .set('Authorization', bearer)
    .send({ jobId })
    .expect(201);
}

/** Applies to a job for the user of `bearer` (201 expected). */
export function apply(app: Express, bearer: string, body: Record<string, unknown>) {
  return request(app)
    .post('/api/user/applications')
    .set('Authorization', bearer)
    .send(body)
    .expect(201);
}

/** Updates an application as the user of `bearer` with `body`; `expected` status (200 by default). */
export function updateApplication(
  app: Express,
  bearer: string,
  applicationId: string,
  body: Record<string, unknown>,
  expected = 200,
) {
  return request(app)
    .patch(`/api/user/applications/${applicationId}`)
    .set('Authorization', bearer)
    .send(body)
    .expect(expected);
}

/** Moves an application of the user of `bearer` to `status` (200 expected). */
export function changeStatus(app: Express, bearer: string, applicationId: string, status: string) {
  return updateApplication(app, bearer, applicationId, { status });
}

/** Deletes `path` (a bookmark or an application) as the user of `bearer`; `status` expected. */
export function deleteAs(app: Express, bearer: string, path: string, status: number) {
  return request(app).delete(path).set('Authorization', bearer).expect(status);
}

/** Polls `check` until it returns a value other than undefined/false, or fails after `timeoutMs`. */
export async function waitFor<T>(
  check: () => Promise<T | undefined | false> | T | undefined | false,
  { timeoutMs = 10_000, intervalMs = 20, what = 'condition' } = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline)
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

/** Waits for the first event of `type` in `published` that `matches`, and answers it. */
export function publishedEvent<T extends EventType>(
  published: IntegrationEvent[],
  type: T,
  matches: (event: IntegrationEvent<T>) => boolean,
): Promise<IntegrationEvent<T>> {
  const isOfType = (event: IntegrationEvent): event is IntegrationEvent<T> => event.type === type;
  return waitFor(() => published.filter(isOfType).find(matches), {
    what: `${type} on the exchange`,
  });
}

const RETRY_DELAYS_MS = [100, 500];
const HOUR_MS = 60 * 60 * 1000;

/** Wall-clock time that never repeats a millisecond, so "newest first" has no ties in tests. */
export function strictlyIncreasingClock(): () => Date {
  let last = 0;
  return () => {
    last = Math.max(Date.now(), last + 1);
    return new Date(last);
  };
}

/** A job as the jobs service states it in its events and its API: a new one, posted now. */
export function aJob(overrides: Partial<Job> = {}): Job {
  const now = new Date().toISOString();
  return sampleJob({
    id: randomUUID(),
    title: 'Federal Account Executive',
    company: 'Acme Gov Solutions',
    location: 'Washington, DC',
    description: 'Sell to federal agencies.',
    url: 'https://jobs.example.com/apply/1',
    postedAt: now,
    createdAt: now,
    ...overrides,
  });
}

export interface Harness {
  app: Express;
  /** Another instance's app on the same database and bus (not started: its HTTP API only). */
  anotherApp(): Express;
  tokens: ReturnType<typeof createTestTokens>;
  service: UserActivity;
  models: Models;
  connection: Connection;
  /** The service's own bus (its consumers and the outbox relay). */
  bus: EventBus;
  /** Another service on the same exchange: publishes what jobs and auth would. */
  others: EventBus;
  jobsApi: JobsApiServer;
  /** Where alert e-mails are written (.eml files). */
  mailDir: string;
  /** Origin of the links in e-mails. */
  publicBaseUrl: string;
  /** Every bookmark, application, saved-search and alert event seen on the exchange, in arrival order. */
  published: IntegrationEvent[];
  /** Publishes an event as the service named by `source` would. */
  publish<T extends EventType>(
    type: T,
    data: EventData<T>,
    source?: string,
  ): Promise<IntegrationEvent<T>>;
  /** Publishes job.created and waits until the snapshot is stored. */
  createJob(overrides?: Partial<Job>): Promise<Job>;
  /**
   * Waits until every event published so far has been handled: the consumer takes one message at
   * a time (prefetch 1), so once a marker published now is handled, so is everything before it.
   */
  settle(): Promise<void>;
  close(): Promise<void>;
}

export interface HarnessOptions {
  clock?: () => Date;
  /** Messages the service's consumer handles at once; 1 (in order) unless measuring throughput. */
  prefetch?: number;
  /** Confirmation e-mails one address may be sent per day. */
  confirmMailsPerAddress?: number;
  /** Guest sign-ups per client address per hour. */
  subscribeRateLimit?: number;
  /** Alert e-mails go to this SMTP server instead of .eml files in `mailDir`. */
  smtpUrl?: string;
}

/** The HMAC key of the harness's alert links (tests forge and tamper with tokens against it). */
export const TEST_LINK_SECRET = 'test-link-secret-0123456789-abcdefghijklmnop';
const PUBLIC_BASE_URL = 'http://localhost:8080';

/**
 * The service in-process against the real database and broker (its instance, as main starts it):
 * its own database and exchange, its consumers and outbox relay running, a loopback jobs API and
 * real signed tokens.
 */
export async function startHarness(options: HarnessOptions = {}): Promise<Harness> {
  const logger = createLogger({
    name: 'user-activity-test',
    level: process.env.TEST_LOG_LEVEL ?? 'silent',
  });
  const connection = await connectMongo(testMongoUrl('user_activity'), { logger });
  const exchange = uniqueName('ex');
  const bus = new EventBus({
    url: testAmqpUrl(),
    service: uniqueName('user-activity'),
    exchange,
    prefetch: options.prefetch ?? 1,
    retryDelaysMs: RETRY_DELAYS_MS,
    logger,
  });
  const others = new EventBus({
    url: testAmqpUrl(),
    service: uniqueName('others'),
    exchange,
    retryDelaysMs: RETRY_DELAYS_MS,
    logger,
  });
  const tokens = createTestTokens();
  const jobsApi = await new JobsApiServer(tokens.verifier).start();
  const jobsClient = new JobsApi({ baseUrl: jobsApi.url, timeoutMs: 2_000 });
  const authClient = new AuthApi({ baseUrl: jobsApi.url, timeoutMs: 2_000 });
  const mailDir = await mkdtemp(join(tmpdir(), 'user-activity-mail-'));
  const instanceDeps: UserActivityInstanceDeps = {
    connection,
    bus,
    logger,
    verifier: tokens.verifier,
    jobsApi: jobsClient,
    userEmails: authClient,
    subscribeRateLimit: { limit: options.subscribeRateLimit ?? 100, windowMs: HOUR_MS },
    clock: options.clock ?? strictlyIncreasingClock(),
    alerts: {
      publicBaseUrl: PUBLIC_BASE_URL,
      linkSecret: TEST_LINK_SECRET,
      confirmMailsPerAddress: options.confirmMailsPerAddress ?? 3,
      mailer: createMailer({
        from: `${SITE_NAME} <alerts@b2g.local>`,
        mailDir,
        logger,
        ...(options.smtpUrl ? { smtpUrl: options.smtpUrl } : {}),
      }),
    },
  };
  const instance = createUserActivityInstance(instanceDeps);
  const { service, models } = instance;

  const published: IntegrationEvent[] = [];
  const record = async (event: IntegrationEvent) => {
    published.push(event);
  };
  await others.subscribe(
    'instance',
    new HandlerRegistry()
      .on('bookmark.added', record)
      .on('bookmark.removed', record)
      .on('application.created', record)
      .on('application.status_changed', record)
      .on('saved_search.created', record)
      .on('saved_search.updated', record)
      .on('saved_search.deleted', record)
      .on('alert.sent', record),
  );
  await instance.start();
  await Promise.all([bus.waitForConnection(), others.start()]);

  const harness: Harness = {
    app: instance.app,
    anotherApp: () => createUserActivityInstance(instanceDeps).app,
    tokens,
    service,
    models,
    connection,
    bus,
    others,
    jobsApi,
    mailDir,
    publicBaseUrl: PUBLIC_BASE_URL,
    published,
    async publish(type, data, source = 'jobs') {
      const event = createEvent(type, data, { source });
      await others.publish(event);
      return event;
    },
    async createJob(overrides = {}) {
      const job = aJob(overrides);
      await harness.publish('job.created', { job });
      await waitFor(
        () => models.JobSnapshot.exists({ _id: job.id }).then((found) => found !== null),
        {
          what: `the snapshot of job ${job.id}`,
        },
      );
      return job;
    },
    async settle() {
      await harness.createJob({ title: 'marker' });
    },
    async close() {
      await Promise.all([instance.stop(), others.close()]);
      await deleteTopologyAt(
        testAmqpUrl(),
        exchange,
        [bus.service, others.service],
        RETRY_DELAYS_MS,
      );
      await jobsClient.close();
      await authClient.close();
      await jobsApi.stop();
      await rm(mailDir, { recursive: true, force: true });
      await connection.dropDatabase();
      await connection.close();
    },
  };
  return harness;
}

/**
 * The harness of the test file (or describe block) that calls this: started before its tests (its
 * fields are there from then on) and closed after them.
 */
export function harnessForFile(options: HarnessOptions = {}): Harness {
  return startedForFile(() => startHarness(options));
}

/**
 * The steps the saved-search and alert tests share, on the harness `h`: saving a search, its
 * events, stating a match, its unsent matches and the alert e-mails with their links.
 */
export function savedSearchSteps(h: Harness) {
  async function saveSearch(bearer: string, body: object = { query: { search: 'capture' } }) {
    const response = await request(h.app)
      .post('/api/user/saved-searches')
      .set('Authorization', bearer)
      .send(body);
    expect(response.status).toBe(201);
    return response.body as SavedSearch;
  }

  const eventsOf = <T extends IntegrationEvent['type']>(type: T, savedSearchId: string) =>
    h.published.filter(
      (event): event is Extract<IntegrationEvent, { type: T }> =>
        event.type === type &&
        (event.data as { savedSearchId?: string }).savedSearchId === savedSearchId,
    );

  /** States a job match as the jobs service does, and waits until it is handled. */
  async function match(
    savedSearchIds: string[],
    overrides: Parameters<Harness['createJob']>[0] = {},
  ) {
    const job = await h.createJob(overrides);
    await h.publish('saved_search.matched', { job, savedSearchIds });
    await h.settle();
    return job;
  }

  const unsent = (savedSearchId: string) => h.models.AlertPending.countDocuments({ savedSearchId });

  /** The alert e-mails to `to` (quoted-printable undone, folded headers on one line), oldest first. */
  const alertsTo = async (to: string) =>
    (await mailsTo(h.mailDir, to))
      .filter((mail) => mail.includes('for your alert'))
      .map((mail) => mail.replace(/\r?\n[ \t]+/g, ' '));

  const tokenIn = (mail: string, page: string) => {
    const found = new RegExp(`/alerts/${page}#token=([\\w.-]+)`).exec(mail)?.[1];
    if (!found) throw new Error(`no ${page} link in the e-mail`);
    return found;
  };

  return { saveSearch, eventsOf, match, unsent, alertsTo, tokenIn };
}
