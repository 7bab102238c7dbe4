import { describe, expect, it } from 'vitest';
import { JOBS_PAGE_LIMIT_DEFAULT } from './constants.js';
import {
  activeJobFilters,
  jobFacetsPath,
  jobListFiltersFrom,
  jobListPath,
  jobListQuery,
  jobsQuerySchema,
} from './index.js';

const from = (search: string) => jobListFiltersFrom(new URLSearchParams(search));

describe('the job list request', () => {
  it('reads every filter and the order from a URL, blank when missing', () => {
    const filters = from('search=capture&sector=federal&sort=newest&unknown=x');
    expect(filters.search).toBe('capture');
    expect(filters.sector).toBe('federal');
    expect(filters.sort).toBe('newest');
    expect(filters.location).toBe('');
    expect(Object.keys(filters)).not.toContain('unknown');
  });

  it('keeps only the filters that narrow the list, trimmed', () => {
    expect(activeJobFilters(from('search=%20cyber%20&sector=all&location=&remote=remote'))).toEqual(
      { search: 'cyber', remote: 'remote' },
    );
  });

  it('sends the order only when one is chosen', () => {
    expect(jobListQuery(from('search=a&sort=all'))).toEqual({ search: 'a' });
    expect(jobListQuery(from('search=a&sort=newest'))).toEqual({ search: 'a', sort: 'newest' });
  });

  it('asks for a page of the list, the offset only after the first', () => {
    const filters = from('search=bd manager&clearance=secret&sort=newest');
    expect(jobListPath(filters)).toBe(
      `/api/jobs?search=bd+manager&clearance=secret&sort=newest&limit=${JOBS_PAGE_LIMIT_DEFAULT}`,
    );
    expect(jobListPath(filters, 100)).toBe(
      `/api/jobs?search=bd+manager&clearance=secret&sort=newest&limit=${JOBS_PAGE_LIMIT_DEFAULT}&offset=100`,
    );
    expect(jobListPath(from(''))).toBe(`/api/jobs?limit=${JOBS_PAGE_LIMIT_DEFAULT}`);
  });

  it('asks for the facets with the narrowing filters only', () => {
    expect(jobFacetsPath(from('sector=state&sort=newest'))).toBe('/api/jobs/facets?sector=state');
    expect(jobFacetsPath(from('sector=all'))).toBe('/api/jobs/facets');
  });

  it('builds queries the API accepts', () => {
    const filters = from(
      'search=x&sector=FEDERAL&location=DC&jobFunction=sales&remote=remote&clearance=secret&salaryMin=100000&postedWithin=7&sort=newest',
    );
    const query = Object.fromEntries(new URL(jobListPath(filters, 50), 'http://x').searchParams);
    expect(jobsQuerySchema.safeParse(query).success).toBe(true);
  });
});
