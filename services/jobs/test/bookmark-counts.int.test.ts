import type { EventBus } from '@b2g/event-bus';
import type { Job } from '@b2g/contracts';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminPost,
  bookmarkOf,
  eventually,
  instanceForFile,
  listen,
  newWorld,
  publisher,
  saveSearch,
  type Listener,
} from './support.js';

/** A bookmark is not a change of the job: no revision, no job event, no percolation. */
const world = newWorld();
const jobs = instanceForFile(world);
let others: EventBus;
let events: Listener;
/** An event takes a relay and a consumer hop: seconds on a busy machine. */
const WAIT_MS = 20_000;

beforeAll(async () => {
  others = await publisher(world);
  events = await listen(world, ['job.updated', 'saved_search.matched']);
});

afterAll(async () => {
  await events.close();
  await others.close();
});

const of = (jobId: string) => (event: { data: { job: { id: string } } }) =>
  event.data.job.id === jobId;
const matchedIds = (jobId: string) =>
  events
    .ofType('saved_search.matched')
    .filter(of(jobId))
    .flatMap((event) => event.data.savedSearchIds);

/** The job's count as GET /api/jobs/:id answers it and as a search lists it. */
async function countsOf(job: Job): Promise<[number, number | undefined]> {
  const one = await request(jobs.app).get(`/api/jobs/${job.id}`);
  const found = await request(jobs.app).get('/api/jobs').query({ search: job.title });
  const listed = (found.body as Job[]).find((hit) => hit.id === job.id);
  return [one.body.bookmarkCount as number, listed?.bookmarkCount];
}

/** Writes and searches OpenSearch has served on the world's job index and percolator so far. */
async function searchStats() {
  const stats = await jobs.search.indices.stats({
    index: `${world.alias}*`,
    metric: ['indexing', 'search'],
  });
  const { indices } = stats.body;
  const sum = (pick: (name: string) => boolean, value: (name: string) => number) =>
    Object.keys(indices ?? {})
      .filter(pick)
      .reduce((total, name) => total + value(name), 0);
  const percolator = (name: string) => name.endsWith('-saved-searches');
  return {
    jobWrites: sum(
      (name) => !percolator(name),
      (name) => indices?.[name]?.primaries?.indexing?.index_total ?? 0,
    ),
    percolations: sum(percolator, (name) => indices?.[name]?.primaries?.search?.query_total ?? 0),
  };
}

describe('bookmark counts', () => {
  it('when a bookmark is added and removed, then the count follows in the API and in search, with no new revision, no job.updated and no percolation', async () => {
    const savedSearchId = await saveSearch(jobs, world, others, { search: 'quince' });
    const job = await jobs.posting.createAdmin(adminPost({ title: 'Quince Analyst' }) as never);
    await eventually(() => expect(matchedIds(job.id)).toEqual([savedSearchId]), WAIT_MS);
    const before = await searchStats();

    const bookmark = bookmarkOf(job.id);
    await others.publish(bookmark.added);
    await eventually(async () => expect(await countsOf(job)).toEqual([1, 1]), WAIT_MS);
    const afterAdded = await searchStats();
    await others.publish(bookmark.removed);
    await eventually(async () => expect(await countsOf(job)).toEqual([0, 0]), WAIT_MS);
    const afterRemoved = await searchStats();

    // Each bookmark event: one write of the job to the index, no percolation.
    expect(afterAdded.jobWrites - before.jobWrites).toBe(1);
    expect(afterRemoved.jobWrites - afterAdded.jobWrites).toBe(1);
    expect(afterRemoved.percolations).toBe(before.percolations);
    expect((await jobs.repository.byId(job.id))?.revision).toBe(1);

    // A later job's events and matches come through: had the bookmarks stated anything, it
    // would have been published by now too.
    const marker = await jobs.posting.createAdmin(adminPost({ title: 'Quince Marker' }) as never);
    await eventually(() => expect(matchedIds(marker.id)).toEqual([savedSearchId]), WAIT_MS);
    expect(events.ofType('job.updated').filter(of(job.id))).toEqual([]);
    expect(matchedIds(job.id)).toEqual([savedSearchId]);
    const percolated = await jobs.connection
      .collection<{ _id: string }>('percolations')
      .find({ _id: { $in: [`${job.id}:1`, `${job.id}:2`] } })
      .toArray();
    expect(percolated.map((record) => record._id)).toEqual([`${job.id}:1`]);
  });

  it('when a job is edited after a bookmark, then the edit keeps the count and is percolated; a bookmark of a deleted job is counted and shows once it is restored', async () => {
    const job = await jobs.posting.createAdmin(adminPost({ title: 'Medlar Analyst' }) as never);
    await others.publish(bookmarkOf(job.id).added);
    await eventually(async () => expect(await countsOf(job)).toEqual([1, 1]), WAIT_MS);
    const savedSearchId = await saveSearch(jobs, world, others, { search: 'medlar federal' });

    const edited = await jobs.curation.update(
      job.id,
      adminPost({ title: 'Medlar Analyst, Federal' }) as never,
    );
    expect(edited.bookmarkCount).toBe(1);
    await eventually(() => expect(matchedIds(job.id)).toEqual([savedSearchId]), WAIT_MS);
    await eventually(async () => expect(await countsOf(edited)).toEqual([1, 1]), WAIT_MS);

    await jobs.curation.softDelete(job.id);
    await others.publish(bookmarkOf(job.id).added);
    await eventually(
      async () => expect((await jobs.repository.byId(job.id))?.bookmarkCount).toBe(2),
      WAIT_MS,
    );
    const restored = await jobs.curation.restore(job.id);
    expect(restored.bookmarkCount).toBe(2);
    await eventually(async () => expect(await countsOf(restored)).toEqual([2, 2]), WAIT_MS);
  });
});
