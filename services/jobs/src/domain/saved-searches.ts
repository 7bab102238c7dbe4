import { createHash } from 'node:crypto';
import { savedSearchQuerySchema, type SearchParams } from '@b2g/contracts';
import type { JobsEvent } from './events.js';
import type { JobRecord } from './model.js';
import type { PercolationStore, SavedSearchMatcher } from './ports.js';
import { todayOf } from './search.js';

/**
 * The fields a saved search can match: those the search index maps (data/search). A change of any
 * other field (the bookmark count, the freshness checker's `lastVerifiedAt`, the URL) is not a
 * change to match a job again for.
 */
const MATCHED_FIELDS = [
  '_id',
  'title',
  'company',
  'location',
  'description',
  'sector',
  'jobFunction',
  'employerType',
  'experienceLevel',
  'isRemote',
  'remoteDays',
  'postedAt',
  'clearance',
  'polygraph',
  'employmentType',
  'salaryMin',
  'salaryMax',
  'salaryPeriod',
  'closingDate',
] as const satisfies readonly (keyof JobRecord)[];

/** A digest of everything a saved search could match in the job. */
export function matchedContent(record: JobRecord): string {
  const fields = MATCHED_FIELDS.map((key) => [key, record[key] ?? null]);
  return createHash('sha256').update(JSON.stringify(fields)).digest('base64url');
}

export interface SavedSearchMatchingDeps {
  matcher: SavedSearchMatcher;
  percolations: PercolationStore;
  /** The job's current record, null when it was removed for good. */
  job(id: string): Promise<JobRecord | null>;
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
   * (the freshness checker's verification), is passed over (recorded as such, nothing matched).
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
    const events: JobsEvent[] =
      ids.length > 0 ? [{ kind: 'SavedSearchesMatched', job: record, savedSearchIds: ids }] : [];
    await percolations.recordOnce(record._id, record.revision, content, events);
    return ids;
  }
}
