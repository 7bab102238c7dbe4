import { MAX_ATTEMPTS } from './job-writes.js';
import type { JobSearchIndex, JobStore } from './ports.js';

/**
 * Keeps the search index on the jobs' current state: after a job event and after a bookmark
 * count. It reads the state rather than trusting an event, and writes it at its revision, so
 * repeated, late and reordered events are harmless.
 */
export class IndexSync {
  constructor(
    private readonly deps: {
      store: Pick<JobStore, 'byId'>;
      search: Pick<JobSearchIndex, 'apply' | 'applyCurrent' | 'remove'>;
    },
  ) {}

  /**
   * The job's current state goes to the index (taken out once it is deleted or purged). A state
   * of the same revision there already is replaced: a bookmark count changes no revision. The job
   * is read again after the write and written again if it changed meanwhile, so a slower writer
   * of an older count never has the last word.
   */
  async sync(id: string): Promise<void> {
    let current = await this.deps.store.byId(id);
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      if (!current) return this.deps.search.remove(id);
      if (current.deletedAt) return this.deps.search.apply(current);
      await this.deps.search.applyCurrent(current);
      const after = await this.deps.store.byId(id);
      if (after?.revision === current.revision && after.bookmarkCount === current.bookmarkCount)
        return;
      current = after;
    }
  }
}
