import { JOB_FUNCTIONS, SECTORS, type JobFunction, type Sector } from '@b2g/contracts';

/** The filters and order of /jobs, as its URL carries them. */
export interface JobFilters {
  search: string;
  sector: string;
  location: string;
  jobFunction: string;
  /** '1', '7' or '30' days; '' or 'all' for any time. */
  postedWithin: string;
  /** 'newest', or '' / 'all' for the server's order (most relevant first with a search). */
  sort: string;
}

/** The URL parameters that narrow the list (sort only orders it). */
export const FILTER_KEYS = ['search', 'sector', 'location', 'jobFunction', 'postedWithin'] as const;

/** A select's "no filter" value. */
export const ALL = 'all';

/** The posted-within choices of the filter panel. */
export const POSTED_WITHIN_OPTIONS = [
  { label: 'Any time', value: ALL },
  { label: 'Past 24 hours', value: '1' },
  { label: 'Past 7 days', value: '7' },
  { label: 'Past 30 days', value: '30' },
];

/** The order choices of the filter panel. */
export const SORT_OPTIONS = [
  { label: 'Most relevant', value: ALL },
  { label: 'Newest first', value: 'newest' },
];

export function filtersFromParams(params: URLSearchParams): JobFilters {
  return {
    search: params.get('search') ?? '',
    sector: params.get('sector') ?? '',
    location: params.get('location') ?? '',
    jobFunction: params.get('jobFunction') ?? '',
    postedWithin: params.get('postedWithin') ?? '',
    sort: params.get('sort') ?? '',
  };
}

function isActive(value: string): boolean {
  return value.trim() !== '' && value !== ALL;
}

/** Only the filters that narrow the list: non-empty and not 'all' (spec §7). */
export function activeFilters(filters: JobFilters): Partial<JobFilters> {
  const active: Partial<JobFilters> = {};
  for (const key of FILTER_KEYS) if (isActive(filters[key])) active[key] = filters[key].trim();
  return active;
}

/** What the list asks for: the active filters and, when one is chosen, the order. */
export function listQuery(filters: JobFilters): Partial<JobFilters> {
  return isActive(filters.sort)
    ? { ...activeFilters(filters), sort: filters.sort }
    : activeFilters(filters);
}

export function activeFilterCount(filters: JobFilters): number {
  return Object.keys(activeFilters(filters)).length;
}

/** The URL parameters for `filters`, leaving out the empty ones. */
export function filtersToParams(filters: JobFilters): URLSearchParams {
  return new URLSearchParams(listQuery(filters) as Record<string, string>);
}

export function isSector(value: string): value is Sector {
  return (SECTORS as readonly string[]).includes(value);
}

export function isJobFunction(value: string): value is JobFunction {
  return (JOB_FUNCTIONS as readonly string[]).includes(value);
}

/** "Sales (23)" when the count is known, else just the label. */
export function withCount(label: string, count: number | undefined): string {
  return count === undefined ? label : `${label} (${count})`;
}
