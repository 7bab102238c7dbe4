import { jobStatsSchema, type JobStats } from '@b2g/contracts';
import { AnalyticsUnavailableError, type PostingStatsSource } from '../domain/posting-stats.js';

/** Where analytics answers without ANALYTICS_URL (its port on this machine). */
export const DEFAULT_ANALYTICS_URL = 'http://127.0.0.1:4005';
/** How long a read of the analytics service may take: well inside the gateway's upstream timeout. */
export const ANALYTICS_TIMEOUT_MS = 3_000;

/**
 * The analytics service's internal statistics route (`ANALYTICS_URL`; the gateway routes no
 * `/internal/*` path, so it needs no token). A refused connection, a timeout, a status other
 * than 200 or a body that is not the statistics of the asked posting are all "unavailable".
 */
export class HttpAnalytics implements PostingStatsSource {
  private readonly base: string;

  constructor(
    baseUrl: string,
    private readonly timeoutMs = ANALYTICS_TIMEOUT_MS,
  ) {
    this.base = baseUrl.replace(/\/+$/, '');
  }

  async jobStats(jobId: string, days: number): Promise<JobStats> {
    const url = `${this.base}/internal/analytics/jobs/${encodeURIComponent(jobId)}/stats?days=${days}`;
    let body: unknown;
    try {
      const response = await fetch(url, {
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      if (response.status !== 200) {
        await response.body?.cancel();
        throw new AnalyticsUnavailableError(`analytics answered ${response.status}`);
      }
      body = await response.json();
    } catch (error) {
      if (error instanceof AnalyticsUnavailableError) throw error;
      throw new AnalyticsUnavailableError('analytics did not answer', { cause: error });
    }
    const stats = jobStatsSchema.safeParse(body);
    if (!stats.success || stats.data.jobId !== jobId)
      throw new AnalyticsUnavailableError('analytics answered something other than the statistics');
    return stats.data;
  }
}
