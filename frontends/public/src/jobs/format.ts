import type { Job } from '@b2g/contracts';

const DAY_MS = 24 * 60 * 60 * 1000;
const DAYS_PER_WEEK = 7;
const TWO_WEEKS_DAYS = 14;
const MONTH_DAYS = 30;

/**
 * When a job was posted, relative to `now` (spec §4): whole days rounded up; '1 day ago', then
 * 'N days ago' under a week, '1 week ago' under two, 'N weeks ago' under 30 days, else the date.
 */
export function formatPostedTime(postedAt: string, now: Date = new Date()): string {
  const posted = new Date(postedAt);
  const days = Math.ceil(Math.abs(now.getTime() - posted.getTime()) / DAY_MS);
  if (days <= 1) return '1 day ago';
  if (days < DAYS_PER_WEEK) return `${days} days ago`;
  if (days < TWO_WEEKS_DAYS) return '1 week ago';
  if (days < MONTH_DAYS) return `${Math.floor(days / DAYS_PER_WEEK)} weeks ago`;
  return posted.toLocaleDateString();
}

/** The remote line of a job card (spec §4). */
export function remoteWorkLabel(job: Pick<Job, 'remoteDays' | 'isRemote'>): string {
  if (job.remoteDays) return `Remote Work: ${job.remoteDays} days/week`;
  if (job.isRemote) return 'Remote Work Available';
  return 'On-site';
}

/** An employer type as shown on a card: underscores read ' & ' (MEDIA_EVENTS → MEDIA & EVENTS). */
export function employerTypeLabel(employerType: string): string {
  return employerType.replaceAll('_', ' & ');
}

/** Where 'Apply Now' and the title lead: the job's url, else its link, else '#'. */
export function applyHref(job: Pick<Job, 'url' | 'link'>): string {
  return job.url || job.link || '#';
}

/** The function badge of a job card, upper case; 'B2G ROLE' when the job has none. */
export function functionBadgeLabel(job: Pick<Job, 'jobFunction'>): string {
  return job.jobFunction ? job.jobFunction.toUpperCase() : 'B2G ROLE';
}
