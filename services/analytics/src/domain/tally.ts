import type { AnalyticsSource } from '@b2g/contracts';
import {
  emptyBoardCounts,
  emptyJobCounts,
  type BoardCounts,
  type BoardPartial,
  type Day,
  type JobCounts,
  type JobPartial,
  type Visit,
} from './model.js';
import type { CounterStore, VisitStore } from './ports.js';

/** Distinct route patterns (or jobs in the apply ranking) one instance keeps per day; more count as OTHER. */
export const MAX_KEYS_PER_DAY = 2_000;
/** Where the counts of route patterns (and jobs) past MAX_KEYS_PER_DAY go. */
export const OTHER = '(other)';

const jobKey = (jobId: string, day: Day) => `${jobId}|${day}`;

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
  /** The day's visitors this instance has seen (those in `pending` too). */
  known: Set<string>;
  /** Visitors seen since the last flush, not yet checked against every instance's visits. */
  pending: string[];
}

/**
 * This instance's running totals, in memory, written to the store by `flush` (the instance calls it
 * at least every flush interval and once more when it stops). A flush first records the new
 * visitors' visits, counting the first visits as unique visitors, then replaces the instance's own
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
    private readonly visits: VisitStore,
  ) {}

  job(jobId: string, day: Day, change: (counts: JobCounts) => void): void {
    const entry = this.jobEntry(jobId, day);
    change(entry.value.counts);
    entry.version += 1;
  }

  /** Notes a visitor's view of a posting; the flush finds out whether it is the day's first. */
  visit(jobId: string, day: Day, visitor: string): void {
    const { value } = this.jobEntry(jobId, day);
    if (value.known.has(visitor)) return;
    value.known.add(visitor);
    value.pending.push(visitor);
  }

  private jobEntry(jobId: string, day: Day): Entry<JobValue> {
    const key = jobKey(jobId, day);
    let entry = this.jobs.get(key);
    if (!entry) {
      entry = {
        value: { jobId, day, counts: emptyJobCounts(), known: new Set(), pending: [] },
        version: 0,
        written: 0,
      };
      this.jobs.set(key, entry);
    }
    return entry;
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
    await this.countFirstVisits();
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

  /**
   * Records the visits seen since the last flush; each first visit of a visitor to a posting that
   * day (on any instance) adds a unique visitor to this instance's count. A failed record is tried
   * again by the next flush.
   */
  private async countFirstVisits(): Promise<void> {
    const taken: Array<[Entry<JobValue>, string[]]> = [];
    for (const entry of this.jobs.values())
      if (entry.value.pending.length > 0) {
        taken.push([entry, entry.value.pending]);
        entry.value.pending = [];
      }
    if (taken.length === 0) return;
    const visits = taken.flatMap(([{ value }, visitors]) =>
      visitors.map((visitor): Visit => ({ jobId: value.jobId, day: value.day, visitor })),
    );
    let first: Visit[];
    try {
      first = await this.visits.firstVisits(visits);
    } catch (error) {
      for (const [entry, visitors] of taken) entry.value.pending.unshift(...visitors);
      throw error;
    }
    for (const visit of first) {
      const entry = this.jobs.get(jobKey(visit.jobId, visit.day));
      if (!entry) continue;
      entry.value.counts.uniqueVisitors += 1;
      entry.version += 1;
    }
  }

  private jobPartial(value: JobValue): JobPartial {
    return {
      instance: this.instance,
      jobId: value.jobId,
      day: value.day,
      counts: structuredClone(value.counts),
    };
  }

  private boardPartial(day: Day, counts: BoardCounts): BoardPartial {
    return { instance: this.instance, day, counts: structuredClone(counts) };
  }

  private forgetPast(today: Day) {
    for (const [key, entry] of this.jobs)
      if (
        entry.value.day < today &&
        entry.written === entry.version &&
        entry.value.pending.length === 0
      )
        this.jobs.delete(key);
    for (const [day, entry] of this.boards)
      if (day < today && entry.written === entry.version) this.boards.delete(day);
  }
}

/** How many keys each per-day map holds, so a new key costs no count of them. */
const keyCounts = new WeakMap<Record<string, number>, number>();

/** Adds one to `key` of a per-day map, or to OTHER once the map holds MAX_KEYS_PER_DAY keys. */
export function countKey(map: Record<string, number>, key: string): void {
  let kept = key;
  if (!(key in map)) {
    const keys = keyCounts.get(map) ?? Object.keys(map).length;
    if (keys < MAX_KEYS_PER_DAY) keyCounts.set(map, keys + 1);
    else kept = OTHER;
  }
  map[kept] = (map[kept] ?? 0) + 1;
}

/** The source of a view that names none: the visitor came straight to the page. */
export const sourceOf = (source: AnalyticsSource | undefined): AnalyticsSource =>
  source ?? 'direct';
