import { randomUUID } from 'node:crypto';
import {
  ERROR_MESSAGES,
  FEATURED_FUNCTIONS,
  JOBS_OFFSET_WINDOW,
  jobsQuerySchema,
  type AdminJob,
  type AdminJobRequest,
  type CreateJobRequest,
  type FeaturedJobsResponse,
  type IntegrationEvent,
  type Job,
  type JobClosedReason,
  type JobFacetsResponse,
} from '@b2g/contracts';
import { badRequest, conflict, notFound, serviceUnavailable } from '@b2g/service-kit';
import {
  FEATURED_CANDIDATES,
  featuredResponse,
  type FeaturedCandidate,
  type FeaturedFunction,
} from './featured.js';
import {
  b2gFieldsOf,
  isExternalSource,
  jobHash,
  toAdminJob,
  toPublicJob,
  type JobIdentity,
  type JobRecord,
  type SourceValidators,
} from './job.js';
import {
  InvalidCursorError,
  SearchUnavailableError,
  type IndexBound,
  type JobSearchIndex,
  type JobSearchPage,
  type JobSearchQuery,
} from './search.js';

export const DUPLICATE_JOB_MESSAGE = 'This job has already been posted.';

export interface JobPage {
  items: JobRecord[];
  total: number;
}

export interface AdminListQuery {
  includeDeleted: boolean;
  search?: string | undefined;
}

/** GET /api/jobs: a page, and whether it came from the database because search was down. */
export type JobListing = JobSearchPage & { degraded: boolean };

/** The storage the rules need (implemented by data/JobsRepository). */
export interface JobStore {
  byId(id: string): Promise<JobRecord | null>;
  /** Active jobs passing the query's filters (not its text), newest first. */
  newest(query: JobSearchQuery, now: Date): Promise<JobPage>;
  adminList(query: AdminListQuery): Promise<JobRecord[]>;
  activeById(id: string): Promise<JobRecord | null>;
  activeIdForHash(hash: string): Promise<string | undefined>;
  /** The id of an active job with the same company, title and location (normalised). */
  activeIdForIdentity(identity: JobIdentity): Promise<string | undefined>;
  insert(record: JobRecord, events: IntegrationEvent[]): Promise<void>;
  replace(previous: JobRecord, next: JobRecord, events: IntegrationEvent[]): Promise<boolean>;
  purge(previous: JobRecord, events: IntegrationEvent[]): Promise<boolean>;
}

export type JobEventType =
  'job.created' | 'job.updated' | 'job.deleted' | 'job.restored' | 'job.purged';

/** What caused a change: carried into its events so one request's effects can be followed. */
export interface ChangeMeta {
  correlationId?: string | undefined;
}

/**
 * The bookmarks of each job as jobs has heard of them, by bookmark id: repeats and any order of
 * bookmark.added and bookmark.removed leave the same state (a removal heard first stays final).
 */
export interface BookmarkLedger {
  added(bookmarkId: string, jobId: string): Promise<void>;
  removed(bookmarkId: string, jobId: string): Promise<void>;
  /** How many bookmarks of the job exist. */
  countOf(jobId: string): Promise<number>;
}

export interface JobsServiceDeps {
  store: JobStore;
  bookmarks: BookmarkLedger;
  search: JobSearchIndex;
  /** The event stating a change (events/outgoing.ts), stored with it. */
  jobEvent: (type: JobEventType, record: JobRecord, meta?: ChangeMeta) => IntegrationEvent;
  /** Recognises the store's duplicate-hash failure. */
  isDuplicate: (error: unknown) => boolean;
  /** The admin's pinned featured jobs still active (none when unset). */
  pinnedJobs?: () => Promise<Partial<Record<FeaturedFunction, JobRecord>>>;
  now?: () => Date;
}

/** A change computed from a revision that another writer replaced first is recomputed this often. */
const MAX_ATTEMPTS = 5;
/**
 * How long a request waits for the index when it can do without: to take its change (made already,
 * and brought there by its event later) or to answer a read the database can answer too. Not
 * longer, or an index that takes connections and does not answer (one starting up) would hold the
 * answer past the gateway's timeout.
 */
const IN_REQUEST: IndexBound = { withinMs: 2_000 };
/** A request's own change: in search when its answer arrives (a deleted job no longer found). */
const IN_REQUEST_WRITE: IndexBound = { ...IN_REQUEST, visibleOnReturn: true };

/**
 * The job lifecycle (active → soft-deleted → restored or purged), duplicate detection, bookmark
 * counts and job search. Every change is stored with its event in one write, then written to the
 * search index at once (best effort); the event brings it there too, whatever happens meanwhile.
 */
export class JobsService {
  private readonly now: () => Date;

  constructor(private readonly deps: JobsServiceDeps) {
    this.now = deps.now ?? (() => new Date());
  }

  /** A job as stored, deleted or not. */
  record(id: string): Promise<JobRecord | null> {
    return this.deps.store.byId(id);
  }

  /** An active job. */
  async getActive(id: string): Promise<Job> {
    const stored = await this.deps.store.activeById(id);
    if (!stored) throw notFound(ERROR_MESSAGES.jobNotFound);
    return toPublicJob(stored);
  }

  /**
   * GET /api/jobs from the search index. While it is down, a listing without a search text is
   * answered newest first from the database (`degraded`); a search text cannot be, so it is a 503.
   */
  async listJobs(query: JobSearchQuery): Promise<JobListing> {
    if (!query.cursor && query.offset + query.limit > JOBS_OFFSET_WINDOW)
      throw badRequest(ERROR_MESSAGES.jobsOffsetTooDeep);
    try {
      const fallback = !query.search && !query.cursor;
      return {
        ...(await this.deps.search.search(query, fallback ? IN_REQUEST : undefined)),
        degraded: false,
      };
    } catch (error) {
      if (error instanceof InvalidCursorError) throw badRequest(ERROR_MESSAGES.jobsCursorInvalid);
      if (!(error instanceof SearchUnavailableError) || query.search || query.cursor)
        throw asUnavailable(error);
      const page = await this.deps.store.newest(query, this.now());
      return { items: page.items.map(toPublicJob), total: page.total, degraded: true };
    }
  }

  /** GET /api/jobs/facets: counts need the search index (503 while it is down). */
  async facets(query: JobSearchQuery): Promise<JobFacetsResponse> {
    try {
      return await this.deps.search.facets(query);
    } catch (error) {
      throw asUnavailable(error);
    }
  }

  /**
   * The featured job of each function: the admin's pin, else chosen by quality among the newest
   * (`chooseFeatured`); candidates from the search index, from the database while it is down.
   */
  async featured(): Promise<FeaturedJobsResponse> {
    const [pinned, candidates] = await Promise.all([this.pinnedJobs(), this.featuredCandidates()]);
    const pinnedJobs: Partial<Record<FeaturedFunction, Job>> = {};
    for (const jobFunction of FEATURED_FUNCTIONS) {
      const record = pinned[jobFunction];
      if (record) pinnedJobs[jobFunction] = toPublicJob(record);
    }
    return featuredResponse(candidates, pinnedJobs, this.now());
  }

  private async pinnedJobs(): Promise<Partial<Record<FeaturedFunction, JobRecord>>> {
    return this.deps.pinnedJobs ? this.deps.pinnedJobs() : {};
  }

  private async featuredCandidates(): Promise<
    Partial<Record<FeaturedFunction, FeaturedCandidate[]>>
  > {
    try {
      return await this.deps.search.featuredCandidates(FEATURED_CANDIDATES, IN_REQUEST);
    } catch (error) {
      if (!(error instanceof SearchUnavailableError)) throw error;
      const newest = await Promise.all(
        FEATURED_FUNCTIONS.map(async (jobFunction) => {
          const query = jobsQuerySchema.parse({ jobFunction, limit: FEATURED_CANDIDATES });
          const page = await this.deps.store.newest(query, this.now());
          return [
            jobFunction,
            page.items.map((record) => ({ ...toPublicJob(record), postedBy: record.postedBy })),
          ] as const;
        }),
      );
      return Object.fromEntries(newest);
    }
  }

  /** GET /api/admin/jobs, from the database (soft-deleted jobs are not in the search index). */
  async adminList(query: AdminListQuery): Promise<AdminJob[]> {
    return (await this.deps.store.adminList(query)).map(toAdminJob);
  }

  /**
   * A job event: the job's current state goes to the search index (taken out once it is deleted
   * or purged). Reading the state rather than trusting the event, with the revision as the
   * index's version, makes repeated, late and reordered events harmless.
   */
  async syncIndex(id: string): Promise<void> {
    const current = await this.deps.store.byId(id);
    if (current) await this.deps.search.apply(current);
    else await this.deps.search.remove(id);
  }

  /**
   * POST /api/jobs: the public post. The same company, title and location as an active job
   * (case, accents, punctuation and spacing aside) is refused with a 409 naming that job, whatever
   * URL it gives: an anonymous post cannot repeat a listing.
   */
  async createPublic(input: CreateJobRequest, meta: ChangeMeta = {}): Promise<Job> {
    const existing = await this.deps.store.activeIdForIdentity(input);
    if (existing) throw duplicate(existing);
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
        postedBy: 'public',
        ...b2gFieldsOf(input),
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
      {
        ...adminFields(input),
        postedAt: input.postedAt ? new Date(input.postedAt) : now,
        postedBy: 'admin',
      },
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
    return this.changeActive(id, meta, 'job.deleted', () => ({
      deletedAt: this.now(),
      activeHash: undefined,
    }));
  }

  /** PUT /api/admin/jobs/:id/undelete: back to active; restoring an active job changes nothing. */
  async restore(id: string, meta: ChangeMeta = {}): Promise<AdminJob> {
    return this.change(id, meta, (current) =>
      current.deletedAt
        ? {
            next: { ...current, deletedAt: null, activeHash: current.hash, closedReason: null },
            type: 'job.restored',
          }
        : undefined,
    );
  }

  /**
   * The freshness checker found the job gone from its source or past its closing date: the same
   * soft delete as the admin's (job.deleted, so search drops it), with the reason. A job deleted
   * meanwhile stays as it is.
   */
  async close(id: string, reason: JobClosedReason, meta: ChangeMeta = {}): Promise<AdminJob> {
    return this.changeActive(id, meta, 'job.deleted', () => ({
      deletedAt: this.now(),
      activeHash: undefined,
      closedReason: reason,
    }));
  }

  /**
   * The checker found the job still open at its source: `lastVerifiedAt` is now (job.updated).
   * Nothing a search shows changes, so the checker's rounds (every job with a URL) do not wait
   * for the index to refresh after each.
   */
  async markVerified(
    id: string,
    validators: SourceValidators | null,
    meta: ChangeMeta = {},
  ): Promise<AdminJob> {
    return this.changeActive(
      id,
      meta,
      'job.updated',
      () => ({ lastVerifiedAt: this.now(), sourceValidators: validators }),
      IN_REQUEST,
    );
  }

  /** DELETE /api/admin/jobs/:id?force=true: only a soft-deleted job is removed for good. */
  async purge(id: string, meta: ChangeMeta = {}): Promise<void> {
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const current = await this.deps.store.byId(id);
      if (!current) throw notFound(ERROR_MESSAGES.jobNotFound);
      if (!current.deletedAt) throw conflict(ERROR_MESSAGES.jobNotDeleted);
      if (await this.deps.store.purge(current, [this.deps.jobEvent('job.purged', current, meta)])) {
        await this.indexNow(() => this.deps.search.remove(id, IN_REQUEST_WRITE));
        return;
      }
    }
    throw conflict(ERROR_MESSAGES.jobNotDeleted);
  }

  /**
   * bookmark.added / bookmark.removed: the ledger takes the bookmark, then the job's count is set
   * to the ledger's count, and job.updated tells every instance. Counting instead of adding ±1
   * makes a repeated or reordered event (two instances, a retry) harmless; the count is read
   * again after each write, so a write that raced another (FerretDB does not isolate the
   * revision check) is corrected at once.
   */
  async applyBookmarkEvent(
    event: IntegrationEvent<'bookmark.added'> | IntegrationEvent<'bookmark.removed'>,
  ): Promise<void> {
    const { bookmarkId, jobId } = event.data;
    if (event.type === 'bookmark.added') await this.deps.bookmarks.added(bookmarkId, jobId);
    else await this.deps.bookmarks.removed(bookmarkId, jobId);
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const current = await this.deps.store.byId(jobId);
      if (!current) return;
      const bookmarkCount = await this.deps.bookmarks.countOf(jobId);
      if (current.bookmarkCount === bookmarkCount) return;
      const next: JobRecord = { ...current, bookmarkCount, revision: current.revision + 1 };
      const events = [
        this.deps.jobEvent('job.updated', next, { correlationId: event.correlationId }),
      ];
      if (await this.deps.store.replace(current, next, events))
        await this.indexNow(() => this.deps.search.apply(next, IN_REQUEST));
    }
    throw new Error(`job ${jobId} kept changing while counting its bookmarks`);
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
    try {
      await this.deps.store.insert(record, [this.deps.jobEvent('job.created', record, meta)]);
    } catch (error) {
      throw await this.asConflict(error, record.hash);
    }
    await this.indexNow(() => this.deps.search.apply(record, IN_REQUEST_WRITE));
  }

  /**
   * Shows a change in search at once. If the index is down this is skipped: the change's event
   * waits in RabbitMQ and brings it there once the index is back.
   */
  private async indexNow(write: () => Promise<void>) {
    try {
      await write();
    } catch (error) {
      if (!(error instanceof SearchUnavailableError)) throw error;
    }
  }

  /** Applies `changes` to the job while it is active; a deleted job stays as it is. */
  private changeActive(
    id: string,
    meta: ChangeMeta,
    type: 'job.updated' | 'job.deleted',
    changes: () => Partial<JobRecord>,
    bound: IndexBound = IN_REQUEST_WRITE,
  ): Promise<AdminJob> {
    return this.change(
      id,
      meta,
      (current) => (current.deletedAt ? undefined : { next: { ...current, ...changes() }, type }),
      bound,
    );
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
    bound: IndexBound = IN_REQUEST_WRITE,
  ): Promise<AdminJob> {
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const current = await this.deps.store.byId(id);
      if (!current) throw notFound(ERROR_MESSAGES.jobNotFound);
      const decision = decide(current);
      if (!decision) return toAdminJob(current);
      const next = { ...decision.next, revision: current.revision + 1 };
      let stored: boolean;
      try {
        stored = await this.deps.store.replace(current, next, [
          this.deps.jobEvent(decision.type, next, meta),
        ]);
      } catch (error) {
        throw await this.asConflict(error, next.hash);
      }
      if (stored) {
        await this.indexNow(() => this.deps.search.apply(next, bound));
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

function asUnavailable(error: unknown): unknown {
  return error instanceof SearchUnavailableError
    ? serviceUnavailable(ERROR_MESSAGES.searchUnavailable)
    : error;
}

/** 409 naming the active job it repeats (the form links to its page). */
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
    ...b2gFieldsOf(input),
  };
}
