import { JOBS_PAGE_LIMIT_DEFAULT } from './constants.js';

/**
 * The job list's failed read (also ERROR_MESSAGES.fetchJobsFailed), kept here so the /jobs page's
 * first load carries this text without the module of every error message.
 */
export const FETCH_JOBS_FAILED_MESSAGE = 'Failed to fetch jobs';

/**
 * The filters of the job list, as the /jobs page's URL carries them and as GET /api/jobs and
 * /api/jobs/facets take them (jobsQuerySchema). `sort` only orders the list.
 */
export const JOB_LIST_FILTER_KEYS = [
  'search',
  'sector',
  'location',
  'jobFunction',
  'employerType',
  'experienceLevel',
  'remote',
  'clearance',
  'salaryMin',
  'employmentType',
  'postedWithin',
] as const;

export type JobListFilterKey = (typeof JOB_LIST_FILTER_KEYS)[number];

/**
 * Every filter of the job list and its order, as text ('' for none). `postedWithin`: '1', '7' or
 * '30' days; `sort`: 'newest', or '' / 'all' for the server's order (most relevant first with a
 * search); `clearance`: "at most"; `salaryMin`: USD a year.
 */
export type JobListFilters = Record<JobListFilterKey | 'sort', string>;

/** A filter's "no filter" value (a select's first option). */
export const NO_FILTER = 'all';

/** The filters and order a URL's parameters carry (missing ones blank). */
export function jobListFiltersFrom(params: URLSearchParams): JobListFilters {
  return Object.fromEntries(
    [...JOB_LIST_FILTER_KEYS, 'sort'].map((key) => [key, params.get(key) ?? '']),
  ) as JobListFilters;
}

function narrows(value: string): boolean {
  return value.trim() !== '' && value !== NO_FILTER;
}

/** Only the filters that narrow the list, trimmed: non-blank and not 'all' (spec §7). */
export function activeJobFilters(filters: JobListFilters): Partial<JobListFilters> {
  const active: Partial<JobListFilters> = {};
  for (const key of JOB_LIST_FILTER_KEYS) {
    if (narrows(filters[key])) active[key] = filters[key].trim();
  }
  return active;
}

/** What the list asks for: the active filters and, when one is chosen, the order. */
export function jobListQuery(filters: JobListFilters): Partial<JobListFilters> {
  return narrows(filters.sort)
    ? { ...activeJobFilters(filters), sort: filters.sort }
    : activeJobFilters(filters);
}

function withQuery(path: string, params: Record<string, string>): string {
  const search = new URLSearchParams(params).toString();
  return search ? `${path}?${search}` : path;
}

/**
 * The GET /api/jobs request for a page of the list: JOBS_PAGE_LIMIT_DEFAULT jobs from `offset`.
 * One function for the page that reads it and the shell that starts its first read early, so
 * both ask for the same URL.
 */
export function jobListPath(filters: JobListFilters, offset = 0): string {
  const page: Record<string, string> = { limit: String(JOBS_PAGE_LIMIT_DEFAULT) };
  if (offset > 0) page.offset = String(offset);
  return withQuery('/api/jobs', { ...jobListQuery(filters), ...page });
}

/** The GET /api/jobs/facets request for the counts beside the list (the order does not count). */
export function jobFacetsPath(filters: JobListFilters): string {
  return withQuery('/api/jobs/facets', activeJobFilters(filters));
}
