import { startedForFile } from '@b2g/service-kit/testing';
import { describe, expect, it } from 'vitest';
import type { StoredPosting } from '../src/domain/imported.js';
import { NO_COUNTS } from '../src/domain/sources.js';
import { HOUR_MS, sourceAt } from './fakes.js';
import { startStore } from './helpers.js';

const store = startedForFile(startStore);
const NOW = new Date('2026-03-02T12:00:00.000Z');
const at = (hours: number) => new Date(NOW.getTime() + hours * HOUR_MS);

const stored = (sourceId: string, atsId: string, extra: Partial<StoredPosting> = {}) =>
  ({
    sourceId,
    atsId,
    state: 'open',
    contentHash: `hash-${atsId}`,
    title: `Posting ${atsId}`,
    url: null,
    decision: 'live',
    reasons: ['a reason'],
    failure: null,
    closedReason: null,
    firstSeenAt: NOW,
    changedAt: NOW,
    ...extra,
  }) satisfies StoredPosting;

describe('the sources repository', () => {
  it('when a source is added, then it reads back whole, and a run writes its fields only, keeping a pause written meanwhile', async () => {
    const source = sourceAt(NOW, { id: 'repo-run', etag: '"v1"', lastModified: 'Mon, 02 Mar' });
    await store.sources.add(source);
    expect(await store.sources.get('repo-run')).toEqual(source);

    await store.sources.control('repo-run', { status: 'paused', nextRunAt: NOW });
    const run = {
      lastRunAt: NOW,
      nextRunAt: at(6),
      lastCounts: { ...NO_COUNTS, new: 2 },
      lastError: { kind: 'unavailable' as const, reason: 'down', at: NOW },
      lastFailures: [{ atsId: '9', reason: 'no title' }, { reason: 'no id' }],
      consecutiveFailures: 1,
      flagged: false,
      etag: '"v2"',
      lastModified: undefined,
    };
    await store.sources.recordRun('repo-run', run);

    expect(await store.sources.get('repo-run')).toEqual({ ...source, ...run, status: 'paused' });
  });

  it('when sources are due, paused or later, then the due read answers the active due ones, soonest first, up to the limit', async () => {
    const { Source } = store.models;
    await Source.deleteMany({});
    await store.sources.add(sourceAt(NOW, { id: 'due-late', nextRunAt: at(-1) }));
    await store.sources.add(sourceAt(NOW, { id: 'due-early', nextRunAt: at(-3) }));
    await store.sources.add(sourceAt(NOW, { id: 'due-now', nextRunAt: NOW }));
    await store.sources.add(sourceAt(NOW, { id: 'paused', status: 'paused', nextRunAt: at(-5) }));
    await store.sources.add(sourceAt(NOW, { id: 'later', nextRunAt: at(1) }));

    const due = await store.sources.due(NOW, 2);

    expect(due.map((source) => source.id)).toEqual(['due-early', 'due-late']);
    expect((await store.sources.due(NOW, 10)).map((source) => source.id)).toEqual([
      'due-early',
      'due-late',
      'due-now',
    ]);
    expect(await store.sources.list()).toHaveLength(5);
    await store.sources.remove('later');
    expect(await store.sources.get('later')).toBeNull();
  });

  it('when the collections are made, then a run reads postings by an index on the source and the scheduler by one on the next run', async () => {
    const keys = async (model: { listIndexes(): Promise<Array<{ key: object }>> }) =>
      (await model.listIndexes()).map((index) => Object.keys(index.key)[0]);
    expect(await keys(store.models.SourcePosting)).toContain('sourceId');
    expect(await keys(store.models.Source)).toContain('nextRunAt');
  });
});

describe('the source postings repository', () => {
  it("when a source's postings are written in batches and again, then its list answers each once, as last written, and none of another source", async () => {
    const many = Array.from({ length: 120 }, (_, n) => stored('big', String(n)));
    await store.postings.upsertMany(many);
    await store.postings.upsertMany([stored('other', '1')]);
    await store.postings.upsertMany([
      stored('big', '7', { state: 'closed', closedReason: "removed from the employer's board" }),
    ]);

    const listed = await store.postings.listBySource('big');

    expect(listed).toHaveLength(120);
    expect(listed.find((posting) => posting.atsId === '7')).toEqual(
      stored('big', '7', { state: 'closed', closedReason: "removed from the employer's board" }),
    );
    expect(await store.postings.listBySource('other')).toEqual([stored('other', '1')]);
    expect(await store.models.SourcePosting.findById('big|7').lean()).toMatchObject({
      _id: 'big|7',
    });

    await store.postings.removeBySource('big');
    expect(await store.postings.listBySource('big')).toEqual([]);
    expect(await store.postings.listBySource('other')).toHaveLength(1);
  });
});

describe('the run leases', () => {
  // A lease runs out by the wall clock of the instances that read it.
  const inAnHour = () => new Date(Date.now() + HOUR_MS);

  it('when several instances take one source at once, then exactly one holds it until it lets go', async () => {
    const owners = ['a', 'b', 'c', 'd', 'e'];
    const taken = await Promise.all(
      owners.map((owner) => store.leases.take('leased', owner, inAnHour())),
    );
    expect(taken.filter(Boolean)).toHaveLength(1);
    const holder = owners[taken.indexOf(true)]!;
    const other = owners.find((owner) => owner !== holder)!;

    await store.leases.release('leased', other);
    expect(await store.leases.take('leased', other, inAnHour())).toBe(false);

    await store.leases.release('leased', holder);
    expect(await store.leases.take('leased', other, inAnHour())).toBe(true);
    await store.leases.release('leased', other);
  });

  it('when a holder died and its lease ran out, then another instance takes it over', async () => {
    expect(await store.leases.take('abandoned', 'dead', new Date(Date.now() - 1_000))).toBe(true);
    expect(await store.leases.take('abandoned', 'alive', inAnHour())).toBe(true);
    expect(await store.models.SyncLease.findById('abandoned').lean()).toMatchObject({
      owner: 'alive',
    });
    expect(await store.leases.take('abandoned', 'late', inAnHour())).toBe(false);
  });
});
