import { randomUUID } from 'node:crypto';
import type { SearchParams } from '@b2g/contracts';
import type { EventBus } from '@b2g/event-bus';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminPost,
  eventually,
  instanceForFile,
  listen,
  newWorld,
  publisher,
  saveSearch as saveSearchIn,
  type Listener,
} from './support.js';

/** Saved searches in the percolator, and each new or changed active job matched once. */
const world = newWorld();
const jobs = instanceForFile(world);
let others: EventBus;
let matches: Listener;
/** A job's matches take a relay and a consumer hop: seconds on a busy machine. */
const MATCH_WAIT_MS = 20_000;

const saveSearch = (query: SearchParams, active = true, id: string = randomUUID()) =>
  saveSearchIn(jobs, world, others, query, { active, id, waitMs: MATCH_WAIT_MS });

const matchedIds = (jobId: string) =>
  matches
    .ofType('saved_search.matched')
    .filter((event) => event.data.job.id === jobId)
    .flatMap((event) => event.data.savedSearchIds);

beforeAll(async () => {
  others = await publisher(world);
  matches = await listen(world, ['saved_search.matched']);
});

afterAll(async () => {
  await matches.close();
  await others.close();
});

describe('matching new jobs with saved searches', () => {
  it('when a job is posted, then exactly the saved searches whose words and filters it meets match it', async () => {
    const words = await saveSearch({ search: 'zephyrine capt' });
    const filtered = await saveSearch({ search: 'zephyrine', jobFunction: 'technical' });
    const otherFilter = await saveSearch({ search: 'zephyrine', jobFunction: 'sales' });
    const otherWords = await saveSearch({ search: 'quokka' });

    const job = await jobs.posting.createAdmin(
      adminPost({ title: 'Zephyrine Capture Lead', jobFunction: 'technical' }) as never,
    );

    const ids = await eventually(() => {
      const found = matchedIds(job.id);
      expect(found.length).toBeGreaterThan(0);
      return found;
    }, MATCH_WAIT_MS);
    expect(ids).toContain(words);
    expect(ids).toContain(filtered);
    expect(ids).not.toContain(otherFilter);
    expect(ids).not.toContain(otherWords);
  });

  it('when a saved search is paused, then new jobs are not matched with it', async () => {
    const id = await saveSearch({ search: 'marmalade' });
    await saveSearch({ search: 'marmalade' }, false, id);
    const control = await saveSearch({ search: 'marmalade' });

    const job = await jobs.posting.createAdmin(adminPost({ title: 'Marmalade Analyst' }) as never);

    const ids = await eventually(() => {
      const found = matchedIds(job.id);
      expect(found).toContain(control);
      return found;
    }, MATCH_WAIT_MS);
    expect(ids).not.toContain(id);
  });

  it('when the same job event is handled twice, then its matches are stated once', async () => {
    const id = await saveSearch({ search: 'tamarind' });
    const job = await jobs.posting.createAdmin(adminPost({ title: 'Tamarind Analyst' }) as never);
    await eventually(() => expect(matchedIds(job.id)).toEqual([id]), MATCH_WAIT_MS);

    expect(await jobs.matching.percolate(job.id)).toEqual([id]);
    // Another event, later: still one statement of this revision.
    const marker = await jobs.posting.createAdmin(adminPost({ title: 'Tamarind Marker' }) as never);
    await eventually(() => expect(matchedIds(marker.id)).toEqual([id]), MATCH_WAIT_MS);
    expect(matchedIds(job.id)).toEqual([id]);
  });

  it('when a matched job changes only a field no search matches (its freshness check), then it is not percolated again; when its text changes, it is', async () => {
    const id = await saveSearch({ search: 'persimmon' });
    const job = await jobs.posting.createAdmin(adminPost({ title: 'Persimmon Lead' }) as never);
    await eventually(() => expect(matchedIds(job.id)).toEqual([id]), MATCH_WAIT_MS);

    await jobs.curation.markVerified(job.id, null);
    const verified = await jobs.repository.byId(job.id);
    expect(verified?.lastVerifiedAt).toBeInstanceOf(Date);
    // The verification's job.updated is handled: its revision is recorded as passed over.
    const percolations = jobs.connection.collection<{ _id: string; content?: string }>(
      'percolations',
    );
    await eventually(async () => {
      const passedOver = await percolations.findOne({ _id: `${job.id}:${verified?.revision}` });
      expect(passedOver?.content).toBeDefined();
    }, MATCH_WAIT_MS);
    expect(await jobs.matching.percolate(job.id)).toEqual([]);
    const marker = await jobs.posting.createAdmin(
      adminPost({ title: 'Persimmon Marker' }) as never,
    );
    await eventually(() => expect(matchedIds(marker.id)).toEqual([id]), MATCH_WAIT_MS);
    expect(matchedIds(job.id)).toEqual([id]);

    await jobs.curation.update(job.id, adminPost({ title: 'Persimmon Lead, Federal' }) as never);
    expect(await jobs.matching.percolate(job.id)).toEqual([id]);
  });

  it('when a job is soft-deleted, then it is not matched', async () => {
    await saveSearch({ search: 'kumquat' });
    const job = await jobs.posting.createAdmin(adminPost({ title: 'Kumquat Lead' }) as never);
    await eventually(() => expect(matchedIds(job.id)).toHaveLength(1), MATCH_WAIT_MS);
    await jobs.curation.softDelete(job.id);
    expect(await jobs.matching.percolate(job.id)).toEqual([]);
  });

  it('when a search filters by clearance and minimum salary, then only jobs within them match; a job past its closing date matches nothing', async () => {
    const id = await saveSearch({ search: 'bergamot', clearance: 'secret', salaryMin: '100000' });
    const within = await jobs.posting.createAdmin(
      adminPost({ title: 'Bergamot Lead', clearance: 'secret', salaryMax: 150_000 }) as never,
    );
    const tooHigh = await jobs.posting.createAdmin(
      adminPost({ title: 'Bergamot Chief', clearance: 'top_secret', salaryMax: 150_000 }) as never,
    );
    const underpaid = await jobs.posting.createAdmin(
      adminPost({ title: 'Bergamot Aide', clearance: 'secret', salaryMax: 60_000 }) as never,
    );
    await eventually(() => expect(matchedIds(within.id)).toEqual([id]), MATCH_WAIT_MS);
    expect(matchedIds(tooHigh.id)).toEqual([]);
    expect(matchedIds(underpaid.id)).toEqual([]);

    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const closing = await jobs.posting.createAdmin(
      adminPost({
        title: 'Bergamot Closing',
        clearance: 'secret',
        salaryMax: 150_000,
        closingDate: tomorrow,
      }) as never,
    );
    await eventually(() => expect(matchedIds(closing.id)).toEqual([id]), MATCH_WAIT_MS);
    const afterClosing = new Date(Date.now() + 3 * 86_400_000);
    expect(await jobs.matching.percolate(closing.id, afterClosing)).toEqual([]);
  });
});
