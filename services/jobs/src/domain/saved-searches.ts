import { createHash } from 'node:crypto';
import { savedSearchQuerySchema, type IntegrationEvent, type SearchParams } from '@b2g/contracts';
import type { JobRecord } from './job.js';
import { todayOf, type JobSearchQuery } from './search.js';

/** Saved searches as stored queries a job is matched against (OpenSearch's percolator in data/). */
export interface SavedSearchMatcher {
  put(savedSearchId: string, revision: number, query: JobSearchQuery): Promise<void>;
  remove(savedSearchId: string, revision: number): Promise<void>;
  /** Ids of every saved search the job matches. */
  match(record: JobRecord): Promise<string[]>;
}

/** Where a job revision's matches are recorded once, with the events that announce them. */
export interface PercolationStore {
  /**
   * False when this revision of the job was percolated already (nothing is written). `content`
   * is the revision's `matchedContent`.
   */
  recordOnce(
    jobId: string,
    revision: number,
    content: string,
    events: readonly IntegrationEvent[],
  ): Promise<boolean>;
  /** The `matchedContent` of a revision percolated (or passed over) already, else null. */
  contentOf(jobId: string, revision: number): Promise<string | null>;
}

/** Fields of a job that no saved search looks at: a change of them alone is not a change to match. */
const NOT_MATCHED: ReadonlySet<string> = new Set(['bookmarkCount', 'revision']);

/**
 * A digest of everything a saved search could match in the job: every field but NOT_MATCHED and
 * the store's own (`_`-prefixed other than `_id`, such as the events waiting in its outbox).
 */
export function matchedContent(record: JobRecord): string {
  const fields = Object.keys(record)
    .filter((key) => !NOT_MATCHED.has(key) && (key === '_id' || !key.startsWith('_')))
    .sort()
    .map((key) => [key, record[key as keyof JobRecord]]);
  return createHash('sha256').update(JSON.stringify(fields)).digest('base64url');
}

export interface SavedSearchMatchingDeps {
  matcher: SavedSearchMatcher;
  percolations: PercolationStore;
  /** The job's current record, null when it was removed for good. */
  job(id: string): Promise<JobRecord | null>;
  /** `saved_search.matched` events for a job and the ids it matched (chunked). */
  matched(record: JobRecord, savedSearchIds: string[]): IntegrationEvent[];
}

/**
 * Matching new and changed jobs with saved searches. Saved searches arrive as user-activity's
 * events; each active job revision is percolated once and its matches stated as events, which
 * user-activity records (a job matches a search at most once ever) and mails.
 */
export class SavedSearchMatching {
  constructor(private readonly deps: SavedSearchMatchingDeps) {}

  /** A saved search's new state: matched from now on while active, taken out while paused. */
  async apply(state: {
    savedSearchId: string;
    revision: number;
    query: SearchParams;
    active: boolean;
  }): Promise<void> {
    if (!state.active) return this.deps.matcher.remove(state.savedSearchId, state.revision);
    const query = savedSearchQuerySchema.parse(state.query);
    return this.deps.matcher.put(state.savedSearchId, state.revision, {
      ...query,
      limit: 1,
      offset: 0,
    });
  }

  remove(savedSearchId: string, revision: number): Promise<void> {
    return this.deps.matcher.remove(savedSearchId, revision);
  }

  /**
   * Percolates the job's current revision once, if it is active and open; returns the matched ids.
   * A revision that changed nothing a search could match since the one before, itself percolated
   * (a bookmark changes only the count), is passed over (recorded as such, nothing matched): every
   * bookmark of a popular job would otherwise state its matches again.
   */
  async percolate(jobId: string, now = new Date()): Promise<string[]> {
    const record = await this.deps.job(jobId);
    if (!record || record.deletedAt) return [];
    if (record.closingDate && record.closingDate < todayOf(now)) return [];
    const content = matchedContent(record);
    const { percolations } = this.deps;
    if ((await percolations.contentOf(record._id, record.revision - 1)) === content) {
      await percolations.recordOnce(record._id, record.revision, content, []);
      return [];
    }
    const ids = await this.deps.matcher.match(record);
    const events = ids.length > 0 ? this.deps.matched(record, ids) : [];
    await percolations.recordOnce(record._id, record.revision, content, events);
    return ids;
  }
}
