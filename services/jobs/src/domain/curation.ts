import {
  ERROR_MESSAGES,
  type AdminJob,
  type AdminJobRequest,
  type JobClosedReason,
} from '@b2g/contracts';
import { conflict, notFound } from '@b2g/service-kit';
import type { Cause, JobsEvent } from './events.js';
import { duplicateKeys, jobHash, NO_DUPLICATE_KEYS, toAdminJob } from './job.js';
import { IN_REQUEST, IN_REQUEST_WRITE, MAX_ATTEMPTS, type JobWrites } from './job-writes.js';
import type { JobRecord, SourceValidators } from './model.js';
import type { Clock, IndexBound, JobSearchIndex, JobStore } from './ports.js';
import { adminFields } from './posting.js';
import { todayOf } from './search.js';

/** `current` with `fields` in place of its own; its hash and (while active) duplicate keys follow. */
export function withFields(
  current: JobRecord,
  fields: Partial<JobRecord> & Parameters<typeof jobHash>[0] & Pick<JobRecord, 'url'>,
): JobRecord {
  const hash = jobHash(fields);
  return {
    ...current,
    ...fields,
    hash,
    ...(current.deletedAt ? NO_DUPLICATE_KEYS : duplicateKeys({ ...fields, hash })),
  };
}

/**
 * The job lifecycle after posting (active → soft-deleted → restored or purged): the admin's edits,
 * deletes, restores and purges, and the freshness checker's closes and verifications.
 */
export class Curation {
  private readonly now: Clock;

  constructor(
    private readonly deps: {
      store: Pick<JobStore, 'byId' | 'purge'>;
      search: Pick<JobSearchIndex, 'remove'>;
      writes: JobWrites;
      now?: Clock;
    },
  ) {
    this.now = deps.now ?? (() => new Date());
  }

  /** A job as stored, deleted or not. */
  record(id: string): Promise<JobRecord | null> {
    return this.deps.store.byId(id);
  }

  /** PUT /api/admin/jobs/:id: the admin form replaces every field it has; postedAt stays unless given. */
  async update(id: string, input: AdminJobRequest, cause: Cause = {}): Promise<AdminJob> {
    const stored = await this.deps.writes.change(id, (current) => ({
      next: {
        ...withFields(current, adminFields(input)),
        postedAt: input.postedAt ? new Date(input.postedAt) : current.postedAt,
      },
      stated: (job) => ({ kind: 'JobEdited', job, cause }),
    }));
    return toAdminJob(stored);
  }

  /** DELETE /api/admin/jobs/:id: soft delete; deleting a deleted job changes nothing (idempotent). */
  softDelete(id: string, cause: Cause = {}): Promise<AdminJob> {
    return this.changeActive(
      id,
      () => ({ deletedAt: this.now(), ...NO_DUPLICATE_KEYS }),
      (job) => ({ kind: 'JobDeleted', job, cause }),
    );
  }

  /** PUT /api/admin/jobs/:id/undelete: back to active; restoring an active job changes nothing. */
  async restore(id: string, cause: Cause = {}): Promise<AdminJob> {
    const today = todayOf(this.now());
    const stored = await this.deps.writes.change(id, (current) =>
      current.deletedAt
        ? {
            next: {
              ...current,
              deletedAt: null,
              ...duplicateKeys(current),
              closedReason: null,
              // The admin brings back a posting whose time ran out: it stays until they remove it.
              expiresOn: current.expiresOn && current.expiresOn < today ? null : current.expiresOn,
            },
            stated: (job) => ({ kind: 'JobRestored', job, cause }),
          }
        : undefined,
    );
    return toAdminJob(stored);
  }

  /**
   * The freshness checker found the job gone from its source or past its closing date: the same
   * soft delete as the admin's (job.deleted, so search drops it), with the reason. A job deleted
   * meanwhile stays as it is.
   */
  close(id: string, reason: JobClosedReason, cause: Cause = {}): Promise<AdminJob> {
    return this.changeActive(
      id,
      () => ({ deletedAt: this.now(), ...NO_DUPLICATE_KEYS, closedReason: reason }),
      (job) => ({ kind: 'JobClosed', job, reason, cause }),
    );
  }

  /**
   * The checker found the job still open at its source: `lastVerifiedAt` is now (job.updated).
   * Nothing a search matches changes, so the checker's rounds (every job with a URL) do not wait
   * for the index to refresh after each, and no saved search is matched again.
   */
  markVerified(
    id: string,
    validators: SourceValidators | null,
    cause: Cause = {},
  ): Promise<AdminJob> {
    return this.changeActive(
      id,
      () => ({ lastVerifiedAt: this.now(), sourceValidators: validators }),
      (job) => ({ kind: 'JobVerified', job, cause }),
      IN_REQUEST,
    );
  }

  /** DELETE /api/admin/jobs/:id?force=true: only a soft-deleted job is removed for good. */
  async purge(id: string, cause: Cause = {}): Promise<void> {
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const current = await this.deps.store.byId(id);
      if (!current) throw notFound(ERROR_MESSAGES.jobNotFound);
      if (!current.deletedAt) throw conflict(ERROR_MESSAGES.jobNotDeleted);
      const purged: JobsEvent = { kind: 'JobPurged', job: current, cause };
      if (await this.deps.store.purge(current, [purged])) {
        await this.deps.writes.indexNow(() => this.deps.search.remove(id, IN_REQUEST_WRITE));
        return;
      }
    }
    throw conflict(ERROR_MESSAGES.jobNotDeleted);
  }

  /** Applies `changes` to the job while it is active; a deleted job stays as it is. */
  private async changeActive(
    id: string,
    changes: () => Partial<JobRecord>,
    stated: (job: JobRecord) => JobsEvent,
    bound: IndexBound = IN_REQUEST_WRITE,
  ): Promise<AdminJob> {
    const stored = await this.deps.writes.change(
      id,
      (current) => (current.deletedAt ? undefined : { next: { ...current, ...changes() }, stated }),
      bound,
    );
    return toAdminJob(stored);
  }
}
