import { jobSchema, type Job } from '@b2g/contracts';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { keysIn, listJobs, publicPost } from './support.js';
import { eventually, instanceForFile, listen, newWorld, startInstance } from './world.js';

/** Posting a job as a visitor: the form's rules, duplicates, the rate limit; and readiness. */
const world = newWorld();
const jobs = instanceForFile(world);

const list = (query: Record<string, string | number> = {}) => listJobs(jobs, world, query);
// No data set here: a listed job is named by its title.
const keysOf = (body: Job[]) => keysIn(body, {});

describe('POST /api/jobs', () => {
  it('when a visitor posts a valid job, then 201 with the job, searchable at once, and job.created is published', async () => {
    const events = await listen(world, ['job.created']);
    try {
      const body = publicPost({ title: 'Capture Manager Navy', source: undefined });
      const before = Date.now();
      const res = await request(jobs.app).post('/api/jobs').send(body);
      const after = Date.now();
      expect(res.status).toBe(201);
      const job = jobSchema.parse(res.body);
      expect(res.body).not.toHaveProperty('hash');
      expect(job).toMatchObject({
        title: 'Capture Manager Navy',
        source: 'Direct Post',
        external: false,
        remoteDays: 2,
        isRemote: true,
        employerType: null,
        bookmarkCount: 0,
        deletedAt: null,
      });
      expect(Date.parse(job.postedAt)).toBeGreaterThanOrEqual(before);
      expect(Date.parse(job.postedAt)).toBeLessThanOrEqual(after);
      expect(keysOf((await list({ search: 'capture navy' })).body)).toEqual([
        'Capture Manager Navy',
      ]);
      const published = await eventually(() => {
        const found = events.ofType('job.created').find((event) => event.data.job.id === job.id);
        if (!found) throw new Error('job.created not seen yet');
        return found;
      });
      expect(published.data.job).toEqual(job);
      expect(published.source).toBe('jobs');
    } finally {
      await events.close();
    }
  });

  it('when the same job is posted again with other case and spacing, then 409 names the existing job', async () => {
    const body = publicPost();
    const first = await request(jobs.app).post('/api/jobs').send(body);
    expect(first.status).toBe(201);
    const again = await request(jobs.app)
      .post('/api/jobs')
      .send({
        ...body,
        title: `  ${String(body.title).toUpperCase()}  `,
        company: String(body.company).replace(' ', '   '),
      });
    expect(again.status).toBe(409);
    expect(again.body.error).toEqual({
      code: 'CONFLICT',
      message: 'This job has already been posted.',
      details: { existingJobId: first.body.id },
    });
  });

  it('when required fields are missing, then 400 with the form messages', async () => {
    const res = await request(jobs.app).post('/api/jobs').send({});
    expect(res.status).toBe(400);
    const messages = res.body.error.details.map((d: { message: string }) => d.message);
    expect(messages).toEqual(
      expect.arrayContaining([
        'Title is required',
        'Company is required',
        'Location is required',
        'Description is required',
        'Application URL is required',
        'Sector is required',
      ]),
    );
  });

  it('when the URL or remote days are invalid, then 400 with their messages', async () => {
    const badUrl = await request(jobs.app)
      .post('/api/jobs')
      .send(publicPost({ url: 'not a url' }));
    expect(badUrl.status).toBe(400);
    expect(badUrl.body.error.message).toBe('Must be a valid URL');
    for (const remoteDays of [0, 6, 2.5]) {
      const res = await request(jobs.app).post('/api/jobs').send(publicPost({ remoteDays }));
      expect(res.status).toBe(400);
      expect(res.body.error.message).toBe('Remote days must be between 1 and 5');
    }
    const badSource = await request(jobs.app)
      .post('/api/jobs')
      .send({ ...publicPost(), source: 'craigslist' });
    expect(badSource.status).toBe(400);
  });

  it('when a visitor posts too often, then 429 with Retry-After', async () => {
    const limited = await startInstance(world, { postRateLimit: { limit: 2, windowMs: 60_000 } });
    // The budget is the database's, shared with this file's other instance: a client of its own.
    const post = () =>
      request(limited.app)
        .post('/api/jobs')
        .set('X-Forwarded-For', '192.0.2.10')
        .send(publicPost());
    try {
      expect((await post()).status).toBe(201);
      expect((await post()).status).toBe(201);
      const third = await post();
      expect(third.status).toBe(429);
      expect(third.body.error).toEqual({
        code: 'RATE_LIMITED',
        message: 'Too many requests. Please try again later.',
      });
      expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      await limited.close();
    }
  });

  it('when behind a gateway (TRUST_PROXY=1) two clients post, then each has its own budget', async () => {
    const limited = await startInstance(world, {
      postRateLimit: { limit: 1, windowMs: 60_000 },
      trustProxy: 1,
    });
    try {
      // The gateway sets X-Forwarded-For to the one client address it determined.
      const post = (client: string) =>
        request(limited.app).post('/api/jobs').set('X-Forwarded-For', client).send(publicPost());
      expect((await post('198.51.100.1')).status).toBe(201);
      expect((await post('198.51.100.1')).status).toBe(429);
      expect((await post('198.51.100.2')).status).toBe(201);
    } finally {
      await limited.close();
    }
  });
});

describe('health', () => {
  it('when the servers answer, then /readyz is ready', async () => {
    const res = await request(jobs.app).get('/readyz');
    expect(res.status).toBe(200);
    expect(res.body.checks).toEqual({ mongodb: 'up', rabbitmq: 'up', opensearch: 'up' });
  });
});
