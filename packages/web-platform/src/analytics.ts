import {
  ANALYTICS_BODY_LIMIT_BYTES,
  ANALYTICS_EVENTS_PATH,
  ANALYTICS_MAX_EVENTS,
  ANALYTICS_MAX_IMPRESSIONS,
  ANALYTICS_REF_PARAM,
  searchTermOf,
  type AnalyticsEvent,
  type AnalyticsSource,
} from '@b2g/contracts';
import { useEffect, useRef } from 'react';
import { matchPath, useLocation } from './router.js';
import type { PlatformConfig } from './config.js';

/** Reports one page view of `path`: the pathname only, never the query (it can carry tokens). */
export type PageViewReporter = (path: string) => void;

type PlausibleFn = ((event: string, options?: { u?: string }) => void) & { q?: unknown[][] };

declare global {
  interface Window {
    plausible?: PlausibleFn;
  }
  interface Navigator {
    /** Global Privacy Control (not in every browser, nor in TypeScript's DOM types yet). */
    globalPrivacyControl?: boolean;
  }
}

/** How long events wait for others before they are sent together. */
const FLUSH_DELAY_MS = 2_000;
/** A body's length in UTF-16 units: UTF-8 needs at most 3 bytes for each, so it fits the limit. */
const MAX_BODY_CHARS = ANALYTICS_BODY_LIMIT_BYTES / 3;
/** The route of a job's page: its view is reported with the page view. */
const JOB_PAGE = '/jobs/:id';
/** Pages listing search results: a job opened from one of them was found by search. */
const RESULT_PAGES = ['/', '/jobs'];
/** The route pattern reported for an address no route matches. */
const UNKNOWN_ROUTE = '/*';
const JOB_ID = /^[\da-f]{8}(?:-[\da-f]{4}){3}-[\da-f]{12}$/i;

const noop: PageViewReporter = () => {};
let reporter: PageViewReporter = noop;

/** Events waiting to be sent; null while the board's own reporting is off (not started, or opted out). */
let queue: AnalyticsEvent[] | null = null;
let timer: ReturnType<typeof setTimeout> | undefined;
let routePatterns: readonly string[] = [];
/** Where this visit came from: the first address's `ref`, else the referrer. */
let visitSource: AnalyticsSource = 'direct';
let previousRoute = '';

/** Replaces the page-view reporter (tests, or another analytics service). */
export function setPageViewReporter(next: PageViewReporter | null): void {
  reporter = next ?? noop;
}

export function reportPageView(path: string): void {
  try {
    reporter(path);
  } catch {
    // Analytics never breaks the page.
  }
}

/** Sends the waiting events in batches within the count and size limits; never throws. */
function flush(): void {
  clearTimeout(timer);
  timer = undefined;
  while (queue?.length) {
    let count = Math.min(queue.length, ANALYTICS_MAX_EVENTS);
    const bodyOf = () => JSON.stringify({ events: queue?.slice(0, count) });
    while (count > 1 && bodyOf().length > MAX_BODY_CHARS) count >>= 1;
    const body = bodyOf();
    queue.splice(0, count);
    try {
      // A string goes as text/plain: no preflight, and the beacon outlives the page.
      if (!navigator.sendBeacon(ANALYTICS_EVENTS_PATH, body)) throw new Error('not queued');
    } catch {
      fetch(ANALYTICS_EVENTS_PATH, { method: 'POST', body, keepalive: true }).catch(noop);
    }
  }
}

/**
 * Reports an event to the board's own analytics service: batched, sent within a few seconds or
 * when the page is hidden or left. Does nothing until `configureAnalytics` has started reporting,
 * nor for a visitor who asked not to be tracked.
 */
export function track(event: AnalyticsEvent): void {
  if (!queue) return;
  queue.push(event);
  if (queue.length >= ANALYTICS_MAX_EVENTS) flush();
  else timer ??= setTimeout(flush, FLUSH_DELAY_MS);
}

function onHidden(): void {
  if (document.visibilityState === 'hidden') flush();
}

/** Stops the board's own reporting and forgets the visit (tests start every case afresh). */
export function stopAnalytics(): void {
  clearTimeout(timer);
  timer = undefined;
  queue = null;
  routePatterns = [];
  visitSource = 'direct';
  previousRoute = '';
  window.removeEventListener('pagehide', flush);
  document.removeEventListener('visibilitychange', onHidden);
}

/** The visit's source from the first address's `ref` (which is then removed) or the referrer. */
function readVisitSource(): void {
  const url = new URL(window.location.href);
  const ref = url.searchParams.get(ANALYTICS_REF_PARAM);
  if (ref !== null) {
    // Taken off the address, so a link copied from here is not counted as the e-mail's again.
    url.searchParams.delete(ANALYTICS_REF_PARAM);
    window.history.replaceState(window.history.state, '', url);
  }
  const referrer = document.referrer ? new URL(document.referrer) : null;
  visitSource =
    ref === 'alert' || ref === 'feed'
      ? ref
      : !referrer
        ? 'direct'
        : referrer.origin !== url.origin
          ? 'external'
          : RESULT_PAGES.includes(referrer.pathname)
            ? 'search'
            : 'direct';
  const jobId = matchPath(JOB_PAGE, url.pathname)?.params.id;
  const id = jobId && JOB_ID.test(jobId) ? { jobId } : {};
  if (ref === 'alert') track({ type: 'alert_click', ...id });
  if (ref === 'feed' && id.jobId) track({ type: 'feed_click', jobId: id.jobId });
}

/**
 * Starts reporting to the board's own analytics service (page views by route pattern, and what
 * the pages report with `track`), unless the browser sends Do Not Track or Global Privacy
 * Control. When the config names a Plausible-compatible script (its manual variant), page views
 * also go to it. `patterns` are the router's route patterns, in the router's order.
 */
export function configureAnalytics(config: PlatformConfig, patterns: readonly string[] = []): void {
  routePatterns = patterns;
  if (!queue && navigator.doNotTrack !== '1' && !navigator.globalPrivacyControl) {
    queue = [];
    readVisitSource();
    window.addEventListener('pagehide', flush);
    document.addEventListener('visibilitychange', onHidden);
  }
  const src = config.analyticsScriptUrl;
  if (!src) {
    setPageViewReporter(null);
    return;
  }
  if (!window.plausible) {
    const queued: PlausibleFn = (...args: unknown[]) => {
      (queued.q = queued.q ?? []).push(args);
    };
    window.plausible = queued;
  }
  if (!document.querySelector(`script[data-b2g-analytics]`)) {
    const script = document.createElement('script');
    script.defer = true;
    script.src = src;
    script.dataset.domain = config.analyticsDomain ?? window.location.hostname;
    script.dataset.b2gAnalytics = '';
    document.head.appendChild(script);
  }
  setPageViewReporter((path) =>
    window.plausible?.('pageview', { u: `${window.location.origin}${path}` }),
  );
}

/** The page view of `pathname` by its route's pattern, and a job page's view of that job. */
function reportRoute(pathname: string): void {
  const route = routePatterns.find((pattern) => matchPath(pattern, pathname)) ?? UNKNOWN_ROUTE;
  track({ type: 'page_view', path: route });
  const jobId = route === JOB_PAGE ? matchPath(route, pathname)?.params.id : undefined;
  if (jobId && JOB_ID.test(jobId))
    track({
      type: 'job_view',
      jobId,
      source: RESULT_PAGES.includes(previousRoute) ? 'search' : visitSource,
    });
  previousRoute = route;
}

/**
 * Reports a page view on every route change (and the first render), by path alone: a query such
 * as the reset link's `?token=` never reaches the analytics provider. Use once, in the shell.
 */
export function usePageViews(): void {
  const { pathname } = useLocation();
  useEffect(() => {
    reportPageView(pathname);
    reportRoute(pathname);
  }, [pathname]);
}

/**
 * Reports what a result list shows: the jobs, each once per list (a page of more results reports
 * its own), and, when the list answers a text search, the search and how many jobs it found.
 * `jobs` is undefined while the list loads: a new search is a new list.
 */
export function useResultsReport(
  jobs: ReadonlyArray<{ id: string }> | undefined,
  total: number,
  search = '',
): void {
  const shown = useRef<Set<string> | null>(null);
  useEffect(() => {
    if (!jobs) {
      shown.current = null;
      return;
    }
    if (!shown.current) {
      shown.current = new Set();
      const query = searchTermOf(search);
      if (query) track({ type: 'search', query, results: total });
    }
    const seen = shown.current;
    const fresh = jobs.map((job) => job.id).filter((id) => JOB_ID.test(id) && !seen.has(id));
    for (const id of fresh) seen.add(id);
    for (let at = 0; at < fresh.length; at += ANALYTICS_MAX_IMPRESSIONS)
      track({ type: 'job_impression', jobIds: fresh.slice(at, at + ANALYTICS_MAX_IMPRESSIONS) });
    // Only a new list or a longer one reports: `total` and `search` belong to `jobs`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [jobs]);
}
