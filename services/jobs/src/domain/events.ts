import type { JobClosedReason, PostOutcome } from '@b2g/contracts';
import type { JobRecord } from './model.js';

/** Which request caused a change: its id follows the change's events. */
export interface Cause {
  correlationId?: string | undefined;
}

/**
 * What the jobs domain decides a change causes, recorded with the change that states it
 * (events/outgoing.ts turns each into the integration events the other services read). `job` is
 * the job's state after the change (before it, for JobPurged).
 */
export type JobsEvent =
  | { kind: 'JobPosted'; job: JobRecord; cause: Cause }
  | { kind: 'JobEdited'; job: JobRecord; cause: Cause }
  /** The freshness checker found the job still open at its source. */
  | { kind: 'JobVerified'; job: JobRecord; cause: Cause }
  | { kind: 'JobDeleted'; job: JobRecord; cause: Cause }
  /** The freshness checker found the job gone from its source or past its closing date. */
  | { kind: 'JobClosed'; job: JobRecord; reason: JobClosedReason; cause: Cause }
  | { kind: 'JobRestored'; job: JobRecord; cause: Cause }
  | { kind: 'JobPurged'; job: JobRecord; cause: Cause }
  /** A job revision matched these saved searches (percolated once). */
  | { kind: 'SavedSearchesMatched'; job: JobRecord; savedSearchIds: readonly string[] }
  /**
   * What became of a new public post (its job's id): live at once, or held and then approved or
   * rejected. Stated once, with the write that decides it; a held edit states none.
   */
  | { kind: 'PostReviewed'; jobId: string; outcome: PostOutcome; cause: Cause };
