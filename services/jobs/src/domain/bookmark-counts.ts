import type { IndexSync } from './index-sync.js';
import { MAX_ATTEMPTS } from './job-writes.js';
import type { BookmarkLedger, JobStore } from './ports.js';

/** One of user-activity's bookmark events, as the count needs it. */
export interface BookmarkChange {
  bookmarkId: string;
  jobId: string;
  added: boolean;
}

/**
 * The bookmark count of each job. A bookmark is not a change of the job: the count is set alone
 * (no new revision, no job.updated) and goes to the search index as the same revision, so a
 * bookmark matches no saved search again and tells no other service anything.
 */
export class BookmarkCounts {
  constructor(
    private readonly deps: {
      store: Pick<JobStore, 'byId' | 'setBookmarkCount'>;
      ledger: BookmarkLedger;
      index: Pick<IndexSync, 'sync'>;
    },
  ) {}

  /**
   * bookmark.added / bookmark.removed: the ledger takes the bookmark, then the job's count is set
   * to the ledger's count. Counting instead of adding ±1 makes a repeated or reordered event (two
   * instances, a retry) harmless; the ledger is counted again after the write, so a count that
   * raced another is corrected at once. The index is written even when the count was right
   * already: a retry after the index was down brings it there.
   */
  async apply({ bookmarkId, jobId, added }: BookmarkChange): Promise<void> {
    const { ledger, store } = this.deps;
    if (added) await ledger.added(bookmarkId, jobId);
    else await ledger.removed(bookmarkId, jobId);
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const current = await store.byId(jobId);
      if (!current) return;
      const count = await ledger.countOf(jobId);
      if (current.bookmarkCount !== count) await store.setBookmarkCount(jobId, count);
      if ((await ledger.countOf(jobId)) !== count) continue;
      if (!current.deletedAt) await this.deps.index.sync(jobId);
      return;
    }
    throw new Error(`job ${jobId} kept changing while counting its bookmarks`);
  }
}
