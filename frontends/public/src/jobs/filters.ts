import { JOB_FUNCTIONS, SECTORS, type JobFunction, type Sector } from '@b2g/contracts';

/** The filters of /jobs, as its URL carries them. */
export interface JobFilters {
  search: string;
  sector: string;
  location: string;
  jobFunction: string;
}

export const FILTER_KEYS = ['search', 'sector', 'location', 'jobFunction'] as const;

/** A select's "no filter" value. */
export const ALL = 'all';

export function filtersFromParams(params: URLSearchParams): JobFilters {
  return {
    search: params.get('search') ?? '',
    sector: params.get('sector') ?? '',
    location: params.get('location') ?? '',
    jobFunction: params.get('jobFunction') ?? '',
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

export function activeFilterCount(filters: JobFilters): number {
  return Object.keys(activeFilters(filters)).length;
}

/** The URL parameters for `filters`, leaving out the empty ones. */
export function filtersToParams(filters: JobFilters): URLSearchParams {
  return new URLSearchParams(activeFilters(filters) as Record<string, string>);
}

export function isSector(value: string): value is Sector {
  return (SECTORS as readonly string[]).includes(value);
}

export function isJobFunction(value: string): value is JobFunction {
  return (JOB_FUNCTIONS as readonly string[]).includes(value);
}
