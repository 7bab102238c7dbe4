import {
  activeJobFilters,
  FETCH_JOBS_FAILED_MESSAGE,
  jobFacetsPath,
  jobListPath,
  jobListQuery,
  JOBS_TOTAL_COUNT_HEADER,
  type JobFacetsResponse,
  type JobListFilters,
  type JobListItem,
} from '@b2g/contracts';
import { apiFetch, throwIfResNotOk, useInfiniteQuery, useQuery } from '@b2g/web-platform';
import { useMemo } from 'react';

export interface JobsPage {
  jobs: JobListItem[];
  total: number;
  offset: number;
}

async function fetchJobsPage(
  filters: JobListFilters,
  offset: number,
  signal: AbortSignal,
): Promise<JobsPage> {
  const res = await apiFetch(jobListPath(filters, offset), { signal });
  if (!res.ok) throw new Error(FETCH_JOBS_FAILED_MESSAGE);
  const jobs = (await res.json()) as JobListItem[];
  const total = Number(res.headers.get(JOBS_TOTAL_COUNT_HEADER));
  return {
    jobs,
    offset,
    total: Number.isFinite(total) && total > 0 ? total : offset + jobs.length,
  };
}

/**
 * The job list for `filters`, a page of JOBS_PAGE_LIMIT_DEFAULT at a time (limit/offset, total in
 * X-Total-Count). Only non-empty, non-'all' filters (and a chosen order) are sent; the key is
 * ['/api/jobs', filters].
 */
export function useJobs(filters: JobListFilters) {
  const query = useInfiniteQuery({
    queryKey: ['/api/jobs', jobListQuery(filters)],
    queryFn: ({ pageParam, signal }) => fetchJobsPage(filters, pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (last) => {
      const next = last.offset + last.jobs.length;
      return last.jobs.length > 0 && next < last.total ? next : undefined;
    },
  });
  const { data } = query;
  // The same array until the pages change, so the deferred list does not render again for nothing.
  const jobs = useMemo(() => (data?.pages ?? []).flatMap((page) => page.jobs), [data]);
  const total = data?.pages.at(-1)?.total ?? jobs.length;
  return { ...query, jobs, total };
}

/**
 * How many jobs each filter option would give (GET /api/jobs/facets, with the same filters).
 * Undefined until known, or when the counts cannot be had: the panel then shows plain labels.
 */
export function useJobFacets(filters: JobListFilters): JobFacetsResponse['facets'] | undefined {
  const query = useQuery<JobFacetsResponse>({
    queryKey: ['/api/jobs', 'facets', activeJobFilters(filters)],
    queryFn: async ({ signal }) => {
      const res = await apiFetch(jobFacetsPath(filters), { signal });
      await throwIfResNotOk(res);
      return (await res.json()) as JobFacetsResponse;
    },
  });
  return query.data?.facets;
}
