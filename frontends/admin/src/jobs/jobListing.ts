import type { AdminJob } from '@b2g/contracts';

/** Rows per page of an admin list: thousands of jobs never land in the DOM at once. */
export const JOBS_PER_PAGE = 50;

/** The jobs whose title, company or location contains `search`, ignoring case (spec §5). */
export function filterJobs(jobs: readonly AdminJob[], search: string): readonly AdminJob[] {
  const needle = search.trim().toLowerCase();
  if (!needle) return jobs;
  return jobs.filter((job) =>
    [job.title, job.company, job.location].some((text) => text.toLowerCase().includes(needle)),
  );
}

/** How a job says whether it can be worked remotely (spec §4 remote display). */
export function remoteText(job: Pick<AdminJob, 'isRemote' | 'remoteDays'>): string {
  if (job.remoteDays != null) return `Remote Work: ${job.remoteDays} days/week`;
  return job.isRemote ? 'Remote Work Available' : 'On-site';
}

/**
 * What 'All Jobs (n)' counts, said under it: how many of them are active and deleted (of those
 * matching the search, when searching) and what deleted means.
 */
export function allJobsSummary(active: number, deleted: number, searching: boolean): string {
  const scope = searching ? 'Matching your search: ' : '';
  return `${scope}${active} active and ${deleted} deleted. Deleted jobs are hidden from the public listings until restored.`;
}
