import { randomUUID } from 'node:crypto';
import type {
  AdminStats,
  AnalyticsEvent,
  EventData,
  EventType,
  IntegrationEvent,
  JobStats,
} from '@b2g/contracts';
import { createEvent, EventBus } from '@b2g/event-bus';
import { deleteTopologyAt } from '@b2g/event-bus/testing';
import { testAmqpUrl, testMongoUrl, uniqueName } from '@b2g/infra/test-env';
import { connectMongo, createLogger } from '@b2g/service-kit';
import { createTestTokens } from '@b2g/service-kit/testing';
import type { Connection } from 'mongoose';
import request from 'supertest';
import { createAnalyticsInstance, type AnalyticsInstance } from '../src/instance.js';
import { JOB_STATS_PATH } from '../src/routes/stats.js';

export const BROWSER_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
export const BOT_UA = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

const RETRY_DELAYS_MS = [100];

/** A clock the test moves: starts at noon (UTC) of a fixed day. */
export class TestClock {
  private at = Date.parse('2026-03-10T12:00:00Z');
  readonly now = () => new Date(this.at);
  nextDay() {
    this.at += 24 * 60 * 60 * 1000;
  }
  get day() {
    return this.now().toISOString().slice(0, 10);
  }
}

export interface Harness {
  connection: Connection;
  clock: TestClock;
  tokens: ReturnType<typeof createTestTokens>;
  /** The first instance, and `instances[n]` more on the same database and bus (started). */
  instances: AnalyticsInstance[];
  /** Starts one more instance on the same database. */
  addInstance(): Promise<AnalyticsInstance>;
  /** Publishes an event as `source` would (jobs by default); returns it. */
  publish<T extends EventType>(
    type: T,
    data: EventData<T>,
    source?: string,
  ): Promise<IntegrationEvent<T>>;
  /** Publishes an event again, as a redelivery would bring it. */
  republish(event: IntegrationEvent): Promise<void>;
  /** Events the instances have handled (acknowledged) so far. */
  consumed(): number;
  close(): Promise<void>;
}

/** Instances of the service in-process on a database and exchange of this file's own. */
export async function startHarness(
  options: {
    rateLimit?: number;
    rateLimitStore?: 'shared' | 'memory';
    flushIntervalMs?: number;
  } = {},
): Promise<Harness> {
  const logger = createLogger({
    name: 'analytics-test',
    level: process.env.TEST_LOG_LEVEL ?? 'silent',
  });
  const connection = await connectMongo(testMongoUrl('analytics'), { logger });
  const exchange = uniqueName('ex');
  const tokens = createTestTokens();
  const clock = new TestClock();
  const instances: AnalyticsInstance[] = [];
  const buses: EventBus[] = [];
  // Every instance of the file is one service: they share its queue, as main's instances do.
  const service = uniqueName('analytics');
  const others = new EventBus({
    url: testAmqpUrl(),
    service: uniqueName('others'),
    exchange,
    retryDelaysMs: RETRY_DELAYS_MS,
    logger,
  });
  const addInstance = async () => {
    const bus = new EventBus({
      url: testAmqpUrl(),
      service,
      exchange,
      retryDelaysMs: RETRY_DELAYS_MS,
      logger,
    });
    const instance = createAnalyticsInstance({
      connection,
      bus,
      logger,
      verifier: tokens.verifier,
      flushIntervalMs: options.flushIntervalMs ?? 60_000,
      eventsRateLimit: {
        limit: options.rateLimit ?? 1_000,
        windowMs: 60_000,
        store: options.rateLimitStore ?? 'shared',
      },
      clock: clock.now,
    });
    await instance.start();
    // Its queues are bound once connected: an event published before would reach no queue.
    await bus.waitForConnection();
    buses.push(bus);
    instances.push(instance);
    return instance;
  };
  await addInstance();
  await others.start();
  return {
    connection,
    clock,
    tokens,
    instances,
    addInstance,
    async publish(type, data, source = 'jobs') {
      const event = createEvent(type, data, { source });
      await others.publish(event);
      return event;
    },
    async republish(event) {
      await others.publish(event);
    },
    consumed: () => buses.reduce((sum, bus) => sum + (bus.stats().consumed ?? 0), 0),
    async close() {
      await Promise.all([...instances.map((instance) => instance.stop()), others.close()]);
      await deleteTopologyAt(testAmqpUrl(), exchange, [service, others.service], RETRY_DELAYS_MS);
      await connection.dropDatabase();
      await connection.close();
    },
  };
}

/** Posts a batch as a browser at `ip` would (202 expected unless `expected` says otherwise). */
export function send(
  instance: AnalyticsInstance,
  events: ReadonlyArray<AnalyticsEvent | Record<string, unknown>>,
  { ip = '203.0.113.7', userAgent = BROWSER_UA, headers = {}, expected = 202 } = {} as {
    ip?: string;
    userAgent?: string;
    headers?: Record<string, string>;
    expected?: number;
  },
) {
  return request(instance.app)
    .post('/api/analytics/events')
    .set({ 'User-Agent': userAgent, 'X-Forwarded-For': ip, ...headers })
    .send({ events })
    .expect(expected);
}

/** A posting's statistics as the jobs service reads them (after every instance has flushed). */
export async function statsOf(harness: Harness, jobId: string, days = 30): Promise<JobStats> {
  await Promise.all(harness.instances.map((instance) => instance.flush()));
  const response = await request(harness.instances[0]!.app)
    .get(JOB_STATS_PATH.replace(':id', jobId))
    .query({ days: String(days) })
    .expect(200);
  return response.body as JobStats;
}

export const newJobId = () => randomUUID();

/** The admin's statistics of `from`..`to` (today by default), after every instance has flushed. */
export async function adminStatsOf(
  harness: Harness,
  range: { from?: string; to?: string } = {},
): Promise<AdminStats> {
  await Promise.all(harness.instances.map((instance) => instance.flush()));
  const today = harness.clock.day;
  const response = await request(harness.instances[0]!.app)
    .get('/api/admin/stats')
    .query({ from: range.from ?? today, to: range.to ?? today })
    .set('Cookie', harness.tokens.adminCookie())
    .expect(200);
  return response.body as AdminStats;
}

/** Polls `read` until `done` holds of its value (the bus delivers in its own time); fails after 10 s. */
export async function eventually<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  what: string,
): Promise<T> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
