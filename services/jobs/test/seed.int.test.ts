import { EMPLOYER_TYPES, JOB_FUNCTIONS, SECTORS } from '@b2g/contracts';
import { testMongoUrl } from '@b2g/infra/test-env';
import { connectMongo } from '@b2g/service-kit';
import type { Connection } from 'mongoose';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createModels, type JobsModels } from '../src/data/job-model.js';
import { seedDemoJobs, seedIfEmpty } from '../src/seed/seed.js';
import {
  DAY,
  eventually,
  listen,
  logger,
  newWorld,
  removeSearchIndices,
  removeTopology,
  startInstance,
} from './support.js';

const world = newWorld(testMongoUrl('jobs'));
let connection: Connection;
let models: JobsModels;

beforeAll(async () => {
  connection = await connectMongo(world.mongoUrl, { logger });
  models = createModels(connection);
  await models.Job.init();
});

afterAll(async () => {
  await connection.dropDatabase();
  await connection.close();
  await removeTopology(world);
  await removeSearchIndices(world);
});

describe('demo data', () => {
  it('when the jobs collection is empty, then at least 60 demo jobs covering every choice are loaded once', async () => {
    const before = Date.now();
    const added = await seedIfEmpty(models);
    const after = Date.now();
    expect(added).toBeGreaterThanOrEqual(60);
    const jobs = await models.Job.find({}).lean();
    expect(jobs).toHaveLength(added);
    expect(new Set(jobs.map((job) => job.sector))).toEqual(new Set(SECTORS));
    expect(new Set(jobs.map((job) => job.jobFunction))).toEqual(new Set(JOB_FUNCTIONS));
    expect(new Set(jobs.map((job) => job.employerType))).toEqual(new Set(EMPLOYER_TYPES));
    expect(new Set(jobs.map((job) => job.remoteDays))).toEqual(new Set([null, 1, 2, 3, 4, 5]));
    expect(jobs.some((job) => job.isRemote && job.remoteDays === null)).toBe(true);
    expect(jobs.some((job) => !job.isRemote)).toBe(true);
    // Posted over the two months before the seed: the newest within its last day.
    const posted = jobs.map((job) => job.postedAt.getTime());
    expect(Math.max(...posted)).toBeLessThanOrEqual(after);
    expect(Math.max(...posted)).toBeGreaterThan(before - DAY);
    expect(Math.min(...posted)).toBeLessThan(after - 55 * DAY);
    expect(Math.min(...posted)).toBeGreaterThanOrEqual(before - 61 * DAY);
    expect(new Set(jobs.map((job) => job.hash)).size).toBe(jobs.length);
    expect(jobs.filter((job) => /is hiring a [AEIOU]/.test(job.description ?? ''))).toEqual([]);

    expect(await seedIfEmpty(models)).toBe(0);
    expect(await seedDemoJobs(models)).toBe(0);
  });

  it('when two jobs instances seed the same empty database at once (two replicas starting together), then each demo job is there once', async () => {
    const url = testMongoUrl('jobs_seed_race');
    const [first, second] = await Promise.all([
      connectMongo(url, { logger }),
      connectMongo(url, { logger }),
    ]);
    try {
      const added = await Promise.all([
        seedIfEmpty(createModels(first)),
        seedIfEmpty(createModels(second)),
      ]);
      const jobs = await createModels(first).Job.find({}, { hash: 1 }).lean();
      expect(new Set(jobs.map((job) => job.hash)).size).toBe(jobs.length);
      expect(jobs.length).toBeGreaterThanOrEqual(60);
      expect(added[0] + added[1]).toBe(jobs.length);
    } finally {
      await first.dropDatabase();
      await Promise.all([first.close(), second.close()]);
    }
  });

  // The index is built from every demo job and each one's event relayed: slow on a busy machine.
  it('when a jobs instance starts on the seeded database, then it lists them and publishes their job.created', async () => {
    const total = await models.Job.countDocuments();
    const events = await listen(world, ['job.created']);
    const jobs = await startInstance(world);
    try {
      const res = await request(jobs.app).get('/api/jobs').query({ limit: 100 });
      expect(Number(res.headers['x-total-count'])).toBe(total);
      const featured = (await request(jobs.app).get('/api/jobs/featured')).body;
      expect(Object.keys(featured).sort()).toEqual(['marketing', 'sales', 'technical']);
      await eventually(() => expect(events.ofType('job.created')).toHaveLength(total), 30_000);
    } finally {
      await events.close();
      await jobs.close();
    }
  }, 90_000);
});
