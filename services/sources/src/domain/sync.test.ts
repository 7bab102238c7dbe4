import { describe, expect, it } from 'vitest';
import { boardOf, INTERVAL_MS, memoryWorld, readPosting, sourceAt } from '../../test/fakes.js';
import { NO_LONGER_B2G, REMOVED_FROM_BOARD } from './imported.js';
import { BoardReadError } from './ports.js';
import { NO_COUNTS, type Source } from './sources.js';
import { syncSource } from './sync.js';

/** A world with one source, its postings as the first sync of `first` left them. */
async function syncedOnce(first = boardOf([readPosting('1'), readPosting('2', 'pending')])) {
  const world = memoryWorld();
  const { deps } = world;
  let source = sourceAt(deps.now());
  await deps.sources.add(source);
  deps.boards.answer(first);
  await syncSource(source, deps);
  deps.events.take();
  world.classified.length = 0;
  const current = async () => (await deps.sources.get(source.id)) as Source;
  source = await current();
  return { ...world, source, current };
}

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

  it('when postings cannot be read, then each failure is stored with its reason, no job is half-made, and a job whose posting failed stays open', async () => {
    const { deps, source, current } = await syncedOnce();
    deps.boards.answer(
      boardOf(
        [readPosting('2', 'pending')],
        [
          { atsId: '1', reason: 'The title is longer than 1,000 characters.' },
          { atsId: '9', reason: 'The posting has no description.' },
          { reason: 'A posting without an id.' },
        ],
      ),
    );

    const outcome = await syncSource(source, deps);

    expect(outcome.counts).toEqual({ ...NO_COUNTS, failed: 3, unchanged: 1 });
    expect(deps.events.take()).toEqual([]);
    expect(deps.postings.of('1')).toMatchObject({
      state: 'open',
      failure: 'The title is longer than 1,000 characters.',
    });
    expect(deps.postings.of('9')).toMatchObject({
      state: 'failed',
      contentHash: null,
      failure: 'The posting has no description.',
    });
    expect((await current()).lastFailures).toHaveLength(3);

    deps.boards.answer(boardOf([readPosting('1'), readPosting('2', 'pending')]));
    const next = await syncSource(await current(), deps);
    expect(next.counts).toEqual({ ...NO_COUNTS, unchanged: 2 });
    expect(deps.postings.of('1')).toMatchObject({ state: 'open', failure: null });
    // The posting never read whole left the board: it had no job, so nothing closes.
    expect(deps.events.take()).toEqual([]);
  });

  it('when the board cannot be read, then nothing closes, the error is kept, the next run is scheduled, and the third failure in a row flags the source until a run reads it', async () => {
    const { deps, current, advance } = await syncedOnce();
    const counts = (await current()).lastCounts;
    const failures: Array<Pick<Source, 'consecutiveFailures' | 'flagged'>> = [];
    for (let run = 0; run < 3; run += 1) {
      deps.boards.answer(new BoardReadError('unavailable', 'The ATS answered 503 four times.'));
      const outcome = await syncSource(await current(), deps);
      expect(outcome.result).toBe('failed');
      const source = await current();
      failures.push({ consecutiveFailures: source.consecutiveFailures, flagged: source.flagged });
      expect(source.lastError).toEqual({
        kind: 'unavailable',
        reason: 'The ATS answered 503 four times.',
        at: deps.now(),
      });
      expect(source.nextRunAt.getTime()).toBeGreaterThan(deps.now().getTime());
      expect(source.lastCounts).toEqual(counts);
      advance(INTERVAL_MS * 2);
    }
    expect(failures).toEqual([
      { consecutiveFailures: 1, flagged: false },
      { consecutiveFailures: 2, flagged: false },
      { consecutiveFailures: 3, flagged: true },
    ]);
    expect(deps.events.take()).toEqual([]);
    expect(deps.postings.of('1')).toMatchObject({ state: 'open' });

    deps.boards.answer(boardOf([readPosting('1'), readPosting('2', 'pending')]));
    await syncSource(await current(), deps);
    expect(await current()).toMatchObject({
      consecutiveFailures: 0,
      flagged: false,
      lastError: null,
    });
  });

  it('when the ATS says the board has not changed (304), then nothing changes but the run times', async () => {
    const { deps, current, advance } = await syncedOnce(
      boardOf([readPosting('1')], [], { etag: '"v1"', lastModified: 'Mon, 02 Mar 2026' }),
    );
    const before = await current();
    const lists = deps.postings.lists;
    const writes = deps.postings.writes.length;
    advance(INTERVAL_MS);
    deps.boards.answer({ unchanged: true });

    const outcome = await syncSource(before, deps);

    expect(outcome.result).toBe('unchanged');
    expect(deps.boards.asked.at(-1)?.previous).toEqual({
      etag: '"v1"',
      lastModified: 'Mon, 02 Mar 2026',
    });
    expect(deps.events.take()).toEqual([]);
    expect(deps.postings.lists).toBe(lists);
    expect(deps.postings.writes).toHaveLength(writes);
    const after = await current();
    expect(after).toEqual({
      ...before,
      lastRunAt: deps.now(),
      nextRunAt: new Date(deps.now().getTime() + INTERVAL_MS * 1.05),
    });
    expect(after.lastRunAt?.getTime()).toBe(before.lastRunAt!.getTime() + INTERVAL_MS);
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
