import { ERROR_MESSAGES } from '@b2g/contracts';
import { conflict, notFound } from '@b2g/service-kit';
import type { JobsEvent } from './events.js';
import type { JobRecord } from './model.js';
import {
  DuplicateHashError,
  type IndexBound,
  type JobSearchIndex,
  type JobStore,
} from './ports.js';
import { SearchUnavailableError } from './search.js';

const DUPLICATE_JOB_MESSAGE = 'This job has already been posted.';

/** A change computed from a revision that another writer replaced first is recomputed this often. */
export const MAX_ATTEMPTS = 5;

/**
 * How long a request waits for the index when it can do without: to take its change (made already,
 * and brought there by its event later) or to answer a read the database can answer too. Not
 * longer, or an index that takes connections and does not answer (one starting up) would hold the
 * answer past the gateway's timeout.
 */
export const IN_REQUEST: IndexBound = { withinMs: 2_000 };
/** A request's own change: in search when its answer arrives (a deleted job no longer found). */
export const IN_REQUEST_WRITE: IndexBound = { ...IN_REQUEST, visibleOnReturn: true };

/** 409 naming the active job it repeats (the form links to its page). */
export function duplicate(existingJobId: string | undefined) {
  return conflict(DUPLICATE_JOB_MESSAGE, existingJobId ? { existingJobId } : undefined);
}

/** A change decided from the job's current state: its next state and the event stating it. */
export interface Decision {
  next: JobRecord;
  stated: (job: JobRecord) => JobsEvent;
}

/**
 * How posting and curation write a job: stored with its event in one write, then written to the
 * search index at once (best effort); the event brings it there too, whatever happens meanwhile.
 */
export class JobWrites {
  constructor(private readonly deps: { store: JobStore; search: JobSearchIndex }) {}

  async insert(record: JobRecord, events: JobsEvent[]): Promise<void> {
    try {
      await this.deps.store.insert(record, events);
    } catch (error) {
      throw await this.asConflict(error, record.hash);
    }
    await this.indexNow(() => this.deps.search.apply(record, IN_REQUEST_WRITE));
  }

  /**
   * Reads the job, computes its next state from that revision and stores it with its event; a
   * concurrent writer makes it start over. `decide` returning undefined means nothing to change
   * (the current state is returned).
   */
  async change(
    id: string,
    decide: (current: JobRecord) => Decision | undefined,
    bound: IndexBound = IN_REQUEST_WRITE,
  ): Promise<JobRecord> {
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const current = await this.deps.store.byId(id);
      if (!current) throw notFound(ERROR_MESSAGES.jobNotFound);
      const decision = decide(current);
      if (!decision) return current;
      const next = { ...decision.next, revision: current.revision + 1 };
      let stored: boolean;
      try {
        stored = await this.deps.store.replace(current, next, [decision.stated(next)]);
      } catch (error) {
        throw await this.asConflict(error, next.hash);
      }
      if (stored) {
        await this.indexNow(() => this.deps.search.apply(next, bound));
        return next;
      }
    }
    throw conflict('The job changed while saving. Please try again.');
  }

  /**
   * Shows a change in search at once. If the index is down this is skipped: the change's event
   * waits in RabbitMQ and brings it there once the index is back.
   */
  async indexNow(write: () => Promise<void>): Promise<void> {
    try {
      await write();
    } catch (error) {
      if (!(error instanceof SearchUnavailableError)) throw error;
    }
  }

  private async asConflict(error: unknown, hash: string): Promise<unknown> {
    if (!(error instanceof DuplicateHashError)) return error;
    return duplicate(await this.deps.store.activeIdForHash(hash));
  }
}
