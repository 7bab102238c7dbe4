import { randomUUID } from 'node:crypto';
import type { BookmarkWithJob } from '@b2g/contracts';
import { bookmarkListResponseSchema, bookmarkWithJobSchema } from '@b2g/contracts';
import { createEvent } from '@b2g/event-bus';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { aJob, addBookmark, deleteAs, publishedEvent, harnessForFile, waitFor } from './helpers.js';

const h = harnessForFile();

const bookmarksOf = async (bearer: string) => {
  const res = await request(h.app)
    .get('/api/user/bookmarks')
    .set('Authorization', bearer)
    .expect(200);
  return bookmarkListResponseSchema.parse(res.body);
};

describe('bookmarks', () => {
  it('when a user bookmarks a job, then it is listed newest first with its job and bookmark.added is published', async () => {
    const user = h.tokens.newUser();
    const bearer = h.tokens.bearer(user);
    const first = await h.createJob({ title: 'Capture Manager', link: 'https://example.com/link' });
    const second = await h.createJob({
      title: 'Solutions Engineer',
      link: null,
      url: null,
      applyUrl: 'https://example.com/apply',
    });

    const created = await request(h.app)
      .post('/api/user/bookmarks')
      .set('Authorization', bearer)
      .send({ jobId: first.id, notes: '  call the recruiter  ' })
      .expect(201);
    await addBookmark(h.app, bearer, second.id);

    expect(bookmarkWithJobSchema.parse(created.body)).toMatchObject({
      jobId: first.id,
      notes: 'call the recruiter',
      job: {
        title: 'Capture Manager',
        company: first.company,
        location: first.location,
        link: 'https://example.com/link',
      },
    });
    const list = await bookmarksOf(bearer);
    expect(list.map((b) => b.jobId)).toEqual([second.id, first.id]);
    expect(list[0]?.job).toEqual({
      title: 'Solutions Engineer',
      company: second.company,
      location: second.location,
      link: 'https://example.com/apply',
    });

    const added = await publishedEvent(
      h.published,
      'bookmark.added',
      (e) => e.data.bookmarkId === created.body.id,
    );
    expect(added.data).toMatchObject({
      userId: user.id,
      jobId: first.id,
      jobTitle: 'Capture Manager',
      company: first.company,
    });
    expect(added.source).toBe('user-activity');
  });

  it('when the same job is bookmarked twice, then the second answer is 200 with the same bookmark and no duplicate exists', async () => {
    const bearer = h.tokens.bearer(h.tokens.newUser());
    const job = await h.createJob();

    const first = await addBookmark(h.app, bearer, job.id);
    const again = await request(h.app)
      .post('/api/user/bookmarks')
      .set('Authorization', bearer)
      .send({ jobId: job.id })
      .expect(200);
    const concurrent = await Promise.all(
      Array.from({ length: 5 }, () =>
        request(h.app)
          .post('/api/user/bookmarks')
          .set('Authorization', bearer)
          .send({ jobId: job.id }),
      ),
    );

    expect(again.body.id).toBe(first.body.id);
    expect(concurrent.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(concurrent.map((r) => r.body.id))).toEqual(new Set([first.body.id]));
    expect(await bookmarksOf(bearer)).toHaveLength(1);
  });

  it('when a bookmark is deleted, then it is gone, bookmark.removed is published, and the job can be bookmarked again', async () => {
    const bearer = h.tokens.bearer(h.tokens.newUser());
    const job = await h.createJob();
    const created = await addBookmark(h.app, bearer, job.id);

    await deleteAs(h.app, bearer, `/api/user/bookmarks/${job.id}`, 204);
    await deleteAs(h.app, bearer, `/api/user/bookmarks/${job.id}`, 404);

    expect(await bookmarksOf(bearer)).toEqual([]);
    await publishedEvent(
      h.published,
      'bookmark.removed',
      (e) => e.data.bookmarkId === created.body.id,
    );
    const again = await addBookmark(h.app, bearer, job.id);
    expect(again.body.id).not.toBe(created.body.id);
  });

  it('when the job id is not a uuid or the job is unknown, then 400 and 404', async () => {
    const bearer = h.tokens.bearer(h.tokens.newUser());

    const invalid = await request(h.app)
      .post('/api/user/bookmarks')
      .set('Authorization', bearer)
      .send({ jobId: '42' })
      .expect(400);
    expect(invalid.body.error).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: 'Job id must be a valid UUID',
    });
    const unknown = await request(h.app)
      .post('/api/user/bookmarks')
      .set('Authorization', bearer)
      .send({ jobId: randomUUID() })
      .expect(404);
    expect(unknown.body.error).toEqual({ code: 'NOT_FOUND', message: 'Job not found' });
    await deleteAs(h.app, bearer, `/api/user/bookmarks/${randomUUID()}`, 404);
    await deleteAs(h.app, bearer, '/api/user/bookmarks/not-a-uuid', 400);
  });
});

describe('job snapshots', () => {
  it('when a bookmarked job is renamed (job.updated), then the bookmark shows the new title', async () => {
    const bearer = h.tokens.bearer(h.tokens.newUser());
    const job = await h.createJob({ title: 'BDR' });
    await addBookmark(h.app, bearer, job.id);

    await h.publish('job.updated', {
      job: { ...job, title: 'Senior BDR', location: 'Remote', link: 'https://example.com/new' },
    });

    const bookmark = await waitFor(
      async () => (await bookmarksOf(bearer)).find((b) => b.job.title === 'Senior BDR'),
      {
        what: 'the new title',
      },
    );
    expect(bookmark.job).toEqual({
      title: 'Senior BDR',
      company: job.company,
      location: 'Remote',
      link: 'https://example.com/new',
    });
  });

  it('when a job update arrives after a later one, then the later state stays', async () => {
    const bearer = h.tokens.bearer(h.tokens.newUser());
    const job = await h.createJob({ title: 'v1' });
    await addBookmark(h.app, bearer, job.id);

    await h.others.publish(
      createEvent(
        'job.updated',
        { job: { ...job, title: 'v3' } },
        { source: 'jobs', occurredAt: new Date(Date.now() + 1000) },
      ),
    );
    await waitFor(async () => (await bookmarksOf(bearer))[0]?.job.title === 'v3', { what: 'v3' });
    await h.others.publish(
      createEvent(
        'job.updated',
        { job: { ...job, title: 'v2' } },
        { source: 'jobs', occurredAt: new Date() },
      ),
    );
    await h.settle();

    expect((await bookmarksOf(bearer))[0]?.job.title).toBe('v3');
  });

  it("when a burst of one job's updates is handled at once and out of order, then the newest state stays", async () => {
    const job = await h.createJob({ title: 'v0' });
    const start = Date.now() + 1000;
    const versions = Array.from({ length: 30 }, (_, index) => index + 1);
    const shuffled = [...versions].sort(() => Math.random() - 0.5);

    await Promise.all(
      shuffled.map((version) =>
        h.service.jobs.record({ ...job, title: `v${version}` }, new Date(start + version)),
      ),
    );

    const stored = await h.models.JobSnapshot.findById(job.id).lean();
    expect(stored?.title).toBe('v30');
    expect(stored?.asOf).toEqual(new Date(start + 30));
  });

  it('when a job is deleted, then it cannot be newly bookmarked, and once restored it can', async () => {
    const bearer = h.tokens.bearer(h.tokens.newUser());
    const job = await h.createJob();

    await h.publish('job.deleted', { job: { ...job, deletedAt: new Date().toISOString() } });
    await waitFor(
      async () => (await h.models.JobSnapshot.findById(job.id).lean())?.deletedAt != null,
      { what: 'deletedAt' },
    );
    await request(h.app)
      .post('/api/user/bookmarks')
      .set('Authorization', bearer)
      .send({ jobId: job.id })
      .expect(404);
    await request(h.app)
      .post('/api/user/applications')
      .set('Authorization', bearer)
      .send({ jobId: job.id, applicationMethod: 'email' })
      .expect(404);

    await h.publish('job.restored', { job: { ...job, deletedAt: null } });
    await waitFor(
      async () => (await h.models.JobSnapshot.findById(job.id).lean())?.deletedAt === null,
      { what: 'restored' },
    );
    await addBookmark(h.app, bearer, job.id);
  });

  it('when a bookmarked job is purged, then the bookmark keeps its last snapshot marked removed', async () => {
    const bearer = h.tokens.bearer(h.tokens.newUser());
    const job = await h.createJob({ title: 'Proposal Writer' });
    await addBookmark(h.app, bearer, job.id);

    await h.publish('job.purged', { job: { ...job, deletedAt: new Date().toISOString() } });

    const bookmark = await waitFor(
      async () => (await bookmarksOf(bearer)).find((b) => b.job.removed),
      { what: 'removed' },
    );
    expect(bookmark.job).toEqual({
      title: 'Proposal Writer',
      company: job.company,
      location: job.location,
      link: job.url,
      removed: true,
    });
    await request(h.app)
      .post('/api/user/bookmarks')
      .set('Authorization', h.tokens.bearer(h.tokens.newUser()))
      .send({ jobId: job.id })
      .expect(404);
  });

  it('when no snapshot exists, then one lookup to the jobs API fills it, and a job it does not know is 404', async () => {
    const bearer = h.tokens.bearer(h.tokens.newUser());
    const job = aJob({ title: 'Known only to the jobs API', link: 'https://example.com/only-api' });
    h.jobsApi.jobs.set(job.id, job);

    const created = await addBookmark(h.app, bearer, job.id);
    await request(h.app).get('/api/user/bookmarks').set('Authorization', bearer).expect(200);
    await request(h.app)
      .post('/api/user/bookmarks')
      .set('Authorization', bearer)
      .send({ jobId: job.id })
      .expect(200);

    expect((created.body as BookmarkWithJob).job).toEqual({
      title: 'Known only to the jobs API',
      company: job.company,
      location: job.location,
      link: 'https://example.com/only-api',
    });
    expect(h.jobsApi.requests.filter((id) => id === job.id)).toHaveLength(1);
    expect(await h.models.JobSnapshot.findById(job.id).lean()).toMatchObject({
      title: 'Known only to the jobs API',
    });

    const deleted = aJob({ deletedAt: new Date().toISOString() });
    h.jobsApi.jobs.set(deleted.id, deleted);
    await request(h.app)
      .post('/api/user/bookmarks')
      .set('Authorization', bearer)
      .send({ jobId: deleted.id })
      .expect(404);
  });

  it('when the jobs API is down and no snapshot exists, then adding answers 503', async () => {
    const bearer = h.tokens.bearer(h.tokens.newUser());
    h.jobsApi.failing = true;
    try {
      const res = await request(h.app)
        .post('/api/user/bookmarks')
        .set('Authorization', bearer)
        .send({ jobId: randomUUID() })
        .expect(503);
      expect(res.body.error.code).toBe('SERVICE_UNAVAILABLE');
    } finally {
      h.jobsApi.failing = false;
    }
  });
});
