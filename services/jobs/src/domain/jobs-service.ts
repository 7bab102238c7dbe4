import { randomUUID } from 'node:crypto';
import {
  ERROR_MESSAGES,
  type AdminJob,
  type AdminJobRequest,
  type CreateJobRequest,
  type IntegrationEvent,
  type Job,
} from '@b2g/contracts';
import { conflict, notFound } from '@b2g/service-kit';
import { jobEvent, type ChangeMeta } from '../events/job-events.js';
import type { IndexSync } from './index-sync.js';
import { isExternalSource, jobHash, toAdminJob, toPublicJob, type JobRecord } from './job.js';

export const DUPLICATE_JOB_MESSAGE = 'This job has already been posted.';

/** The storage the rules need (implemented by data/JobsRepository). */
export interface JobStore {
  byId(id: string): Promise<JobRecord | null>;
  activeById(id: string): Promise<JobRecord | null>;
  activeIdForHash(hash: string): Promise<string | undefined>;
  insert(record: JobRecord, events: IntegrationEvent[]): Promise<void>;
  replace(previous: JobRecord, next: JobRecord, events: IntegrationEvent[]): Promise<boolean>;
  purge(previous: JobRecord, events: IntegrationEvent[]): Promise<boolean>;
  byIdForEvent(
    id: string,
    eventId: string,
  ): Promise<{ record: JobRecord; applied: boolean } | null>;
  replaceOnce(
    previous: JobRecord,
    next: JobRecord,
    event: Pick<IntegrationEvent, 'id'>,
    events: IntegrationEvent[],
  ): Promise<boolean>;
}

export interface JobsServiceDeps {
  store: JobStore;
  sync: IndexSync;
  /** Recognises the store's duplicate-hash failure. */
  isDuplicate: (error: unknown) => boolean;
  now?: () => Date;
}

/** A change computed from a revision that another writer replaced first is recomputed this often. */
const MAX_ATTEMPTS = 5;

/**
 * The job lifecycle (active → soft-deleted → restored or purged), duplicate detection and bookmark
 * counts. Every change is stored with its event in one write, then applied to this instance's
 * index at once; other instances learn it from the event.
 */
export class JobsService {
  private readonly now: () => Date;

  constructor(private readonly deps: JobsServiceDeps) {
    this.now = deps.now ?? (() => new Date());
  }

  /** An active job, from memory, else (not yet announced here) from the database. */
  async getActive(id: string): Promise<Job> {
    const inMemory = this.deps.sync.index.get(id);
    if (inMemory) return inMemory;
    const stored = await this.deps.store.activeById(id);
    if (!stored) throw notFound(ERROR_MESSAGES.jobNotFound);
    return toPublicJob(stored);
  }

  /** POST /api/jobs: the public post. */
  async createPublic(input: CreateJobRequest, meta: ChangeMeta = {}): Promise<Job> {
    const now = this.now();
    const record = this.newRecord(
      {
        title: input.title,
        company: input.company,
        location: input.location,
        description: input.description,
        url: input.url,
        link: null,
        poster: null,
        applyUrl: null,
        sector: input.sector,
        employerType: null,
        isAgencyRole: input.isAgencyRole,
        isRemote: input.remoteDays !== undefined,
        remoteDays: input.remoteDays ?? null,
        experienceLevel: input.experienceLevel ?? null,
        jobFunction: input.jobFunction ?? null,
        source: input.source,
        postedAt: now,
      },
      now,
    );
    await this.insert(record, meta);
    return toPublicJob(record);
  }

  /** POST /api/admin/jobs. */
  async createAdmin(input: AdminJobRequest, meta: ChangeMeta = {}): Promise<AdminJob> {
    const now = this.now();
    const record = this.newRecord(
      { ...adminFields(input), postedAt: input.postedAt ? new Date(input.postedAt) : now },
      now,
    );
    await this.insert(record, meta);
    return toAdminJob(record);
  }

  /** PUT /api/admin/jobs/:id: the admin form replaces every field it has; postedAt stays unless given. */
  async update(id: string, input: AdminJobRequest, meta: ChangeMeta = {}): Promise<AdminJob> {
    return this.change(id, meta, (current) => {
      const fields = adminFields(input);
      const hash = jobHash(fields);
      return {
        next: {
          ...current,
          ...fields,
          postedAt: input.postedAt ? new Date(input.postedAt) : current.postedAt,
          hash,
          activeHash: current.deletedAt ? undefined : hash,
        },
        type: 'job.updated',
      };
    });
  }

  /** DELETE /api/admin/jobs/:id: soft delete; deleting a deleted job changes nothing (idempotent). */
  async softDelete(id: string, meta: ChangeMeta = {}): Promise<AdminJob> {
    return this.change(id, meta, (current) =>
      current.deletedAt
        ? undefined
        : {
            next: { ...current, deletedAt: this.now(), activeHash: undefined },
            type: 'job.deleted',
          },
    );
  }

  /** PUT /api/admin/jobs/:id/undelete: back to active; restoring an active job changes nothing. */
  async restore(id: string, meta: ChangeMeta = {}): Promise<AdminJob> {
    return this.change(id, meta, (current) =>
      current.deletedAt
        ? { next: { ...current, deletedAt: null, activeHash: current.hash }, type: 'job.restored' }
        : undefined,
    );
  }

  /** DELETE /api/admin/jobs/:id?force=true: only a soft-deleted job is removed for good. */
  async purge(id: string, meta: ChangeMeta = {}): Promise<void> {
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const current = await this.deps.store.byId(id);
      if (!current) throw notFound(ERROR_MESSAGES.jobNotFound);
      if (!current.deletedAt) throw conflict(ERROR_MESSAGES.jobNotDeleted);
      if (await this.deps.store.purge(current, [jobEvent('job.purged', current, meta)])) {
        this.deps.sync.removeLocal(id);
        return;
      }
    }
    throw conflict(ERROR_MESSAGES.jobNotDeleted);
  }

  /**
   * bookmark.added (+1) / bookmark.removed (-1): the count changes once per event (the event id is
   * recorded in the job in the same write), never below zero, and job.updated tells every instance.
   */
  async applyBookmarkEvent(jobId: string, event: IntegrationEvent, delta: 1 | -1): Promise<void> {
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const found = await this.deps.store.byIdForEvent(jobId, event.id);
      if (!found || found.applied) return;
      const current = found.record;
      const next: JobRecord = {
        ...current,
        bookmarkCount: Math.max(0, current.bookmarkCount + delta),
        revision: current.revision + 1,
      };
      const events = [jobEvent('job.updated', next, { correlationId: event.correlationId })];
      if (await this.deps.store.replaceOnce(current, next, event, events)) {
        this.deps.sync.applyLocal(next);
        return;
      }
    }
    throw new Error(`job ${jobId} kept changing while applying event ${event.id}`);
  }

  private newRecord(
    fields: Omit<
      JobRecord,
      | '_id'
      | 'hash'
      | 'activeHash'
      | 'createdAt'
      | 'deletedAt'
      | 'external'
      | 'bookmarkCount'
      | 'revision'
      | 'description'
    > & {
      description: string | undefined;
    },
    now: Date,
  ): JobRecord {
    const hash = jobHash(fields);
    return {
      ...fields,
      _id: randomUUID(),
      description: fields.description ?? '',
      createdAt: now,
      deletedAt: null,
      external: isExternalSource(fields.source),
      bookmarkCount: 0,
      hash,
      activeHash: hash,
      revision: 1,
    };
  }

  private async insert(record: JobRecord, meta: ChangeMeta) {
    const known = this.deps.sync.index.activeIdForHash(record.hash);
    if (known) throw duplicate(known);
    try {
      await this.deps.store.insert(record, [jobEvent('job.created', record, meta)]);
    } catch (error) {
      throw await this.asConflict(error, record.hash);
    }
    this.deps.sync.applyLocal(record);
  }

  /**
   * Reads the job, computes its next state from that revision and stores it with its event; a
   * concurrent writer makes it start over. `decide` returning undefined means nothing to change.
   */
  private async change(
    id: string,
    meta: ChangeMeta,
    decide: (
      current: JobRecord,
    ) => { next: JobRecord; type: 'job.updated' | 'job.deleted' | 'job.restored' } | undefined,
  ): Promise<AdminJob> {
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const current = await this.deps.store.byId(id);
      if (!current) throw notFound(ERROR_MESSAGES.jobNotFound);
      const decision = decide(current);
      if (!decision) return toAdminJob(current);
      const next = { ...decision.next, revision: current.revision + 1 };
      if (next.activeHash) {
        const known = this.deps.sync.index.activeIdForHash(next.activeHash);
        if (known && known !== id) throw duplicate(known);
      }
      let stored: boolean;
      try {
        stored = await this.deps.store.replace(current, next, [
          jobEvent(decision.type, next, meta),
        ]);
      } catch (error) {
        throw await this.asConflict(error, next.hash);
      }
      if (stored) {
        this.deps.sync.applyLocal(next);
        return toAdminJob(next);
      }
    }
    throw conflict('The job changed while saving. Please try again.');
  }

  private async asConflict(error: unknown, hash: string): Promise<unknown> {
    if (!this.deps.isDuplicate(error)) return error;
    const existing = await this.deps.store.activeIdForHash(hash);
    return duplicate(existing);
  }
}

function duplicate(existingJobId: string | undefined) {
  return conflict(DUPLICATE_JOB_MESSAGE, existingJobId ? { existingJobId } : undefined);
}

function adminFields(input: AdminJobRequest) {
  return {
    title: input.title,
    company: input.company,
    location: input.location,
    description: input.description ?? '',
    url: input.url ?? null,
    link: input.link ?? null,
    poster: input.poster ?? null,
    applyUrl: input.applyUrl ?? null,
    sector: input.sector,
    employerType: input.employerType,
    isAgencyRole: input.isAgencyRole,
    isRemote: input.isRemote,
    remoteDays: input.remoteDays ?? null,
    experienceLevel: input.experienceLevel ?? null,
    jobFunction: input.jobFunction ?? null,
    source: input.source,
    external: isExternalSource(input.source),
  };
}
