import { describe, expect, it } from 'vitest';
import {
  boardOf,
  HOUR_MS,
  INTERVAL_MS,
  memoryWorld,
  readPosting,
  sourceAt,
} from '../../test/fakes.js';
import { SOURCE_REMOVED } from './imported.js';
import { controlled, isDue, nextRunAfter, SYNC_JITTER } from './sources.js';
import { removeSource, syncDueSources, syncSource } from './sync.js';

const NOW = new Date('2026-03-02T12:00:00Z');

describe('the schedule', () => {
  it('when a source is active and its next run has come, then it is due; paused or later, it is not', () => {
    expect(isDue(sourceAt(NOW), NOW)).toBe(true);
    expect(isDue(sourceAt(NOW, { status: 'paused' }), NOW)).toBe(false);
    expect(isDue(sourceAt(NOW, { nextRunAt: new Date(NOW.getTime() + 1) }), NOW)).toBe(false);
  });

  it('when a run ends, then the next is never sooner than the interval and at most its jitter later', () => {
    expect(nextRunAfter(NOW, INTERVAL_MS, () => 0).getTime()).toBe(NOW.getTime() + INTERVAL_MS);
    const latest = nextRunAfter(NOW, INTERVAL_MS, () => 0.999_999).getTime() - NOW.getTime();
    expect(latest).toBeLessThanOrEqual(INTERVAL_MS * (1 + SYNC_JITTER));
    expect(latest).toBeGreaterThan(INTERVAL_MS);
  });

  it('when an admin pauses, resumes or asks for a sync now, then only the status and the next run change as asked', () => {
    const later = new Date(NOW.getTime() + INTERVAL_MS);
    const source = sourceAt(NOW, { nextRunAt: later });
    expect(controlled(source, 'pause', NOW)).toEqual({ status: 'paused', nextRunAt: later });
    expect(controlled({ ...source, status: 'paused' }, 'resume', NOW)).toEqual({
      status: 'active',
      nextRunAt: later,
    });
    expect(controlled({ ...source, status: 'paused' }, 'syncNow', NOW)).toEqual({
      status: 'active',
      nextRunAt: NOW,
    });
  });
});

describe('syncing the due sources', () => {
  it('when sources are due, paused or not yet due, then only the due ones are synced, each under its lease, and a lease another instance holds is left alone', async () => {
    const { deps } = memoryWorld(NOW);
    await deps.sources.add(sourceAt(NOW, { id: 'due' }));
    await deps.sources.add(sourceAt(NOW, { id: 'paused', status: 'paused' }));
    await deps.sources.add(
      sourceAt(NOW, { id: 'later', nextRunAt: new Date(NOW.getTime() + HOUR_MS) }),
    );
    await deps.sources.add(sourceAt(NOW, { id: 'leased' }));
    deps.leases.held.set('leased', 'instance-b');
    deps.boards.answer(boardOf([readPosting('1')]));

    const outcomes = await syncDueSources(deps, 10);

    expect(outcomes.map((outcome) => [outcome.sourceId, outcome.result])).toEqual([
      ['due', 'synced'],
    ]);
    expect(deps.boards.asked).toHaveLength(1);
    expect([...deps.leases.held]).toEqual([['leased', 'instance-b']]);
    expect(isDue((await deps.sources.get('due'))!, deps.now())).toBe(false);
  });

  it('when a due source was paused after the due list was read, then it is not synced', async () => {
    const { deps } = memoryWorld(NOW);
    await deps.sources.add(sourceAt(NOW));
    const due = deps.sources.due.bind(deps.sources);
    deps.sources.due = async (now, limit) => {
      const listed = await due(now, limit);
      await deps.sources.control('src-1', { status: 'paused', nextRunAt: NOW });
      return listed;
    };

    expect(await syncDueSources(deps, 10)).toEqual([]);
    expect(deps.boards.asked).toEqual([]);
  });
});

describe('removing a source', () => {
  it('when an admin removes a source, then its open jobs close with the reason and its records go', async () => {
    const { deps } = memoryWorld(NOW);
    const source = sourceAt(NOW);
    await deps.sources.add(source);
    deps.boards.answer(boardOf([readPosting('1'), readPosting('2', 'excluded')]));
    await syncSource(source, deps);
    deps.events.take();

    expect(await removeSource(source.id, deps)).toBe('removed');

    expect(deps.events.take()).toEqual([
      {
        type: 'ImportedPostingClosed',
        sourceId: 'src-1',
        ats: 'lever',
        atsId: '1',
        reason: SOURCE_REMOVED,
      },
    ]);
    expect(await deps.sources.get(source.id)).toBeNull();
    expect(await deps.postings.listBySource(source.id)).toEqual([]);
    expect(deps.leases.held.size).toBe(0);
  });

  it('when a run holds the source, then removing it answers busy and changes nothing', async () => {
    const { deps } = memoryWorld(NOW);
    await deps.sources.add(sourceAt(NOW));
    deps.leases.held.set('src-1', 'instance-b');

    expect(await removeSource('src-1', deps)).toBe('busy');
    expect(await deps.sources.get('src-1')).not.toBeNull();
    expect(await removeSource('missing', deps)).toBe('not-found');
  });
});
