import type { ApplicationStatus } from '@b2g/contracts';
import type { JobFacts } from './jobs.js';
import type { ApplicationRecord, BookmarkRecord } from './model.js';
import type { SavedSearchState } from './saved-searches.js';

/** Where a change came from: the request id, or the correlation id of the event that caused it. */
export interface Cause {
  correlationId?: string | undefined;
}

type BookmarkRef = Pick<BookmarkRecord, '_id' | 'userId' | 'jobId'>;
type ApplicationRef = Pick<ApplicationRecord, '_id' | 'userId' | 'jobId'>;

/**
 * What this service's decisions cause, handed to the stores with the change that states them
 * (events/outgoing.ts turns each into the integration event the other services read). `job` is
 * the job's latest known facts (its snapshot, else what the bookmark or application kept).
 */
export type UserActivityEvent =
  | {
      kind: 'BookmarkAdded';
      bookmark: BookmarkRef & Pick<BookmarkRecord, 'bookmarkedAt'>;
      job: JobFacts;
      cause: Cause;
    }
  | { kind: 'BookmarkRemoved'; bookmark: BookmarkRef; job: JobFacts; at: Date; cause: Cause }
  | {
      kind: 'ApplicationCreated';
      application: ApplicationRef &
        Pick<ApplicationRecord, 'status' | 'applicationMethod' | 'appliedAt'>;
      job: JobFacts;
      cause: Cause;
    }
  | {
      kind: 'ApplicationStatusChanged';
      application: ApplicationRef;
      job: JobFacts;
      from: ApplicationStatus;
      to: ApplicationStatus;
      at: Date;
      cause: Cause;
    }
  /** `search` as it is after the change. */
  | { kind: 'SavedSearchCreated' | 'SavedSearchUpdated'; search: SavedSearchState }
  /** `revision` is the one the deletion would have had. */
  | { kind: 'SavedSearchDeleted'; search: Pick<SavedSearchState, '_id' | 'revision'> }
  | { kind: 'AlertSent'; savedSearchId: string; jobIds: string[]; at: Date };
