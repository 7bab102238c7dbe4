import {
  activeJobFilters,
  jobListFiltersFrom,
  jobListQuery,
  type JobListFilters,
} from '@b2g/contracts';

/** Every filter empty. */
export const EMPTY_FILTERS = jobListFiltersFrom(new URLSearchParams());

export function activeFilterCount(filters: JobListFilters): number {
  return Object.keys(activeJobFilters(filters)).length;
}

/** The URL parameters for `filters`, leaving out the empty ones. */
export function filtersToParams(filters: JobListFilters): URLSearchParams {
  return new URLSearchParams(jobListQuery(filters) as Record<string, string>);
}
