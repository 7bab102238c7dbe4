import type { AnalyticsSource } from '@b2g/contracts';
import {
  emptyBoardCounts,
  emptyJobCounts,
  type BoardCounts,
  type BoardPartial,
  type Day,
  type JobCounts,
  type JobPartial,
} from './model.js';
import type { CounterStore } from './ports.js';

/** Distinct route patterns (or jobs in the apply ranking) one instance keeps per day; more count as OTHER. */
export const MAX_KEYS_PER_DAY = 2_000;
/** Where the counts of route patterns (and jobs) past MAX_KEYS_PER_DAY go. */
export const OTHER = '(other)';

interface Entry<T> {
  value: T;
  /** Changed since its last write began. */
  version: number;
  written: number;
}

interface JobValue {
  jobId: string;
  day: Day;
  counts: JobCounts;
  visitors: Set<string>;
}

/**
 * This instance's running totals, in memory, written to the store by `flush` (the instance calls it
 * at least every flush interval and once more when it stops). A write replaces the instance's own
 * documents with the totals, so a failed flush is simply repeated by the next one. Totals of a past
 * day are forgotten once written.
 */
export class Tally {
  private readonly jobs = new Map<string, Entry<JobValue>>();
  private readonly boards = new Map<Day, Entry<BoardCounts>>();
  private flushing: Promise<void> | undefined;

  constructor(
    private readonly instance: string,
    private readonly store: CounterStore,
  ) {}

  job(jobId: string, day: Day, change: (counts: JobCounts, visitors: Set<string>) => void): void {
    const key = `${jobId}|${day}`;
    let entry = this.jobs.get(key);
    if (!entry) {
      entry = {
        value: { jobId, day, counts: emptyJobCounts(), visitors: new Set() },
        version: 0,
        written: 0,
      };
      this.jobs.set(key, entry);
    }
    change(entry.value.counts, entry.value.visitors);
    entry.version += 1;
  }

  board(day: Day, change: (counts: BoardCounts) => void): void {
    let entry = this.boards.get(day);
    if (!entry) {
      entry = { value: emptyBoardCounts(), version: 0, written: 0 };
      this.boards.set(day, entry);
    }
    change(entry.value);
    entry.version += 1;
  }

  /** Writes what changed since the last write; one flush at a time (a second call waits for it). */
  flush(today: Day): Promise<void> {
    const run = (this.flushing ?? Promise.resolve()).then(() => this.writeChanged(today));
    this.flushing = run.catch(() => undefined);
    return run;
  }

  private async writeChanged(today: Day): Promise<void> {
    const jobs = [...this.jobs.entries()].filter(([, entry]) => entry.version > entry.written);
    const boards = [...this.boards.entries()].filter(([, entry]) => entry.version > entry.written);
    const versions = new Map<Entry<unknown>, number>(
      [...jobs, ...boards].map(([, entry]) => [entry as Entry<unknown>, entry.version]),
    );
    if (versions.size > 0) {
      await this.store.write(
        jobs.map(([, { value }]) => this.jobPartial(value)),
        boards.map(([day, { value }]) => this.boardPartial(day, value)),
      );
      for (const [entry, version] of versions) entry.written = version;
    }
    this.forgetPast(today);
  }

  private jobPartial(value: JobValue): JobPartial {
    return {
      instance: this.instance,
      jobId: value.jobId,
      day: value.day,
      counts: structuredClone(value.counts),
      visitors: [...value.visitors],
    };
  }

  private boardPartial(day: Day, counts: BoardCounts): BoardPartial {
    return { instance: this.instance, day, counts: structuredClone(counts) };
  }

  private forgetPast(today: Day) {
    for (const [key, entry] of this.jobs)
      if (entry.value.day < today && entry.written === entry.version) this.jobs.delete(key);
    for (const [day, entry] of this.boards)
      if (day < today && entry.written === entry.version) this.boards.delete(day);
  }
}

/** Adds one to `key` of a per-day map, or to OTHER once the map holds MAX_KEYS_PER_DAY keys. */
export function countKey(map: Record<string, number>, key: string): void {
  const kept = key in map || Object.keys(map).length < MAX_KEYS_PER_DAY ? key : OTHER;
  map[kept] = (map[kept] ?? 0) + 1;
}

/** The source of a view that names none: the visitor came straight to the page. */
export const sourceOf = (source: AnalyticsSource | undefined): AnalyticsSource =>
  source ?? 'direct';
