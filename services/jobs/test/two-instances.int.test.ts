import { randomUUID } from 'node:crypto';
import type { EventBus } from '@b2g/event-bus';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Job } from '@b2g/contracts';
import {
  adminPost,
  bookmarkOf,
  eventually,
  handleBookmark,
  instanceForFile,
  JOB_EVENTS,
  jobEventsOf,
  listen,
  newWorld,
  publicPost,
  publisher,
  searchIds,
  startInstance,
  tokens,
  type JobEventType,
  type Listener,
  type RunningInstance,
} from './support.js';

/** Two jobs instances on one database and one exchange, as two processes behind a load balancer. */
const world = newWorld();
const a = instanceForFile(world);
let b: RunningInstance;
let other: EventBus;
let events: Listener;
const cookie = () => tokens.adminCookie();
/** A change must be visible in search on every instance within this. */
const WITHIN = 1_500;

/** Both instances answer the search with exactly `expected`, within 1.5 s. */
const bothAnswer = (search: string, expected: string[]) =>
  eventually(async () => {
    expect(await searchIds(a, search)).toEqual(expected);
    expect(await searchIds(b, search)).toEqual(expected);
  }, WITHIN);

const settled = (type: JobEventType, id: string) => jobEventsOf(events, type, id);

beforeAll(async () => {
  b = await startInstance(world);
  other = await publisher(world);
  events = await listen(world, [...JOB_EVENTS]);
});

afterAll(async () => {
  await events.close();
  await other.close();
  await b.close();
});

describe('two instances side by side', () => {
  it('when any lifecycle change is made on one instance, then both answer the same search within 1.5 s', async () => {
    const created = await request(a.app)
      .post('/api/jobs')
      .send(publicPost({ title: 'Heliograph Capture Manager' }));
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    await bothAnswer('heliograph', [id]);
    await settled('job.created', id);

    const updated = await request(b.app)
      .put(`/api/admin/jobs/${id}`)
      .set('Cookie', cookie())
      .send(adminPost({ title: 'Semaphore Capture Manager', url: created.body.url }));
    expect(updated.status).toBe(200);
    await bothAnswer('heliograph', []);
    await bothAnswer('semaphore', [id]);
    await settled('job.updated', id);

    await request(a.app).delete(`/api/admin/jobs/${id}`).set('Cookie', cookie()).expect(200);
    await bothAnswer('semaphore', []);
    await eventually(
      async () => expect((await request(b.app).get(`/api/jobs/${id}`)).status).toBe(404),
      WITHIN,
    );
    await settled('job.deleted', id);

    await request(b.app).put(`/api/admin/jobs/${id}/undelete`).set('Cookie', cookie()).expect(200);
    await bothAnswer('semaphore', [id]);
    await settled('job.restored', id);

    await request(a.app).delete(`/api/admin/jobs/${id}`).set('Cookie', cookie()).expect(200);
    await settled('job.deleted', id);
    await request(b.app)
      .delete(`/api/admin/jobs/${id}?force=true`)
      .set('Cookie', cookie())
      .expect(204);
    await eventually(async () => {
      for (const instance of [a, b]) {
        const all = await request(instance.app)
          .get('/api/admin/jobs')
          .set('Cookie', cookie())
          .query({ include_deleted: 'true' });
        expect(all.body.map((job: Job) => job.id)).not.toContain(id);
      }
    }, WITHIN);
  });

  it('when the same job is posted on both instances, then the second is 409 wherever it lands', async () => {
    const body = publicPost();
    expect((await request(a.app).post('/api/jobs').send(body)).status).toBe(201);
    expect((await request(b.app).post('/api/jobs').send(body)).status).toBe(409);
  });

  it('when a third instance starts, then it is ready at once and answers from the index already there', async () => {
    const created = await request(a.app)
      .post('/api/jobs')
      .send(publicPost({ title: 'Astrolabe Account Executive' }));
    const c = await startInstance(world, {}, { waitForIndex: false });
    try {
      // Ready on its first ask, before its start-up index check is waited for.
      expect((await request(c.app).get('/readyz')).status).toBe(200);
      await eventually(async () =>
        expect(await searchIds(c, 'astrolabe')).toEqual([created.body.id]),
      );
      const indices = await c.search.indices.getAlias({ name: world.alias });
      await c.indexChecked;
      // The index held every active job: no rebuild, the alias still names the same index.
      expect(await c.search.indices.getAlias({ name: world.alias })).toMatchObject({
        body: indices.body,
      });
    } finally {
      await c.close();
    }
  });
});

describe('bookmark counts', () => {
  const counts = async (id: string) =>
    Promise.all(
      [a, b].map(
        async (instance) =>
          (await request(instance.app).get(`/api/jobs/${id}`)).body.bookmarkCount as number,
      ),
    );
  const stored = async (id: string) => (await a.models.Job.findById(id).lean())?.bookmarkCount;

  it('when a job is bookmarked and unbookmarked, then its count follows on every instance and in search, without job.updated', async () => {
    const job = (await request(a.app).post('/api/jobs').send(publicPost())).body as Job;
    await settled('job.created', job.id);
    const first = bookmarkOf(job.id);
    await other.publish(first.added);
    await eventually(async () => expect(await counts(job.id)).toEqual([1, 1]));
    await other.publish(bookmarkOf(job.id).added);
    await eventually(async () => expect(await counts(job.id)).toEqual([2, 2]));
    await other.publish(first.removed);
    await eventually(async () => expect(await counts(job.id)).toEqual([1, 1]));
    // Search results carry the count too (written to the index as the same revision).
    await eventually(async () => {
      const found = await request(b.app).get('/api/jobs').query({ search: job.title });
      expect(found.body.find((hit: Job) => hit.id === job.id)?.bookmarkCount).toBe(1);
    }, WITHIN);
    expect((await a.repository.byId(job.id))?.revision).toBe(1);
    expect(events.ofType('job.updated').filter((e) => e.data.job.id === job.id)).toEqual([]);
  });

  it('when the same bookmark event is handled twice (a redelivery), then the count changes once', async () => {
    const job = (await request(a.app).post('/api/jobs').send(publicPost())).body as Job;
    const { added } = bookmarkOf(job.id);
    await handleBookmark(a, added);
    await handleBookmark(b, added);
    await handleBookmark(a, added);
    expect(await stored(job.id)).toBe(1);
    await eventually(async () => expect(await counts(job.id)).toEqual([1, 1]));
  });

  it('when a removal is handled before its addition (two instances, a retry), then the bookmark stays removed', async () => {
    const job = (await request(a.app).post('/api/jobs').send(publicPost())).body as Job;
    const kept = bookmarkOf(job.id);
    const gone = bookmarkOf(job.id);
    await handleBookmark(b, gone.removed);
    await handleBookmark(a, kept.added);
    await handleBookmark(a, gone.added);
    expect(await stored(job.id)).toBe(1);
  });

  it('when instances handle many bookmarks of one job at once, then the count is exact', async () => {
    const job = (await request(a.app).post('/api/jobs').send(publicPost())).body as Job;
    const bookmarks = Array.from({ length: 12 }, () => bookmarkOf(job.id));
    await Promise.all(
      bookmarks.map((bookmark, index) => handleBookmark(index % 2 ? a : b, bookmark.added)),
    );
    await Promise.all(
      bookmarks
        .slice(0, 5)
        .map((bookmark, index) => handleBookmark(index % 2 ? b : a, bookmark.removed)),
    );
    expect(await stored(job.id)).toBe(7);
  });

  it('when a bookmark is removed from a job with none, then the count stays at zero', async () => {
    const job = (await request(a.app).post('/api/jobs').send(publicPost())).body as Job;
    await handleBookmark(a, bookmarkOf(job.id).removed);
    expect(await stored(job.id)).toBe(0);
    expect(await counts(job.id)).toEqual([0, 0]);
  });

  it('when the bookmarked job does not exist, then the event is handled without effect', async () => {
    const id = randomUUID();
    await expect(handleBookmark(a, bookmarkOf(id).added)).resolves.toBeUndefined();
    expect(await a.models.Job.findById(id).lean()).toBeNull();
  });
});
