import {
  ERROR_MESSAGES,
  FEATURED_ANONYMOUS_DELAY_MS,
  FEATURED_FUNCTIONS,
  FEATURED_MIN_DESCRIPTION_LENGTH,
  jobsQuerySchema,
  type FeaturedJobsResponse,
  type FeaturedPinsResponse,
  type Job,
} from '@b2g/contracts';
import { badRequest, notFound } from '@b2g/service-kit';
import { toPublicJob } from './job.js';
import type { FeaturedCandidate, FeaturedFunction, JobRecord } from './model.js';
import type { Clock, FeaturedPinStore, JobSearchIndex, JobStore } from './ports.js';
import { IN_REQUEST } from './job-writes.js';
import { SearchUnavailableError } from './search.js';

/** Newest jobs read per function to choose its featured one from. */
export const FEATURED_CANDIDATES = 25;

/**
 * The featured job of a function, chosen by quality, not recency alone: never an anonymous (public)
 * post in its first hour; among the rest the newest that is complete (a description of at least
 * FEATURED_MIN_DESCRIPTION_LENGTH characters, a company and a location) and verified at its source
 * by the freshness checker, else the newest complete one, else the newest.
 */
export function chooseFeatured(candidates: FeaturedCandidate[], now: Date): Job | undefined {
  const eligible = candidates
    .filter(
      (job) =>
        job.postedBy !== 'public' ||
        now.getTime() - Date.parse(job.postedAt) >= FEATURED_ANONYMOUS_DELAY_MS,
    )
    .sort((a, b) => b.postedAt.localeCompare(a.postedAt) || a.id.localeCompare(b.id));
  const complete = eligible.filter(isComplete);
  const best = complete.find((job) => job.lastVerifiedAt) ?? complete[0] ?? eligible[0];
  if (!best) return undefined;
  const { postedBy: _postedBy, ...job } = best;
  return job;
}

const isComplete = (job: Job) =>
  job.description.trim().length >= FEATURED_MIN_DESCRIPTION_LENGTH &&
  Boolean(job.company.trim()) &&
  Boolean(job.location.trim());

/** The home page's three slots: a pinned job where its pin still holds, else the quality choice. */
export function featuredResponse(
  candidates: Partial<Record<FeaturedFunction, FeaturedCandidate[]>>,
  pinned: Partial<Record<FeaturedFunction, Job>>,
  now: Date,
): FeaturedJobsResponse {
  const result: FeaturedJobsResponse = {};
  for (const jobFunction of FEATURED_FUNCTIONS) {
    const chosen = pinned[jobFunction] ?? chooseFeatured(candidates[jobFunction] ?? [], now);
    if (chosen) result[jobFunction] = chosen;
  }
  return result;
}

/** The admin's pins: a pin names an active job of the slot's function. */
export class FeaturedPins {
  constructor(
    private readonly deps: {
      pins: FeaturedPinStore;
      activeById: (id: string) => Promise<JobRecord | null>;
      now?: Clock;
    },
  ) {}

  async list(): Promise<FeaturedPinsResponse> {
    const pins = await this.deps.pins.all();
    const result: FeaturedPinsResponse = {};
    for (const jobFunction of FEATURED_FUNCTIONS) {
      const pin = pins[jobFunction];
      if (pin) result[jobFunction] = { jobId: pin.jobId, pinnedAt: pin.pinnedAt.toISOString() };
    }
    return result;
  }

  /** PUT /api/admin/jobs/featured/:jobFunction: 404 for a job that is not active, 400 for another function's. */
  async pin(jobFunction: FeaturedFunction, jobId: string): Promise<FeaturedPinsResponse> {
    const job = await this.deps.activeById(jobId);
    if (!job) throw notFound(ERROR_MESSAGES.jobNotFound);
    if (job.jobFunction !== jobFunction)
      throw badRequest(`Only a ${jobFunction} job can be featured as ${jobFunction}.`);
    await this.deps.pins.set(jobFunction, {
      jobId,
      pinnedAt: (this.deps.now ?? (() => new Date()))(),
    });
    return this.list();
  }

  async unpin(jobFunction: FeaturedFunction): Promise<FeaturedPinsResponse> {
    await this.deps.pins.remove(jobFunction);
    return this.list();
  }

  /** The pinned jobs that are still active and of their slot's function. */
  async pinnedJobs(): Promise<Partial<Record<FeaturedFunction, JobRecord>>> {
    const pins = await this.deps.pins.all();
    const result: Partial<Record<FeaturedFunction, JobRecord>> = {};
    await Promise.all(
      FEATURED_FUNCTIONS.map(async (jobFunction) => {
        const pin = pins[jobFunction];
        const job = pin ? await this.deps.activeById(pin.jobId) : null;
        if (job && job.jobFunction === jobFunction) result[jobFunction] = job;
      }),
    );
    return result;
  }
}

/**
 * GET /api/jobs/featured: the featured job of each function, the admin's pin, else chosen by
 * quality among the newest (`chooseFeatured`); candidates from the search index, from the
 * database while it is down.
 */
export class FeaturedJobs {
  private readonly now: Clock;

  constructor(
    private readonly deps: {
      store: Pick<JobStore, 'newest'>;
      search: Pick<JobSearchIndex, 'featuredCandidates'>;
      pins: Pick<FeaturedPins, 'pinnedJobs'>;
      now?: Clock;
    },
  ) {
    this.now = deps.now ?? (() => new Date());
  }

  async featured(): Promise<FeaturedJobsResponse> {
    const [pinned, candidates] = await Promise.all([
      this.deps.pins.pinnedJobs(),
      this.candidates(),
    ]);
    const pinnedJobs: Partial<Record<FeaturedFunction, Job>> = {};
    for (const jobFunction of FEATURED_FUNCTIONS) {
      const record = pinned[jobFunction];
      if (record) pinnedJobs[jobFunction] = toPublicJob(record);
    }
    return featuredResponse(candidates, pinnedJobs, this.now());
  }

  private async candidates(): Promise<Partial<Record<FeaturedFunction, FeaturedCandidate[]>>> {
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
}
