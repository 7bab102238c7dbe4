import {
  ERROR_MESSAGES,
  JOBS_OFFSET_WINDOW,
  type AdminJob,
  type Job,
  type JobFacetsResponse,
} from '@b2g/contracts';
import { badRequest, notFound, serviceUnavailable } from '@b2g/service-kit';
import { toAdminJob, toPublicJob } from './job.js';
import { IN_REQUEST } from './job-writes.js';
import type { AdminListQuery, JobListing, JobSearchQuery } from './model.js';
import type { Clock, JobSearchIndex, JobStore } from './ports.js';
import { InvalidCursorError, SearchUnavailableError } from './search.js';

function asUnavailable(error: unknown): unknown {
  return error instanceof SearchUnavailableError
    ? serviceUnavailable(ERROR_MESSAGES.searchUnavailable)
    : error;
}

/** Reading jobs: one job, the public listing and search with its facets, the admin's list. */
export class Listing {
  private readonly now: Clock;

  constructor(
    private readonly deps: {
      store: Pick<JobStore, 'activeById' | 'newest' | 'adminList'>;
      search: Pick<JobSearchIndex, 'search' | 'facets'>;
      now?: Clock;
    },
  ) {
    this.now = deps.now ?? (() => new Date());
  }

  /** GET /api/jobs/:id: an active job, from the database (its bookmark count as counted). */
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

  /** GET /api/admin/jobs, from the database (soft-deleted jobs are not in the search index). */
  async adminList(query: AdminListQuery): Promise<AdminJob[]> {
    return (await this.deps.store.adminList(query)).map(toAdminJob);
  }
}
