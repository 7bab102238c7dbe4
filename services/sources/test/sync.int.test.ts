import { startedForFile } from '@b2g/service-kit/testing';
import { describe, expect } from 'vitest';
import { MongoSyncLeases } from '../src/data/sync-leases.js';
import { REMOVED_FROM_BOARD } from '../src/domain/imported.js';
import { NO_COUNTS } from '../src/domain/sources.js';
import { syncDueSources, type SchedulerDeps } from '../src/domain/sync.js';
import { boardsOn, it } from './ats/fake-ats.js';
import { HOUR_MS, INTERVAL_MS, RecordedEvents, sourceAt, TEXTS } from './fakes.js';
import { startStore } from './helpers.js';

const store = startedForFile(startStore);
const PATH = '/greenhouse/v1/boards/keystone/jobs';

/** A Greenhouse job of `kind`'s text; `revision` adds a line to its description. */
const job = (id: number, kind: keyof typeof TEXTS, revision = '') => ({
  id,
  title: TEXTS[kind].title,
  updated_at: '2026-02-20T15:04:05-05:00',
  company_name: 'Keystone Federal',
  location: { name: 'Columbus, OH' },
  absolute_url: `https://boards.greenhouse.io/keystone/jobs/${id}`,
  content: `${TEXTS[kind].description}${revision}`,
});

describe('syncing a Greenhouse board into the database', () => {
  it('when a board is synced again and again, then the first sync creates, an unchanged board changes nothing, a changed posting updates and a removed one closes', async ({
    ats,
  }) => {
    const board = {
      jobs: [job(101, 'live'), job(102, 'pending'), job(103, 'excluded')],
      etag: '"v1"',
    };
    ats.on(PATH, ({ headers }) =>
      headers['if-none-match'] === board.etag
        ? { status: 304, headers: { etag: board.etag } }
        : {
            body: { jobs: board.jobs, meta: { total: board.jobs.length } },
            headers: { etag: board.etag },
          },
    );
    let at = Date.parse('2026-03-02T12:00:00Z');
    const now = () => new Date(at);
    const events = new RecordedEvents();
    const deps: SchedulerDeps = {
      boards: boardsOn(ats).boards,
      sources: store.sources,
      postings: store.postings,
      events,
      leases: new MongoSyncLeases(store.models, now),
      now,
      random: () => 0,
      intervalMs: INTERVAL_MS,
      owner: 'instance-a',
      leaseMs: HOUR_MS,
    };
    await store.sources.add(
      sourceAt(now(), { id: 'e2e', board: { ats: 'greenhouse', name: 'keystone' } }),
    );
    const run = async () => {
      const [outcome, ...more] = await syncDueSources(deps, 10);
      expect(more).toEqual([]);
      at += INTERVAL_MS;
      return { outcome: outcome!, events: events.take() };
    };

    const first = await run();
    expect(first.outcome.counts).toEqual({ ...NO_COUNTS, new: 2, pending: 1, excluded: 1 });
    expect(first.events.map((event) => [event.type, event.atsId])).toEqual([
      ['ImportedPostingCreated', '101'],
      ['ImportedPostingCreated', '102'],
    ]);
    expect(await store.postings.listBySource('e2e')).toHaveLength(3);
    expect(await store.sources.get('e2e')).toMatchObject({
      etag: '"v1"',
      lastCounts: first.outcome.counts,
    });

    const notModified = await run();
    expect(notModified.outcome.result).toBe('unchanged');
    expect(notModified.events).toEqual([]);
    expect(ats.requests.at(-1)?.headers['if-none-match']).toBe('"v1"');

    board.etag = '"v2"';
    const sameContent = await run();
    expect(sameContent.outcome.counts).toEqual({ ...NO_COUNTS, unchanged: 2, excluded: 1 });
    expect(sameContent.events).toEqual([]);

    board.jobs = [job(101, 'live', '\nNow with a Top Secret clearance.'), job(103, 'excluded')];
    board.etag = '"v3"';
    const changed = await run();
    expect(changed.outcome.counts).toEqual({ ...NO_COUNTS, updated: 1, closed: 1, excluded: 1 });
    expect(changed.events).toEqual([
      expect.objectContaining({ type: 'ImportedPostingUpdated', atsId: '101', decision: 'live' }),
      expect.objectContaining({
        type: 'ImportedPostingClosed',
        atsId: '102',
        reason: REMOVED_FROM_BOARD,
      }),
    ]);
    const stored = await store.postings.listBySource('e2e');
    expect(stored.find((posting) => posting.atsId === '102')).toMatchObject({
      state: 'closed',
      closedReason: REMOVED_FROM_BOARD,
    });
    expect(await store.sources.get('e2e')).toMatchObject({
      etag: '"v3"',
      lastCounts: changed.outcome.counts,
      consecutiveFailures: 0,
    });
    expect(await store.models.SyncLease.findById('e2e').lean()).toBeNull();
  });
});
