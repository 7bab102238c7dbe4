import { describe, expect, it } from 'vitest';
import {
  boardOf,
  INTERVAL_MS,
  memoryWorld,
  readPosting,
  sourceAt,
  syncedOnce,
} from '../../test/fakes.js';
import { NO_LONGER_B2G, REMOVED_FROM_BOARD } from './imported.js';
import { NO_COUNTS } from './sources.js';
import { syncSource } from './sync.js';

describe('syncing a source', () => {
  it('when a board is read the first time, then B2G postings become jobs, live or pending with their reasons, and one that is not B2G is held out and counted', async () => {
    const { deps } = memoryWorld();
    const source = sourceAt(deps.now());
    await deps.sources.add(source);
    deps.boards.answer(
      boardOf([readPosting('1'), readPosting('2', 'pending'), readPosting('3', 'excluded')], [], {
        etag: '"v1"',
      }),
    );

    const outcome = await syncSource(source, deps);

    expect(outcome.result).toBe('synced');
    expect(outcome.counts).toEqual({ ...NO_COUNTS, new: 2, pending: 1, excluded: 1 });
    expect(outcome.postings).toEqual([
      { atsId: '1', action: 'create', decision: 'live' },
      { atsId: '2', action: 'create', decision: 'pending' },
      { atsId: '3', action: 'excluded', decision: 'excluded' },
    ]);
    const events = deps.events.take();
    expect(events.map((event) => [event.type, event.atsId])).toEqual([
      ['ImportedPostingCreated', '1'],
      ['ImportedPostingCreated', '2'],
    ]);
    const pending = events[1]!;
    if (pending.type !== 'ImportedPostingCreated') throw new Error('expected a creation');
    expect(pending).toMatchObject({ sourceId: 'src-1', ats: 'lever', decision: 'pending' });
    expect(pending.classification.reasons.at(-1)).toMatch(/waits for review/);
    expect(deps.postings.of('3')).toMatchObject({ state: 'excluded', decision: 'excluded' });
    const stored = await deps.sources.get(source.id);
    expect(stored).toMatchObject({
      lastRunAt: deps.now(),
      lastCounts: outcome.counts,
      etag: '"v1"',
      consecutiveFailures: 0,
      flagged: false,
    });
    expect(stored?.nextRunAt.getTime()).toBe(deps.now().getTime() + INTERVAL_MS * 1.05);
  });

  it('when the board is read again with every content hash as before, then nothing is classified, emitted or written and the postings count as unchanged', async () => {
    const { deps, source, classified } = await syncedOnce(
      boardOf([readPosting('1'), readPosting('2', 'pending'), readPosting('3', 'excluded')]),
    );
    const writes = deps.postings.writes.length;
    deps.boards.answer(
      boardOf([readPosting('1'), readPosting('2', 'pending'), readPosting('3', 'excluded')]),
    );

    const outcome = await syncSource(source, deps);

    expect(outcome.counts).toEqual({ ...NO_COUNTS, unchanged: 2, excluded: 1 });
    expect(classified).toEqual([]);
    expect(deps.events.take()).toEqual([]);
    expect(deps.postings.writes.slice(writes)).toEqual([[]]);
  });

  it('when a posting changed, then only it is classified again and its job updated', async () => {
    const { deps, source, classified } = await syncedOnce();
    deps.boards.answer(boardOf([readPosting('1', 'live', 2), readPosting('2', 'pending')]));

    const outcome = await syncSource(source, deps);

    expect(outcome.counts).toEqual({ ...NO_COUNTS, updated: 1, unchanged: 1 });
    expect(classified.map((posting) => posting.title)).toEqual([readPosting('1').title]);
    const [event] = deps.events.take();
    expect(event).toMatchObject({
      type: 'ImportedPostingUpdated',
      atsId: '1',
      decision: 'live',
      contentHash: readPosting('1', 'live', 2).contentHash,
    });
  });

  it("when a posting left the board, then its job closes with the reason 'removed from the employer's board'", async () => {
    const { deps, source } = await syncedOnce(
      boardOf([readPosting('1'), readPosting('2', 'pending'), readPosting('3', 'excluded')]),
    );
    deps.boards.answer(boardOf([readPosting('2', 'pending')]));

    const outcome = await syncSource(source, deps);

    expect(outcome.counts).toEqual({ ...NO_COUNTS, closed: 1, unchanged: 1 });
    expect(outcome.postings).toContainEqual({
      atsId: '1',
      action: 'close',
      reason: REMOVED_FROM_BOARD,
    });
    expect(deps.events.take()).toEqual([
      {
        type: 'ImportedPostingClosed',
        sourceId: 'src-1',
        ats: 'lever',
        atsId: '1',
        reason: "removed from the employer's board",
      },
    ]);
    expect(deps.postings.of('1')).toMatchObject({
      state: 'closed',
      closedReason: REMOVED_FROM_BOARD,
    });
    // A posting held out had no job: it is closed in the store, with no event and no count.
    expect(deps.postings.of('3')).toMatchObject({ state: 'closed' });
  });

  it('when a closed posting comes back, then it becomes a job again', async () => {
    const { deps, source } = await syncedOnce();
    deps.boards.answer(boardOf([readPosting('2', 'pending')]), boardOf([readPosting('1')]));
    await syncSource(source, deps);
    deps.events.take();

    const outcome = await syncSource(source, deps);

    expect(outcome.postings).toContainEqual({ atsId: '1', action: 'create', decision: 'live' });
    expect(deps.events.take().map((event) => [event.type, event.atsId])).toEqual([
      ['ImportedPostingCreated', '1'],
      ['ImportedPostingClosed', '2'],
    ]);
  });

  it('when a job posting changes into one that is not B2G, then its job closes and the posting is held out', async () => {
    const { deps, source } = await syncedOnce();
    deps.boards.answer(boardOf([readPosting('1', 'excluded'), readPosting('2', 'pending')]));

    const outcome = await syncSource(source, deps);

    expect(outcome.counts).toEqual({ ...NO_COUNTS, excluded: 1, closed: 1, unchanged: 1 });
    expect(deps.events.take()).toEqual([
      expect.objectContaining({ type: 'ImportedPostingClosed', atsId: '1', reason: NO_LONGER_B2G }),
    ]);
  });

  it('when the company on the ATS is missing, then the source names the company the classifier reads', async () => {
    const { deps, classified } = memoryWorld();
    const source = sourceAt(deps.now());
    await deps.sources.add(source);
    deps.boards.answer(boardOf([readPosting('1')]));
    await syncSource(source, deps);
    expect(classified[0]?.company).toBe('Keystone Federal');
  });
});
