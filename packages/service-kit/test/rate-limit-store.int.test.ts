import { testMongoUrl } from '@b2g/infra/test-env';
import express, { type Express } from 'express';
import mongoose, { type Connection } from 'mongoose';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServiceApp } from '../src/app.js';
import { createLogger } from '../src/logger.js';
import { createRateLimit } from '../src/rate-limit.js';
import { RateLimitHits, SharedRateLimitStore } from '../src/rate-limit-store.js';

const logger = createLogger({ name: 'rate-limit-store-test', level: 'silent' });
const url = testMongoUrl('ratelimit');
const connections: Connection[] = [];
let clockMs = Date.UTC(2030, 0, 1);
const now = () => clockMs;

/** One connection per simulated instance: what two processes on one database have. */
async function instanceHits() {
  const connection = await mongoose.createConnection(url).asPromise();
  connections.push(connection);
  return new RateLimitHits(connection, { now });
}

function limitedApp(hits: RateLimitHits, name: string, skipSuccessfulRequests = false): Express {
  const router = express.Router();
  router.post(
    '/limited',
    createRateLimit({
      windowMs: 60_000,
      limit: 3,
      message: 'Too many',
      shared: { hits, name },
      skipSuccessfulRequests,
    }),
    (req, res) => {
      res.status(req.query.fail ? 401 : 200).json({ ok: !req.query.fail });
    },
  );
  return createServiceApp({ name: 'limited', logger, readiness: [], routes: [router] });
}

beforeAll(async () => {
  await instanceHits();
});

afterAll(async () => {
  await connections[0]?.dropDatabase();
  await Promise.all(connections.map((connection) => connection.close()));
});

describe('SharedRateLimitStore', () => {
  it('when two instances count 50 concurrent hits each on one key, then exactly the budget is allowed and no more is stored', async () => {
    const budget = 30;
    const stores = await Promise.all(
      [0, 1].map(
        async () =>
          new SharedRateLimitStore(await instanceHits(), {
            name: 'concurrent',
            windowMs: 60_000,
            limit: budget,
          }),
      ),
    );
    const results = await Promise.all(
      Array.from({ length: 100 }, (_, i) => stores[i % 2]!.increment('client')),
    );
    expect(results.filter((result) => result.totalHits <= budget)).toHaveLength(budget);
    const stored = await connections[0]!.collection('rate_limit_hits').countDocuments({
      key: { $regex: '^concurrent:' },
    });
    expect(stored).toBe(budget);
  });

  it('when requests alternate between two instances, then they meet one budget, and the next window starts a new one', async () => {
    const apps = [
      limitedApp(await instanceHits(), 'alternate'),
      limitedApp(await instanceHits(), 'alternate'),
    ];
    const statuses = [];
    for (let i = 0; i < 5; i += 1)
      statuses.push((await request(apps[i % 2]!).post('/limited')).status);
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    const refused = await request(apps[0]!).post('/limited');
    expect(refused.body.error.code).toBe('RATE_LIMITED');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);

    clockMs += 60_000;
    expect((await request(apps[1]!).post('/limited')).status).toBe(200);
  });

  it('when only failures count, then successes on either instance give their hit back', async () => {
    const apps = [
      limitedApp(await instanceHits(), 'failures', true),
      limitedApp(await instanceHits(), 'failures', true),
    ];
    for (let i = 0; i < 6; i += 1)
      expect((await request(apps[i % 2]!).post('/limited')).status).toBe(200);
    for (let i = 0; i < 3; i += 1)
      expect((await request(apps[i % 2]!).post('/limited?fail=1')).status).toBe(401);
    expect((await request(apps[1]!).post('/limited')).status).toBe(429);
  });

  it('when the database does not answer, then the limited request fails closed with 503', async () => {
    const connection = await mongoose.createConnection(url).asPromise();
    const app = limitedApp(new RateLimitHits(connection, { now }), 'down');
    await connection.close();
    const res = await request(app).post('/limited');
    expect(res.status).toBe(503);
    expect(res.body.error.code).toBe('SERVICE_UNAVAILABLE');
  }, 15_000);
});
