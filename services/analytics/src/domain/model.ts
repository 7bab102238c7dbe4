import type { AnalyticsSource, PostOutcome } from '@b2g/contracts';

/** A calendar day in UTC, `YYYY-MM-DD`: every count belongs to the day it was received. */
export type Day = string;

/** What is counted of one posting on one day. */
export interface JobCounts {
  views: number;
  impressions: number;
  applyClicks: number;
  bookmarks: number;
  /** Visitors whose first view of the posting that day was counted here (see `VisitStore`). */
  uniqueVisitors: number;
  /** The views split by where they came from. */
  bySource: Record<AnalyticsSource, number>;
}

/** What is counted of the whole board on one day. */
export interface BoardCounts {
  pageViews: number;
  /** Text searches the job list ran. */
  searches: number;
  /** Alert e-mails user-activity sent (its `alert.sent` events). */
  alertEmailsSent: number;
  alertClicks: number;
  feedClicks: number;
  /** Page views per route pattern. */
  routes: Record<string, number>;
  /** Apply clicks per job id (the admin's "jobs by apply clicks"). */
  applies: Record<string, number>;
  /** Searches that found nothing, per normalised term. */
  emptySearches: Record<string, number>;
  /** Jobs created per job source (jobs' `job.created` events). */
  posts: Record<string, number>;
  /** New public posts per review outcome (jobs' `post.reviewed` events); an absent one is 0. */
  outcomes: Partial<Record<PostOutcome, number>>;
}

/**
 * One instance's share of a posting's day. Only that instance writes it; a read sums every
 * instance's shares.
 */
export interface JobPartial {
  instance: string;
  jobId: string;
  day: Day;
  counts: JobCounts;
}

/** A visitor's view of a posting on a day; the visitor is the day's salted hash. */
export interface Visit {
  jobId: string;
  day: Day;
  visitor: string;
}

/** One instance's share of the board's day. */
export interface BoardPartial {
  instance: string;
  day: Day;
  counts: BoardCounts;
}

/** Who sent a batch of events, as far as counting needs to know. */
export interface Client {
  ip: string;
  userAgent: string;
  /** `DNT: 1` or `Sec-GPC: 1`: the events are accepted and not counted. */
  optedOut: boolean;
}

export const emptyJobCounts = (): JobCounts => ({
  views: 0,
  impressions: 0,
  applyClicks: 0,
  bookmarks: 0,
  uniqueVisitors: 0,
  bySource: { search: 0, alert: 0, feed: 0, direct: 0, external: 0 },
});

export const emptyBoardCounts = (): BoardCounts => ({
  pageViews: 0,
  searches: 0,
  alertEmailsSent: 0,
  alertClicks: 0,
  feedClicks: 0,
  routes: {},
  applies: {},
  emptySearches: {},
  posts: {},
  outcomes: {},
});
