import {
  FEATURED_MIN_DESCRIPTION_LENGTH,
  featuredJobsResponseSchema,
  featuredPinsResponseSchema,
  type AdminJob,
  type AdminJobRequest,
} from '@b2g/contracts';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import {
  createAdminJob,
  instanceForFile,
  newWorld,
  publicPost,
  refreshSearch,
  tokens,
} from './support.js';

const world = newWorld();
const jobs = instanceForFile(world);
const HOUR = 3_600_000;
const cookie = () => tokens.adminCookie();
const LONG = 'Own federal civilian accounts and grow them through GSA Schedule and SEWP. '.repeat(
  4,
);

const adminJob = (overrides: Partial<AdminJobRequest>) => createAdminJob(jobs, overrides);
const hoursAgo = (hours: number) => new Date(Date.now() - hours * HOUR).toISOString();
const featured = async () => {
  await refreshSearch(world);
  const res = await request(jobs.app).get('/api/jobs/featured');
  expect(res.status).toBe(200);
  return featuredJobsResponseSchema.parse(res.body);
};
const pin = (jobFunction: string, body: unknown) =>
  request(jobs.app)
    .put(`/api/admin/jobs/featured/${jobFunction}`)
    .set('Cookie', cookie())
    .send(body as object);

describe('POST /api/jobs refuses a repeat of an active job', () => {
  it('when company, title and location match an active job but for case, spacing and punctuation, then 409 names it, whatever the URL', async () => {
    const first = await request(jobs.app)
      .post('/api/jobs')
      .send(
        publicPost({
          title: 'Sr. Account Executive - Federal',
          company: 'Keystone Federal Systems, Inc.',
          location: 'Arlington, VA',
        }),
      );
    expect(first.status).toBe(201);
    const again = await request(jobs.app)
      .post('/api/jobs')
      .send(
        publicPost({
          title: 'sr account   executive federal',
          company: 'KEYSTONE FEDERAL SYSTEMS INC',
          location: 'Arlington VA',
          url: 'https://elsewhere.example/apply/1',
        }),
      );
    expect(again.status).toBe(409);
    expect(again.body.error).toEqual({
      code: 'CONFLICT',
      message: 'This job has already been posted.',
      details: { existingJobId: first.body.id },
    });
    const count = await jobs.models.Job.countDocuments({ company: /keystone/i });
    expect(count).toBe(1);
  });

  it('when the active job was added by the admin, then the public post is refused too; another location is another job', async () => {
    const admin = await adminJob({
      title: 'Capture Manager',
      company: 'Redstone Analytics',
      location: 'Huntsville, AL',
    });
    const same = await request(jobs.app)
      .post('/api/jobs')
      .send(
        publicPost({
          title: 'Capture manager',
          company: 'Redstone Analytics',
          location: 'Huntsville, AL.',
        }),
      );
    expect(same.status).toBe(409);
    expect(same.body.error.details).toEqual({ existingJobId: admin.id });
    const elsewhere = await request(jobs.app)
      .post('/api/jobs')
      .send(
        publicPost({
          title: 'Capture Manager',
          company: 'Redstone Analytics',
          location: 'Tampa, FL',
        }),
      );
    expect(elsewhere.status).toBe(201);
  });

  it('when the matching job was deleted, then the post goes through', async () => {
    const admin = await adminJob({
      title: 'Proposal Writer',
      company: 'Beacon',
      location: 'Reston, VA',
    });
    await request(jobs.app).delete(`/api/admin/jobs/${admin.id}`).set('Cookie', cookie());
    const res = await request(jobs.app)
      .post('/api/jobs')
      .send(publicPost({ title: 'Proposal Writer', company: 'Beacon', location: 'Reston, VA' }));
    expect(res.status).toBe(201);
  });
});

describe('GET /api/jobs/featured chooses by quality; the admin can pin', () => {
  let complete: AdminJob;
  let verified: AdminJob;

  it('when a fresh anonymous post, a newer incomplete job and older complete ones compete, then the newest verified complete job wins', async () => {
    await jobs.models.Job.deleteMany({});
    const marketing = { jobFunction: 'marketing' as const, description: LONG };
    verified = await adminJob({ ...marketing, title: 'Brand Lead', postedAt: hoursAgo(30) });
    complete = await adminJob({ ...marketing, title: 'Content Lead', postedAt: hoursAgo(20) });
    const incomplete = await adminJob({
      ...marketing,
      title: 'Events Lead',
      description: 'Short.',
      postedAt: hoursAgo(10),
    });
    const anonymous = await request(jobs.app)
      .post('/api/jobs')
      .send(publicPost({ jobFunction: 'marketing', title: 'Growth Lead', description: LONG }));
    expect(anonymous.status).toBe(201);
    expect(LONG.length).toBeGreaterThanOrEqual(FEATURED_MIN_DESCRIPTION_LENGTH);

    // Complete beats newer-but-incomplete; the anonymous post waits its hour.
    expect((await featured()).marketing?.id).toBe(complete.id);
    // Verified at its source by the freshness checker: the older complete job wins.
    await jobs.curation.markVerified(verified.id, null);
    const chosen = (await featured()).marketing;
    expect(chosen?.id).toBe(verified.id);
    expect(chosen?.lastVerifiedAt).toEqual(expect.any(String));
    expect(JSON.stringify(chosen)).not.toContain('postedBy');
    expect([incomplete.id, anonymous.body.id]).not.toContain(chosen?.id);
  });

  it('when the admin pins a job, then it is featured until unpinned or deleted', async () => {
    const res = await pin('marketing', { jobId: complete.id });
    expect(res.status).toBe(200);
    expect(featuredPinsResponseSchema.parse(res.body)).toEqual({
      marketing: { jobId: complete.id, pinnedAt: expect.any(String) },
    });
    expect((await featured()).marketing?.id).toBe(complete.id);
    const listed = await request(jobs.app).get('/api/admin/jobs/featured').set('Cookie', cookie());
    expect(listed.body.marketing.jobId).toBe(complete.id);

    await request(jobs.app).delete(`/api/admin/jobs/${complete.id}`).set('Cookie', cookie());
    expect((await featured()).marketing?.id).toBe(verified.id);
    await request(jobs.app).put(`/api/admin/jobs/${complete.id}/undelete`).set('Cookie', cookie());
    expect((await featured()).marketing?.id).toBe(complete.id);

    const unpinned = await request(jobs.app)
      .delete('/api/admin/jobs/featured/marketing')
      .set('Cookie', cookie());
    expect(unpinned.body).toEqual({});
    expect((await featured()).marketing?.id).toBe(verified.id);
  });

  it('when a pin names another function, an unknown job, a bad slot or comes without the admin cookie, then 400, 404, 400, 401', async () => {
    const sales = await adminJob({ jobFunction: 'sales' });
    expect((await pin('marketing', { jobId: sales.id })).status).toBe(400);
    expect((await pin('marketing', { jobId: '1b9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bed' })).status).toBe(
      404,
    );
    expect((await pin('finance', { jobId: sales.id })).status).toBe(400);
    expect((await pin('sales', { jobId: 'x' })).status).toBe(400);
    expect((await pin('sales', { jobId: sales.id, extra: 1 })).status).toBe(400);
    const anonymous = await request(jobs.app)
      .put('/api/admin/jobs/featured/sales')
      .send({ jobId: sales.id });
    expect(anonymous.status).toBe(401);
    expect((await request(jobs.app).get('/api/admin/jobs/featured')).status).toBe(401);
  });
});
