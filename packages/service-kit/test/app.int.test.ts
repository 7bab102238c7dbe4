import { Router } from 'express';
import mongoose from 'mongoose';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { testMongoUrl } from '@b2g/infra/test-env';
import { connectMongo, mongoReadiness } from '../src/mongo.js';
import { createServiceApp, routesOf, type ReadinessCheck } from '../src/app.js';
import { AppError, conflict, parseWith } from '../src/errors.js';
import { createLogger } from '../src/logger.js';
import { createRateLimit } from '../src/rate-limit.js';
import { createTestTokens } from '../src/testing.js';
import { requireAdmin } from '../src/tokens.js';

const logger = createLogger({ name: 'kit-test', level: 'silent' });
/** A database that never answers (nothing listens on port 9): operations wait, then give up. */
const unreachable = mongoose.createConnection('mongodb://127.0.0.1:9/never', {
  serverSelectionTimeoutMS: 60_000,
});
unreachable.on('error', () => undefined);
const Unreached = unreachable.model('Unreached', new mongoose.Schema({ _id: String }));
afterAll(async () => {
  await unreachable.close();
});
/** The gateway's default upstream timeout: a service that answers later gets a 504 instead. */
const GATEWAY_UPSTREAM_TIMEOUT_MS = 10_000;
const bodySchema = z.object({ title: z.string().min(1, 'Title is required') });

function buildApp(readiness: ReadinessCheck[] = [{ name: 'always', isReady: () => true }]) {
  const router = Router();
  router.post('/things', (req, res) => {
    const body = parseWith(bodySchema, req.body);
    res.status(201).json(body);
  });
  router.get('/things/:id', (req, res) => {
    res.json({ id: req.params.id });
  });
  router.get('/conflict', () => {
    throw conflict('Username is already taken', { field: 'username' });
  });
  router.get('/boom', () => {
    throw new Error('connect ECONNREFUSED mongo-internal:27017');
  });
  router.get('/database-restarting', () => {
    throw new mongoose.mongo.MongoNetworkError('connection 5 to 127.0.0.1:27017 closed');
  });
  router.get('/database-down', async (_req, res) => {
    res.json(await Unreached.findById('x').lean());
  });
  router.get('/admin-only', requireAdmin(createTestTokens().verifier), (_req, res) => {
    res.json({ ok: true });
  });
  router.get(
    '/limited',
    createRateLimit({ windowMs: 60_000, limit: 2, message: 'Too many attempts' }),
    (_req, res) => {
      res.json({ ok: true });
    },
  );
  return createServiceApp({
    name: 'kit-test',
    logger,
    readiness,
    routes: router,
    bodyLimit: '1kb',
  });
}

describe('service app', () => {
  const app = buildApp();

  it('when the body breaks the schema, then 400 carries the schema message and field details', async () => {
    const res = await request(app).post('/things').send({ title: '' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      error: {
        code: 'VALIDATION_ERROR',
        message: 'Title is required',
        details: [{ path: 'title', message: 'Title is required' }],
      },
    });
  });

  it('when the body is not JSON, then 400 says so', async () => {
    const res = await request(app)
      .post('/things')
      .set('content-type', 'application/json')
      .send('{nope');
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION_ERROR');
  });

  it('when a JSON body declares a charset other than UTF-8, then 400 and it is not read', async () => {
    for (const charset of ['utf-7', 'utf-16le', 'latin1']) {
      const res = await request(app)
        .post('/things')
        .set('content-type', `application/json; charset=${charset}`)
        .send('{"title":"x"}');
      expect(res.status, charset).toBe(400);
      expect(res.body.error.message).toBe('Request body must be JSON in UTF-8');
    }
    const utf8 = await request(app)
      .post('/things')
      .set('content-type', 'application/json; charset=UTF-8')
      .send('{"title":"x"}');
    expect(utf8.status).toBe(201);
  });

  it.each([
    {
      when: 'a path parameter is not valid percent-encoding',
      then: '400, not 500',
      path: '/things/%E0',
      status: 400,
      error: { code: 'VALIDATION_ERROR', message: 'The address is not valid' },
    },
    {
      when: 'a domain rule says conflict',
      then: '409 with its message and details',
      path: '/conflict',
      status: 409,
      error: {
        code: 'CONFLICT',
        message: 'Username is already taken',
        details: { field: 'username' },
      },
    },
    {
      when: 'the database cannot be reached (a server restarting)',
      then: '503 says to try again, naming no internals',
      path: '/database-restarting',
      status: 503,
      error: {
        code: 'SERVICE_UNAVAILABLE',
        message: 'The database is unavailable. Please try again in a moment.',
      },
    },
  ])('when $when, then $then', async ({ path, status, error }) => {
    const res = await request(app).get(path);
    expect(res.status).toBe(status);
    expect(res.body.error).toEqual(error);
  });

  it('when the body is over the limit, then 413', async () => {
    const res = await request(app)
      .post('/things')
      .send({ title: 'x'.repeat(5_000) });
    expect(res.status).toBe(413);
    expect(res.body.error.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('when an operation waits for a database that never answers, then mongoose gives up within the gateway timeout and the answer is 503', async () => {
    // The bound, not the test's clock, keeps the answer ahead of the gateway's 504 (a hang fails
    // at the test timeout).
    expect(mongoose.get('bufferTimeoutMS')).toBeLessThan(GATEWAY_UPSTREAM_TIMEOUT_MS);
    const res = await request(app).get('/database-down');
    expect(res.status).toBe(503);
    expect(res.body.error.code).toBe('SERVICE_UNAVAILABLE');
  });

  it('when a handler throws unexpectedly, then 500 names no internals and carries no stack', async () => {
    const res = await request(app).get('/boom');
    expect(res.status).toBe(500);
    expect(JSON.stringify(res.body)).not.toMatch(/mongo-internal|ECONNREFUSED|at /);
    expect(res.body.error.code).toBe('INTERNAL');
  });

  it('when the admin cookie is not valid percent-encoding, then 401 as if it were absent', async () => {
    for (const cookie of ['b2g_admin=%E0', 'b2g_admin=%', 'b2g_admin=%zz; other=%E0']) {
      const res = await request(app).get('/admin-only').set('cookie', cookie);
      expect(res.status).toBe(401);
      expect(res.body.error.code).toBe('UNAUTHORIZED');
    }
  });

  it('when routers are listed, then each declared method and path is named', () => {
    const router = Router();
    router.get('/a', (_req, res) => res.end());
    router.post('/a/:id', (_req, res) => res.end());
    router.use('/b', (_req, _res, next) => next());
    expect(routesOf(router)).toEqual(['GET /a', 'POST /a/:id']);
  });

  it('when the route is unknown, then 404 in the shared error shape', async () => {
    const res = await request(app).get('/nowhere');
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('NOT_FOUND');
  });

  it('when a request id comes in, then the same id goes out; otherwise one is made', async () => {
    const given = await request(app).get('/healthz').set('x-request-id', 'abc-123');
    expect(given.headers['x-request-id']).toBe('abc-123');
    const made = await request(app).get('/healthz');
    expect(made.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('when security headers are checked, then helmet set them', async () => {
    const res = await request(app).get('/healthz');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-powered-by']).toBeUndefined();
  });

  it('when the budget is spent, then 429 with Retry-After in the shared shape', async () => {
    await request(app).get('/limited').expect(200);
    await request(app).get('/limited').expect(200);
    const res = await request(app).get('/limited');
    expect(res.status).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(res.body.error).toEqual({ code: 'RATE_LIMITED', message: 'Too many attempts' });
  });

  it('when AppError is thrown with headers, then they are sent', () => {
    expect(
      new AppError(429, 'RATE_LIMITED', 'x', undefined, { 'Retry-After': '3' }).headers,
    ).toEqual({
      'Retry-After': '3',
    });
  });
});

describe('health', () => {
  let connection: mongoose.Connection;

  beforeAll(async () => {
    connection = await connectMongo(testMongoUrl('kit'), { logger });
  });
  afterAll(async () => {
    await connection.close();
  });

  it('when every dependency answers, then /readyz is 200 and /healthz is 200', async () => {
    const app = buildApp([mongoReadiness(connection)]);
    await request(app).get('/healthz').expect(200, { status: 'ok', service: 'kit-test' });
    const res = await request(app).get('/readyz');
    expect(res.status).toBe(200);
    expect(res.body.checks).toEqual({ mongodb: 'up' });
  });

  it('when a dependency is down, then /readyz is 503 naming it', async () => {
    const app = buildApp([mongoReadiness(connection), { name: 'rabbitmq', isReady: () => false }]);
    const res = await request(app).get('/readyz');
    expect(res.status).toBe(503);
    expect(res.body.checks).toEqual({ mongodb: 'up', rabbitmq: 'down' });
    expect(res.body.message).toContain('rabbitmq');
  });

  it('when only a dependency some routes need is down, then /readyz is 200 degraded naming it', async () => {
    const app = buildApp([
      mongoReadiness(connection),
      { name: 'search', isReady: () => false, partial: true },
    ]);
    const res = await request(app).get('/readyz');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      status: 'degraded',
      checks: { mongodb: 'up', search: 'down' },
      message: 'Degraded: search unreachable',
    });
  });

  it('when a needed and a partial dependency are down, then /readyz is 503', async () => {
    const app = buildApp([
      { name: 'rabbitmq', isReady: () => false },
      { name: 'search', isReady: () => false, partial: true },
    ]);
    const res = await request(app).get('/readyz');
    expect(res.status).toBe(503);
    expect(res.body.status).toBe('unavailable');
  });

  it('when request data carries a query operator, then it is refused, never executed', async () => {
    const Users = connection.model('User', new mongoose.Schema({ name: String }));
    await Users.create([{ name: 'ann' }, { name: 'bob' }]);
    const injected = JSON.parse('{"name":{"$ne":"nobody"}}') as Record<string, unknown>;
    await expect(Users.find(injected).lean()).rejects.toThrow(/Cast to string failed/);
  });
});
