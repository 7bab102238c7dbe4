import {
  COMPANY_LOOKUP_MAX,
  companyLookupPath,
  companySlug,
  type Company,
  type JobListItem,
} from '@b2g/contracts';
import { space } from '@b2g/ui';
import { useQuery } from '@b2g/web-platform';
import { css } from '@emotion/react';
import { useDeferredValue, useMemo } from 'react';
import { JobCard } from './JobCard.js';

/**
 * The cards rendered in the task that shows the list: more than a phone's or a laptop's first
 * screen (a card is about 340 px high on a phone, 260 on a laptop). That render cannot be split
 * (the answer arrives through react-query's store, whose updates React renders synchronously), so
 * every card in it lengthens the task.
 */
export const JOBS_FIRST_RENDER = 4;

export const jobListStyles = css({
  display: 'grid',
  gap: space[4],
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

/**
 * A card off the screen is not laid out or painted until it nears the viewport: laying out the
 * fifty cards of a page at once took a throttled phone about 100 ms. Until then it counts as a
 * card of the typical height (phone ~340 px, desktop ~260 px); once shown, its own.
 */
const cardItemStyles = css({ contentVisibility: 'auto', containIntrinsicSize: 'auto 300px' });

export interface JobListProps {
  jobs: readonly JobListItem[];
  /** The one company's logo when every job is of one company (its page): nothing more is read. */
  companyLogo?: string | null | undefined;
  isBookmarked: (job: JobListItem) => boolean;
  bookmarkDisabled: boolean;
  onToggleBookmark: (job: JobListItem) => void;
}

/**
 * The logos of the listed jobs' companies, by slug: one read for the page's companies (those
 * with a stored record), after the list; nothing waits for it.
 */
function useCompanyLogos(
  jobs: readonly JobListItem[],
  enabled: boolean,
): ReadonlyMap<string, string> {
  const slugs = [...new Set(jobs.map((job) => companySlug(job.company)).filter(Boolean))]
    .sort()
    .slice(0, COMPANY_LOOKUP_MAX);
  const companies = useQuery<Company[]>({
    queryKey: [companyLookupPath(slugs)],
    enabled: enabled && slugs.length > 0,
    retry: false,
  });
  return useMemo(() => {
    const logos = new Map<string, string>();
    for (const company of companies.data ?? [])
      if (company.logoUrl) logos.set(company.slug, company.logoUrl);
    return logos;
  }, [companies.data]);
}

/**
 * The job cards. A page of fifty cards rendered at once blocked a phone's main thread for most of
 * a second (Lighthouse's Total Blocking Time on /jobs); so the first cards render with the list,
 * and the rest (and every later page) in a deferred render that React splits into short tasks.
 */
export function JobList({
  jobs,
  companyLogo,
  isBookmarked,
  bookmarkDisabled,
  onToggleBookmark,
}: JobListProps) {
  const shown = useDeferredValue(jobs, jobs.slice(0, JOBS_FIRST_RENDER));
  // The logos arrive through react-query's store, which React renders at once: deferred, the
  // cards that gain a logo render in short tasks, and the rest stay as they are (JobCard is memo).
  const logos = useDeferredValue(useCompanyLogos(jobs, companyLogo === undefined));
  return (
    <ul css={jobListStyles}>
      {shown.map((job) => (
        <li key={job.id} css={cardItemStyles}>
          <JobCard
            job={job}
            logoUrl={companyLogo ?? logos.get(companySlug(job.company))}
            bookmarked={isBookmarked(job)}
            bookmarkDisabled={bookmarkDisabled}
            onToggleBookmark={onToggleBookmark}
          />
        </li>
      ))}
    </ul>
  );
}
