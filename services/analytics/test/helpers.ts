import { randomUUID } from 'node:crypto';
import type { AnalyticsEvent, JobStats } from '@b2g/contracts';
import { EventBus } from '@b2g/event-bus';
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
  const addInstance = async () => {
    const bus = new EventBus({
      url: testAmqpUrl(),
      service: uniqueName('analytics'),
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
    buses.push(bus);
    instances.push(instance);
    return instance;
  };
  await addInstance();
  return {
    connection,
    clock,
    tokens,
    instances,
    addInstance,
    async close() {
      await Promise.all(instances.map((instance) => instance.stop()));
      await deleteTopologyAt(
        testAmqpUrl(),
        exchange,
        buses.map((bus) => bus.service),
        RETRY_DELAYS_MS,
      );
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
