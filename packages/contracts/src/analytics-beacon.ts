import { TEXT_MAX_LENGTH } from './constants.js';

// What a browser needs to report events, apart from the schemas: a page's first load imports
// this module alone, without zod.

/** Where browsers send their events. */
export const ANALYTICS_EVENTS_PATH = '/api/analytics/events';

/** Where a visit came from: the employer's breakdown of a posting's views. */
export const ANALYTICS_SOURCES = ['search', 'alert', 'feed', 'direct', 'external'] as const;
export type AnalyticsSource = (typeof ANALYTICS_SOURCES)[number];

/**
 * The query parameter a link from the board's own channels carries (`?ref=alert` in alert
 * e-mails, `?ref=feed` in feeds): the page reports it as the visit's source and drops it.
 */
export const ANALYTICS_REF_PARAM = 'ref';

/** Events one `POST /api/analytics/events` may carry (the shell batches up to this many). */
export const ANALYTICS_MAX_EVENTS = 20;
/** Largest accepted body of `POST /api/analytics/events`, in bytes. */
export const ANALYTICS_BODY_LIMIT_BYTES = 16 * 1024;
/** Job ids one `job_impression` may name (one result page). */
export const ANALYTICS_MAX_IMPRESSIONS = 50;
/** Longest route pattern a `page_view` may name. */
export const ANALYTICS_PATH_MAX_LENGTH = 200;
/** Longest search term a `search` event may carry: the job search's own limit. */
export const ANALYTICS_SEARCH_MAX_LENGTH = TEXT_MAX_LENGTH.search;

/**
 * A search term as it is counted: trimmed, lowercased, runs of white space made one space, cut to
 * ANALYTICS_SEARCH_MAX_LENGTH, so "Cleared  Java" and "cleared java" are one term.
 */
export const searchTermOf = (query: string): string =>
  query.trim().toLowerCase().replace(/\s+/g, ' ').slice(0, ANALYTICS_SEARCH_MAX_LENGTH);
