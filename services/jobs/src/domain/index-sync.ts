import type { Logger } from 'pino';
import { JobIndex, type JobIndexOptions } from './job-index.js';
import type { JobRecord } from './job.js';

/** Where the read model comes from: the source of truth. */
export interface JobSource {
  /** Every stored job, active and soft-deleted. */
  all(): AsyncIterable<JobRecord>;
  /** One job in its current state, or null once it is purged. */
  byId(id: string): Promise<JobRecord | null>;
}

export interface BuildStats {
  jobs: number;
  deletedJobs: number;
  /** The whole build. */
  buildMs: number;
  /** Of which waiting for the database to hand over the jobs. */
  readMs: number;
}

/** Yields what `source` yields, adding the time spent waiting for it to `wait.ms`. */
async function* timed<T>(source: AsyncIterable<T>, wait: { ms: number }): AsyncIterable<T> {
  const iterator = source[Symbol.asyncIterator]();
  for (;;) {
    const started = performance.now();
    const next = await iterator.next();
    wait.ms += performance.now() - started;
    if (next.done) return;
    yield next.value;
  }
}

/**
 * Keeps this instance's JobIndex current. `load()` builds an index from the database and swaps it
 * in; changes made here are applied at once (`applyLocal`/`removeLocal`); changes announced by a
 * job event are applied by re-reading the job (`refresh`), so events arriving late, twice or out of
 * order still leave the newest state. While a build runs, changes are noted and re-read once it is
 * swapped in, so nothing that happens during the build is missed.
 */
export class IndexSync {
  private current: JobIndex;
  private building: Promise<BuildStats> | undefined;
  private loaded = false;
  /** Set from the start of a build until its noted changes are re-read (cleared in the same tick). */
  private rebuilding = false;
  private readonly pending = new Set<string>();
  private refreshes: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly source: JobSource,
    private readonly options: { logger: Logger; index?: JobIndexOptions },
  ) {
    this.current = new JobIndex(options.index);
  }

  /** The index requests are answered from. */
  get index(): JobIndex {
    return this.current;
  }

  /** True once the first build is in (readiness). */
  get ready(): boolean {
    return this.loaded;
  }

  /** Builds a fresh index from the database and swaps it in; concurrent calls share one build. */
  load(): Promise<BuildStats> {
    this.building ??= this.build().finally(() => {
      this.building = undefined;
    });
    return this.building;
  }

  /** A change this instance made: applied now, and re-read after a build that is running. */
  applyLocal(record: JobRecord): void {
    this.current.apply(record);
    if (this.rebuilding || !this.loaded) this.pending.add(record._id);
  }

  removeLocal(id: string): void {
    this.current.remove(id);
    if (this.rebuilding || !this.loaded) this.pending.add(id);
  }

  /** A change announced by an event: the job's current state is read and applied (one at a time). */
  refresh(id: string): Promise<void> {
    if (this.rebuilding || !this.loaded) {
      this.pending.add(id);
      return Promise.resolve();
    }
    const next = this.refreshes.then(() => this.reread(id));
    this.refreshes = next.catch(() => undefined);
    return next;
  }

  private async reread(id: string) {
    const record = await this.source.byId(id);
    if (record) this.current.apply(record);
    else this.current.remove(id);
  }

  private async build(): Promise<BuildStats> {
    const started = performance.now();
    const read = { ms: 0 };
    this.rebuilding = true;
    try {
      this.current = await JobIndex.build(timed(this.source.all(), read), this.options.index);
      this.loaded = true;
      // Changes noted during the build: re-read now that the new index answers.
      while (this.pending.size > 0) {
        const ids = [...this.pending];
        this.pending.clear();
        for (const id of ids) await this.reread(id);
      }
    } finally {
      this.rebuilding = false;
    }
    const stats = {
      jobs: this.current.size,
      deletedJobs: this.current.deletedCount,
      buildMs: Math.round(performance.now() - started),
      readMs: Math.round(read.ms),
    };
    this.options.logger.info(stats, 'search index built');
    return stats;
  }
}
