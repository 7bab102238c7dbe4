import { describe, expect, it } from 'vitest';
import { boardOf, INTERVAL_MS, readPosting, syncedOnce } from '../../test/fakes.js';
import { BoardReadError } from './ports.js';
import { NO_COUNTS, type Source } from './sources.js';
import { syncSource } from './sync.js';

describe('syncing a source whose board failed, in part or whole, or did not change', () => {
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
});
