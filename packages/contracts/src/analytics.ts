import { z } from 'zod';
import {
  ANALYTICS_MAX_EVENTS,
  ANALYTICS_MAX_IMPRESSIONS,
  ANALYTICS_PATH_MAX_LENGTH,
  ANALYTICS_SEARCH_MAX_LENGTH,
  ANALYTICS_SOURCES,
  searchTermOf,
  type AnalyticsSource,
} from './analytics-beacon.js';
import { isoDateSchema, jobIdSchema, requiredText, textLimit } from './fields.js';

export * from './analytics-beacon.js';

/** The periods a posting's statistics are read for. */
export const JOB_STATS_PERIODS = [30, 90] as const;
/** Longest range of the admin's statistics, in days. */
export const ADMIN_STATS_MAX_DAYS = 366;
/** How many jobs the admin's "jobs by apply clicks" lists. */
export const ADMIN_STATS_TOP_JOBS = 20;
/** How many of the searches that found nothing the admin's statistics list. */
export const ADMIN_STATS_TOP_EMPTY_SEARCHES = 20;
/**
 * A route's pattern as the router declares it (`/jobs/:id`): no query, no fragment, no token
 * (the characters a pattern uses only, so a filled-in address with an e-mail or a token in it is
 * refused rather than stored).
 */
export const routePatternSchema = z
  .string()
  .max(ANALYTICS_PATH_MAX_LENGTH)
  .regex(/^\/[A-Za-z0-9/_:*-]*$/, 'must be a route pattern such as /jobs/:id');

const sourceSchema = z.enum(ANALYTICS_SOURCES).optional();

export const analyticsEventSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('page_view'), path: routePatternSchema, source: sourceSchema }),
  z.strictObject({
    type: z.literal('job_impression'),
    jobIds: z.array(jobIdSchema).min(1).max(ANALYTICS_MAX_IMPRESSIONS),
    source: sourceSchema,
  }),
  z.strictObject({ type: z.literal('job_view'), jobId: jobIdSchema, source: sourceSchema }),
  z.strictObject({ type: z.literal('apply_click'), jobId: jobIdSchema, source: sourceSchema }),
  z.strictObject({ type: z.literal('bookmark'), jobId: jobIdSchema, source: sourceSchema }),
  z.strictObject({
    type: z.literal('alert_click'),
    jobId: jobIdSchema.optional(),
    source: sourceSchema,
  }),
  z.strictObject({ type: z.literal('feed_click'), jobId: jobIdSchema, source: sourceSchema }),
  /**
   * A text search the job list ran and how many jobs it found. Every one counts in the day's
   * searches; the term is kept only when it found nothing (the admin's "searches that found
   * nothing"). The term is normalised as `searchTermOf` does.
   */
  z.strictObject({
    type: z.literal('search'),
    query: requiredText(
      'Search must not be blank',
      textLimit('Search', ANALYTICS_SEARCH_MAX_LENGTH),
    ).transform(searchTermOf),
    results: z.number().int().nonnegative(),
    source: sourceSchema,
  }),
]);
export type AnalyticsEvent = z.infer<typeof analyticsEventSchema>;
export type AnalyticsEventType = AnalyticsEvent['type'];

/** `POST /api/analytics/events` (JSON, or JSON sent as text/plain by `navigator.sendBeacon`). */
export const analyticsEventsRequestSchema = z.strictObject({
  events: z.array(analyticsEventSchema).min(1).max(ANALYTICS_MAX_EVENTS),
});
export type AnalyticsEventsRequest = z.infer<typeof analyticsEventsRequestSchema>;

/** `?days=30|90` of a posting's statistics (30 when absent). */
export const jobStatsQuerySchema = z.strictObject({
  days: z
    .enum(['30', '90'], 'days must be 30 or 90')
    .default('30')
    .transform((days) => Number(days) as (typeof JOB_STATS_PERIODS)[number]),
});

const counts = {
  views: z.number().int().nonnegative(),
  uniqueVisitors: z.number().int().nonnegative(),
  impressions: z.number().int().nonnegative(),
  applyClicks: z.number().int().nonnegative(),
  bookmarks: z.number().int().nonnegative(),
};

/**
 * A posting's statistics over the last `days` days (today included, UTC). `uniqueVisitors` is
 * counted per day (the salt that makes a visitor recognisable changes daily), so the total is the
 * sum of the days' unique visitors. `bySource` splits the views.
 */
export const jobStatsSchema = z.strictObject({
  jobId: jobIdSchema,
  days: z.number().int(),
  ...counts,
  daily: z.array(z.strictObject({ date: isoDateSchema, ...counts })),
  bySource: z.strictObject(
    Object.fromEntries(ANALYTICS_SOURCES.map((source) => [source, z.number().int()])) as Record<
      AnalyticsSource,
      z.ZodNumber
    >,
  ),
});
export type JobStats = z.infer<typeof jobStatsSchema>;

/** `GET /api/admin/stats?from=&to=`: dates (UTC days, both included); default the last 30 days. */
export const adminStatsQuerySchema = z.strictObject({
  from: isoDateSchema.optional(),
  to: isoDateSchema.optional(),
});

/** What the admin review of a public post decided: published at once, approved or rejected. */
export const POST_OUTCOMES = ['live', 'approved', 'rejected'] as const;
export type PostOutcome = (typeof POST_OUTCOMES)[number];

const count = z.number().int().nonnegative();

/** The board's own numbers over a range of days (every count of the range, both days included). */
export const adminStatsSchema = z.strictObject({
  from: isoDateSchema,
  to: isoDateSchema,
  /** Page views per route pattern, most viewed first. */
  pageViews: z.array(z.strictObject({ path: z.string(), views: count })),
  /**
   * Per day, oldest first: page views, text searches run, alert e-mails sent, clicks from alert
   * e-mails and from feeds.
   */
  daily: z.array(
    z.strictObject({
      date: isoDateSchema,
      pageViews: count,
      searches: count,
      alertEmailsSent: count,
      alertClicks: count,
      feedClicks: count,
    }),
  ),
  /**
   * The searches that found nothing, most frequent first (at most ADMIN_STATS_TOP_EMPTY_SEARCHES);
   * `term` is normalised as `searchTermOf` does.
   */
  emptySearches: z.array(z.strictObject({ term: z.string(), count })),
  /** The jobs with the most apply clicks (at most ADMIN_STATS_TOP_JOBS). */
  topJobsByApplyClicks: z.array(z.strictObject({ jobId: jobIdSchema, applyClicks: count })),
  /** Jobs created in the range per `source` (the job's source: Direct Post, a feed's name, …), most first. */
  postsBySource: z.array(z.strictObject({ source: z.string(), posts: count })),
  /**
   * New public posts per review outcome decided in the range (jobs' `post.reviewed` events): live
   * at once, approved or rejected (by the admin or a ban); every outcome, 0 when none.
   */
  postsByOutcome: z.strictObject(
    Object.fromEntries(POST_OUTCOMES.map((outcome) => [outcome, count])) as Record<
      PostOutcome,
      typeof count
    >,
  ),
});
export type AdminStats = z.infer<typeof adminStatsSchema>;
