import type { Mailer } from '@b2g/service-kit';
import type { Connection } from 'mongoose';
import type { Logger } from 'pino';
import { DEFAULT_ANALYTICS_URL, HttpAnalytics } from './data/analytics-client.js';
import type { JobsModels } from './data/job-model.js';
import { MongoSummaryStore } from './data/summary-store.js';
import type { EmployerPostingStore } from './domain/employer-postings.js';
import { FreshnessSchedule } from './domain/freshness.js';
import type { Clock, JobStore } from './domain/ports.js';
import { PostingStats } from './domain/posting-stats.js';
import { summaryMail } from './domain/summary-mail.js';
import { WeeklySummary } from './domain/weekly-summary.js';

export interface EmployerStatsSettings {
  /** The analytics service (ANALYTICS_URL). */
  analyticsUrl?: string;
  /** How long a read of it may take. */
  analyticsTimeoutMs?: number;
  /** The weekly summary's sweep interval (0 or unset: none; tests call `weeklySummary.sweepOnce()`). */
  summaryIntervalMs?: number;
  /** The summary's clock (tests move it). */
  now?: Clock;
}

/**
 * The employer's statistics and the weekly summary, wired from the instance's connections: the
 * stats route's use case, the summary (its enrolment hook and opt-out) and its schedule.
 */
export function createEmployerStats(deps: {
  connection: Connection;
  models: JobsModels;
  store: Pick<JobStore, 'byId'>;
  postings: Pick<EmployerPostingStore, 'byOwner'>;
  mailer: Mailer;
  origin: string;
  logger: Logger;
  settings?: EmployerStatsSettings | undefined;
}) {
  const settings = deps.settings ?? {};
  const analytics = new HttpAnalytics(
    settings.analyticsUrl ?? DEFAULT_ANALYTICS_URL,
    settings.analyticsTimeoutMs,
  );
  const postingStats = new PostingStats({ store: deps.store, analytics });
  const weeklySummary = new WeeklySummary({
    store: new MongoSummaryStore(deps.connection, deps.models, settings.now),
    postings: deps.postings,
    stats: analytics,
    mails: summaryMail(deps.mailer, deps.origin),
    logger: deps.logger,
    ...(settings.now && { now: settings.now }),
  });
  const summarySchedule = new FreshnessSchedule({
    checker: {
      runOnce: async (signal) => {
        const run = await weeklySummary.sweepOnce(signal);
        if (run.sent + run.failed > 0) deps.logger.info(run, 'weekly summary sweep');
      },
    },
    intervalMs: settings.summaryIntervalMs ?? 0,
    onError: (error) => deps.logger.warn({ err: error }, 'weekly summary sweep failed'),
  });
  return { postingStats, weeklySummary, summarySchedule };
}
