import {
  adminJobListResponseSchema,
  adminJobSchema,
  type AdminJob,
  type AdminJobRequest,
} from '@b2g/contracts';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminPost,
  createAdminJob,
  eventually,
  instanceForFile,
  JOB_EVENTS,
  jobEventsOf,
  listAdminJobs,
  listen,
  newWorld,
  tokens,
  UNKNOWN_ID,
  type JobEventType,
  type Listener,
} from './support.js';

const world = newWorld();
const jobs = instanceForFile(world);
let events: Listener;

const cookie = () => tokens.adminCookie();
const create = (overrides: Partial<AdminJobRequest> = {}) => createAdminJob(jobs, overrides);
const adminList = (query: Record<string, string> = {}) => listAdminJobs(jobs, query);
const eventFor = (type: JobEventType, id: string) => jobEventsOf(events, type, id);

beforeAll(async () => {
  events = await listen(world, [...JOB_EVENTS]);
});

afterAll(async () => {
  await events.close();
});

describe('POST /api/admin/jobs', () => {
  it('when the form is valid, then 201 with every field including the hash, and job.created', async () => {
    const postedAt = '2025-03-01T14:30:00.000Z';
    const job = await create({
      title: 'Zero Trust Architect',
      postedAt,
      source: 'lever',
      description: undefined,
    });
    expect(adminJobSchema.parse(job)).toEqual(job);
    expect(job.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(job).toMatchObject({
      title: 'Zero Trust Architect',
      description: '',
      postedAt,
      source: 'lever',
      external: true,
      employerType: 'SOFTWARE',
      deletedAt: null,
      bookmarkCount: 0,
    });
    const [created] = await eventFor('job.created', job.id);
    expect(created?.data.job).not.toHaveProperty('hash');
    expect(created?.data.job.title).toBe('Zero Trust Architect');
  });

  it('when source and postedAt are left out, then Direct Post and now', async () => {
    const before = Date.now();
    const job = await create({ source: undefined, postedAt: undefined });
    const after = Date.now();
    expect(job.source).toBe('Direct Post');
    expect(job.external).toBe(false);
    expect(Date.parse(job.postedAt)).toBeGreaterThanOrEqual(before);
    expect(Date.parse(job.postedAt)).toBeLessThanOrEqual(after);
  });

  it('when fields break the admin form rules, then 400 with the form messages', async () => {
    const empty = await request(jobs.app).post('/api/admin/jobs').set('Cookie', cookie()).send({});
    expect(empty.status).toBe(400);
    expect(empty.body.error.details.map((d: { message: string }) => d.message)).toEqual(
      expect.arrayContaining([
        'Title is required',
        'Company is required',
        'Location is required',
        'Sector is required',
        'Employer type is required',
      ]),
    );
    const cases: Array<[object, string]> = [
      [{ url: 'ftp://example.com/job' }, 'Must be a valid URL'],
      [{ remoteDays: 9 }, 'Remote days must be between 1 and 5'],
      [{ postedAt: 'yesterday' }, 'Invalid ISO datetime'],
    ];
    for (const [overrides, message] of cases) {
      const res = await request(jobs.app)
        .post('/api/admin/jobs')
        .set('Cookie', cookie())
        .send(adminPost(overrides));
      expect(res.status).toBe(400);
      expect(res.body.error.message).toBe(message);
    }
  });

  it('when the same job is already active, then 409 names it', async () => {
    const body = adminPost();
    const first = await request(jobs.app)
      .post('/api/admin/jobs')
      .set('Cookie', cookie())
      .send(body);
    const again = await request(jobs.app)
      .post('/api/admin/jobs')
      .set('Cookie', cookie())
      .send(body);
    expect(again.status).toBe(409);
    expect(again.body.error.details).toEqual({ existingJobId: first.body.id });
  });
});

describe('GET /api/admin/jobs', () => {
  it('when listing, then active jobs newest first with every field; deleted ones only with include_deleted=true', async () => {
    const older = await create({
      postedAt: '2024-01-01T00:00:00.000Z',
      title: 'Older Listing Test',
    });
    const gone = await create({
      postedAt: '2024-01-02T00:00:00.000Z',
      title: 'Deleted Listing Test',
    });
    await request(jobs.app)
      .delete(`/api/admin/jobs/${gone.id}`)
      .set('Cookie', cookie())
      .expect(200);

    const active = await adminList();
    expect(active.status).toBe(200);
    const activeJobs = adminJobListResponseSchema.parse(active.body);
    expect(activeJobs.map((job) => job.id)).toContain(older.id);
    expect(activeJobs.map((job) => job.id)).not.toContain(gone.id);
    const dates = activeJobs.map((job) => Date.parse(job.postedAt));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));

    const explicit = await adminList({ include_deleted: 'false' });
    expect(explicit.body.map((job: AdminJob) => job.id)).not.toContain(gone.id);

    const all = adminJobListResponseSchema.parse(
      (await adminList({ include_deleted: 'true' })).body,
    );
    const deleted = all.find((job) => job.id === gone.id);
    expect(deleted?.deletedAt).not.toBeNull();
    expect(all.findIndex((job) => job.id === gone.id)).toBeLessThan(
      all.findIndex((job) => job.id === older.id),
    );
  });

  it('when searching, then title, company or location match case-insensitively, the description does not', async () => {
    const job = await create({
      title: 'Quokka Capture Lead',
      company: 'Wombat Federal',
      location: 'Fairbanks, AK',
      description: 'platypus',
    });
    for (const search of ['quokka', 'WOMBAT', 'fairbanks, ak']) {
      expect(
        (await adminList({ search })).body.map((j: AdminJob) => j.id),
        search,
      ).toEqual([job.id]);
    }
    expect((await adminList({ search: 'platypus' })).body).toEqual([]);
  });

  it('when include_deleted is not true or false, then 400', async () => {
    expect((await adminList({ include_deleted: 'yes' })).status).toBe(400);
  });
});

describe('PUT /api/admin/jobs/:id', () => {
  it('when the form is valid, then the job changes everywhere, its hash follows, and job.updated', async () => {
    const job = await create({ title: 'Marketing Analyst Draft' });
    const res = await request(jobs.app)
      .put(`/api/admin/jobs/${job.id}`)
      .set('Cookie', cookie())
      .send(
        adminPost({
          title: 'Marketing Analyst Final',
          url: job.url ?? undefined,
          jobFunction: 'marketing',
        }),
      );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: job.id,
      title: 'Marketing Analyst Final',
      jobFunction: 'marketing',
      postedAt: job.postedAt,
    });
    expect(res.body.hash).not.toBe(job.hash);
    await jobs.search.indices.refresh({ index: world.alias });
    const search = await request(jobs.app).get('/api/jobs').query({ search: 'analyst final' });
    expect(search.body.map((j: AdminJob) => j.id)).toEqual([job.id]);
    expect(
      (await request(jobs.app).get('/api/jobs').query({ search: 'draft analyst' })).body,
    ).toEqual([]);
    const [updated] = await eventFor('job.updated', job.id);
    expect(updated?.data.job.title).toBe('Marketing Analyst Final');
  });

  it('when the change would duplicate another active job, then 409', async () => {
    const a = await create();
    const b = await create();
    const res = await request(jobs.app)
      .put(`/api/admin/jobs/${b.id}`)
      .set('Cookie', cookie())
      .send(
        adminPost({
          title: a.title,
          company: a.company,
          location: a.location,
          url: a.url ?? undefined,
        }),
      );
    expect(res.status).toBe(409);
    expect(res.body.error.details).toEqual({ existingJobId: a.id });
  });

  it('when the job is unknown, then 404; when the id or body is bad, then 400', async () => {
    expect(
      (
        await request(jobs.app)
          .put(`/api/admin/jobs/${UNKNOWN_ID}`)
          .set('Cookie', cookie())
          .send(adminPost())
      ).status,
    ).toBe(404);
    expect(
      (await request(jobs.app).put('/api/admin/jobs/abc').set('Cookie', cookie()).send(adminPost()))
        .status,
    ).toBe(400);
    const job = await create();
    const bad = await request(jobs.app)
      .put(`/api/admin/jobs/${job.id}`)
      .set('Cookie', cookie())
      .send({ title: '' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe('Title is required');
  });
});

describe('DELETE and undelete', () => {
  it('when a job is soft-deleted, then deletedAt is set and job.deleted; deleting it again changes nothing', async () => {
    const job = await create();
    const res = await request(jobs.app).delete(`/api/admin/jobs/${job.id}`).set('Cookie', cookie());
    expect(res.status).toBe(200);
    expect(res.body.deletedAt).not.toBeNull();
    const [deleted] = await eventFor('job.deleted', job.id);
    expect(deleted?.data.job.deletedAt).toBe(res.body.deletedAt);

    const again = await request(jobs.app)
      .delete(`/api/admin/jobs/${job.id}`)
      .set('Cookie', cookie());
    expect(again.status).toBe(200);
    expect(again.body.deletedAt).toBe(res.body.deletedAt);
    await request(jobs.app).get('/api/admin/jobs').set('Cookie', cookie()); // a round trip for any stray event
    expect(
      events.ofType('job.deleted').filter((event) => event.data.job.id === job.id),
    ).toHaveLength(1);
  });

  it('when a deleted job is restored, then it is active again and job.restored', async () => {
    const job = await create();
    await request(jobs.app).delete(`/api/admin/jobs/${job.id}`).set('Cookie', cookie()).expect(200);
    await eventFor('job.deleted', job.id); // FerretDB: see the note in support.ts
    const res = await request(jobs.app)
      .put(`/api/admin/jobs/${job.id}/undelete`)
      .set('Cookie', cookie());
    expect(res.status).toBe(200);
    expect(res.body.deletedAt).toBeNull();
    await eventFor('job.restored', job.id);
    expect((await request(jobs.app).get(`/api/jobs/${job.id}`)).status).toBe(200);
  });

  it('when an identical job was posted while one was deleted, then restoring the deleted one is 409', async () => {
    const body = adminPost();
    const original = (
      await request(jobs.app).post('/api/admin/jobs').set('Cookie', cookie()).send(body)
    ).body as AdminJob;
    await request(jobs.app)
      .delete(`/api/admin/jobs/${original.id}`)
      .set('Cookie', cookie())
      .expect(200);
    const repost = await request(jobs.app)
      .post('/api/admin/jobs')
      .set('Cookie', cookie())
      .send(body);
    expect(repost.status).toBe(201);
    const res = await request(jobs.app)
      .put(`/api/admin/jobs/${original.id}/undelete`)
      .set('Cookie', cookie());
    expect(res.status).toBe(409);
    expect(res.body.error.details).toEqual({ existingJobId: repost.body.id });
  });

  it('when force-deleting an active job, then 409; a deleted one is removed for good with job.purged', async () => {
    const job = await create();
    const active = await request(jobs.app)
      .delete(`/api/admin/jobs/${job.id}?force=true`)
      .set('Cookie', cookie());
    expect(active.status).toBe(409);
    expect(active.body.error.message).toBe('Only deleted jobs can be permanently deleted');

    await request(jobs.app).delete(`/api/admin/jobs/${job.id}`).set('Cookie', cookie()).expect(200);
    await eventFor('job.deleted', job.id); // FerretDB: see the note in support.ts
    const purged = await request(jobs.app)
      .delete(`/api/admin/jobs/${job.id}?force=true`)
      .set('Cookie', cookie());
    expect(purged.status).toBe(204);
    const [event] = await eventFor('job.purged', job.id);
    expect(event?.data.job.id).toBe(job.id);
    const all = await adminList({ include_deleted: 'true' });
    expect(all.body.map((j: AdminJob) => j.id)).not.toContain(job.id);
    // The document goes once the relay has published job.purged.
    await eventually(async () =>
      expect(await jobs.models.Job.collection.countDocuments({ _id: job.id } as never)).toBe(0),
    );
    expect(
      (await request(jobs.app).put(`/api/admin/jobs/${job.id}/undelete`).set('Cookie', cookie()))
        .status,
    ).toBe(404);
  });

  it.each([
    ['delete', `/api/admin/jobs/${UNKNOWN_ID}`, 404],
    ['delete', `/api/admin/jobs/${UNKNOWN_ID}?force=true`, 404],
    ['put', `/api/admin/jobs/${UNKNOWN_ID}/undelete`, 404],
    ['delete', `/api/admin/jobs/${UNKNOWN_ID}?force=maybe`, 400],
  ] as const)(
    'when an admin calls %s %s (an unknown job, or force neither true nor false), then %i',
    async (method, path, status) => {
      expect((await request(jobs.app)[method](path).set('Cookie', cookie())).status).toBe(status);
    },
  );
});
