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
