import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  instanceForFile,
  newWorld,
  publicPost,
  startInstance,
  type RunningInstance,
} from './support.js';

const HOUR_MS = 60 * 60 * 1000;
/** The limits' clock, pinned mid-window: no window ends during a test unless it moves the clock. */
let now = Date.parse('2031-03-04T05:30:00Z');
const settings = {
  postRateLimit: { limit: 3, windowMs: HOUR_MS },
  extractRateLimit: { limit: 2, windowMs: HOUR_MS },
  rateLimitNow: () => now,
};
/** Two jobs instances on one database, as two processes behind a load balancer. */
const world = newWorld();
const a = instanceForFile(world, settings);
let b: RunningInstance;

beforeAll(async () => {
  b = await startInstance(world, settings);
});

afterAll(async () => {
  await b.close();
});

const post = (instance: RunningInstance, client: string) =>
  request(instance.app).post('/api/jobs').set('X-Forwarded-For', client).send(publicPost());

// A private address: refused (400) before any connection, and counted like any request.
const extract = (instance: RunningInstance, client: string) =>
  request(instance.app)
    .post('/api/jobs/extract-from-url')
    .set('X-Forwarded-For', client)
    .send({ url: 'http://10.0.0.1/' });

describe('the limits of the jobs service, shared by every instance', () => {
  it('when a client posts jobs through two instances in turn, then both count one budget per window', async () => {
    const statuses = [];
    for (let i = 0; i < 5; i += 1)
      statuses.push((await post(i % 2 ? b : a, '203.0.113.50')).status);
    expect(statuses).toEqual([201, 201, 201, 429, 429]);

    const refused = await post(a, '203.0.113.50');
    expect(refused.body.error).toEqual({
      code: 'RATE_LIMITED',
      message: 'Too many requests. Please try again later.',
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await post(b, '203.0.113.51')).status).toBe(201);

    now += HOUR_MS;
    expect((await post(b, '203.0.113.50')).status).toBe(201);
  });

  it('when a client asks for auto fill through two instances in turn, then both count one budget per window', async () => {
    const statuses = [];
    for (let i = 0; i < 4; i += 1)
      statuses.push((await extract(i % 2 ? b : a, '203.0.113.60')).status);
    expect(statuses).toEqual([400, 400, 429, 429]);
    expect((await extract(a, '203.0.113.61')).status).toBe(400);

    now += HOUR_MS;
    expect((await extract(a, '203.0.113.60')).status).toBe(400);
  });
});
