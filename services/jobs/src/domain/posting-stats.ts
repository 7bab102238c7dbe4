import { ERROR_MESSAGES, type JobStats } from '@b2g/contracts';
import { notFound, serviceUnavailable } from '@b2g/service-kit';
import { ownedBy, type PostingOwner } from './employer-postings.js';
import type { JobStore } from './ports.js';

/** Said by `GET /api/employer/jobs/:id/stats` while the analytics service cannot answer. */
export const STATS_UNAVAILABLE_MESSAGE =
  'Statistics are unavailable right now. Your posting is not affected; please try again in a minute.';

/** The analytics service did not answer in time, or answered with something other than the statistics. */
export class AnalyticsUnavailableError extends Error {
  override readonly name = 'AnalyticsUnavailableError';
}

/** A posting's statistics as the analytics service counts them (data/analytics-client.ts). */
export interface PostingStatsSource {
  /** The last `days` days, today included; throws AnalyticsUnavailableError when it cannot tell. */
  jobStats(jobId: string, days: number): Promise<JobStats>;
}

/**
 * An employer's view of their postings' statistics: only their own posting (another's is a 404,
 * as if it did not exist), read from the analytics service, which counts and keeps them.
 */
export class PostingStats {
  constructor(
    private readonly deps: { store: Pick<JobStore, 'byId'>; analytics: PostingStatsSource },
  ) {}

  async forOwner(owner: PostingOwner, id: string, days: number): Promise<JobStats> {
    const record = await this.deps.store.byId(id);
    if (!record || !ownedBy(record, owner)) throw notFound(ERROR_MESSAGES.jobNotFound);
    try {
      return await this.deps.analytics.jobStats(id, days);
    } catch (error) {
      if (error instanceof AnalyticsUnavailableError)
        throw serviceUnavailable(STATS_UNAVAILABLE_MESSAGE);
      throw error;
    }
  }
}
