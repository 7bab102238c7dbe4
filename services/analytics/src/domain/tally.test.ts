import { describe, expect, it } from 'vitest';
import type { BoardPartial, JobPartial, Visit } from './model.js';
import type { CounterStore, VisitStore } from './ports.js';
import { countKey, MAX_KEYS_PER_DAY, OTHER, Tally } from './tally.js';

const DAY = '2026-03-10';

/** Keeps the last written partial of each posting's day; visits recorded in a set. */
class MemoryStores implements CounterStore, VisitStore {
  readonly jobs = new Map<string, JobPartial>();
  readonly recorded = new Set<string>();
  failVisitsOnce = false;

  async write(jobs: readonly JobPartial[], _boards: readonly BoardPartial[]) {
    for (const partial of jobs) this.jobs.set(`${partial.jobId}|${partial.day}`, partial);
  }
  async jobPartials(jobId: string) {
    return [...this.jobs.values()].filter((partial) => partial.jobId === jobId);
  }
  async boardPartials() {
    return [];
  }
  async firstVisits(visits: readonly Visit[]) {
    if (this.failVisitsOnce) {
      this.failVisitsOnce = false;
      throw new Error('database unavailable');
    }
    return visits.filter((visit) => {
      const id = `${visit.day}|${visit.jobId}|${visit.visitor}`;
      if (this.recorded.has(id)) return false;
      this.recorded.add(id);
      return true;
    });
  }
  async forgetDays() {}
}

const uniques = (stores: MemoryStores, jobId: string) =>
  stores.jobs.get(`${jobId}|${DAY}`)?.counts.uniqueVisitors;

describe('Tally', () => {
  it('when a visitor comes back, or another instance saw them first, then they count once', async () => {
    const stores = new MemoryStores();
    const [mine, other] = [new Tally('a', stores, stores), new Tally('b', stores, stores)];
    mine.visit('job', DAY, 'v1');
    mine.visit('job', DAY, 'v1');
    other.visit('job', DAY, 'v2');
    await other.flush(DAY);
    mine.visit('job', DAY, 'v2');
    await mine.flush(DAY);
    expect(uniques(stores, 'job')).toBe(1);
    expect(stores.recorded.size).toBe(2);
  });

  it('when recording the visits fails, then the flush fails and the next one counts them', async () => {
    const stores = new MemoryStores();
    const tally = new Tally('a', stores, stores);
    tally.job('job', DAY, (counts) => (counts.views += 1));
    tally.visit('job', DAY, 'v1');
    stores.failVisitsOnce = true;
    await expect(tally.flush(DAY)).rejects.toThrow('database unavailable');
    expect(stores.jobs.size).toBe(0);

    tally.visit('job', DAY, 'v2');
    await tally.flush(DAY);
    expect(uniques(stores, 'job')).toBe(2);
    expect(stores.jobs.get(`job|${DAY}`)?.counts.views).toBe(1);
  });
});

describe('countKey', () => {
  it('when a day holds the most keys, then a new key counts as other and a known one as itself', () => {
    const map: Record<string, number> = {};
    for (let i = 0; i < MAX_KEYS_PER_DAY; i += 1) countKey(map, `/route-${i}`);
    countKey(map, '/route-new');
    countKey(map, '/route-0');
    expect(map['/route-new']).toBeUndefined();
    expect([map[OTHER], map['/route-0']]).toEqual([1, 2]);
    expect(Object.keys(map)).toHaveLength(MAX_KEYS_PER_DAY + 1);
  });
});
