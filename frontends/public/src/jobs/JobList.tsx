import {
  COMPANY_LOOKUP_MAX,
  companyLookupPath,
  companySlug,
  type Company,
  type JobListItem,
} from '@b2g/contracts';
import { Card, JOBS_SKELETON_COUNT, Skeleton, space } from '@b2g/ui';
import { useQuery } from '@b2g/web-platform';
import { css } from '@emotion/react';
import { memo, startTransition, useDeferredValue, useEffect, useMemo, useState } from 'react';
import { JobCard } from './JobCard.js';

/**
 * The cards rendered with the list: more than a phone's or a laptop's first screen (a card is
 * about 340 px high on a phone, 260 on a laptop). That render cannot be split (the answer arrives
 * through react-query's store, whose updates React renders synchronously), so every card in it
 * lengthens the task.
 */
export const JOBS_FIRST_RENDER = 4;
/**
 * The cards each later task adds below them. A render adding all of a page's cards at once is
 * split by React, but its commit (and the browser's style pass over the new cards after it) is
 * one task, which held a throttled phone for most of a second; a few cards per task keep each
 * task short.
 */
export const JOBS_PER_TASK = 8;

const jobListStyles = css({
  display: 'grid',
  gap: space[4],
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

/**
 * The list's items are plain elements (each batch renders them all again). A card off the screen
 * is not laid out or painted until it nears the viewport: laying out the fifty cards of a page at
 * once took a throttled phone about 100 ms. Until then it counts as a card of the typical height
 * (phone ~340 px, desktop ~260 px); once shown, its own.
 */
const cardListStyles = css(jobListStyles, {
  '& > li': { contentVisibility: 'auto', containIntrinsicSize: 'auto 300px' },
});

/** The list's place while its jobs load: cards of about a job card's height. */
export function JobSkeletons() {
  return (
    <div css={jobListStyles} role="status" aria-label="Loading jobs">
      {Array.from({ length: JOBS_SKELETON_COUNT }, (_, index) => (
        <Card
          key={index}
          data-testid="job-skeleton"
          css={css({ padding: space[6], display: 'grid', gap: space[3] })}
        >
          <Skeleton css={css({ height: space[6], width: '60%' })} />
          <Skeleton css={css({ height: space[4], width: '40%' })} />
          <Skeleton css={css({ height: space[10], width: '100%' })} />
        </Card>
      ))}
    </div>
  );
}

/** No jobs yet: the list's first render, before its cards (see JobList). */
const NO_JOBS: readonly JobListItem[] = [];

export interface JobListProps {
  jobs: readonly JobListItem[];
  /** The one company's logo when every job is of one company (its page): nothing more is read. */
  companyLogo?: string | null | undefined;
  isBookmarked: (job: JobListItem) => boolean;
  bookmarkDisabled: boolean;
  onToggleBookmark: (job: JobListItem) => void;
  /**
   * The list's first render shows the skeletons still, and its cards come in the next (deferred)
   * render: for a list whose answer arrives on its own (/jobs), while the page is on screen.
   */
  deferCards?: boolean;
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
 * How many of `jobs` to show: the first JOBS_FIRST_RENDER at once, then JOBS_PER_TASK more in
 * each later task, in transitions, until all are shown. The cards are added below those on the
 * screen, so nothing on it moves. A list that starts with another job (new filters) starts over;
 * one that grows (Load more) keeps what it shows.
 */
function useShownCount(jobs: readonly JobListItem[]): number {
  const first = jobs[0]?.id;
  const [shown, setShown] = useState({ first, count: JOBS_FIRST_RENDER });
  if (shown.first !== first) setShown({ first, count: JOBS_FIRST_RENDER });
  const count = shown.first === first ? shown.count : JOBS_FIRST_RENDER;
  const more = count < jobs.length;
  useEffect(() => {
    if (!more) return undefined;
    const timer = setTimeout(() =>
      startTransition(() =>
        setShown((current) => ({ ...current, count: current.count + JOBS_PER_TASK })),
      ),
    );
    return () => clearTimeout(timer);
  }, [more, count]);
  return count;
}

/**
 * The job cards, a few per task (see useShownCount). The list arrives through react-query's store,
 * whose updates React renders synchronously, in one task: with `deferCards` that render shows the
 * skeletons still, and the cards come in a deferred render that React splits into short tasks. Memoised, as each
 * card is: the page's other state (the filter counts arriving, the search box) does not render
 * the list again.
 */
export const JobList = memo(function JobList({
  jobs,
  companyLogo,
  isBookmarked,
  bookmarkDisabled,
  onToggleBookmark,
  deferCards = false,
}: JobListProps) {
  const listed = useDeferredValue(jobs, deferCards ? NO_JOBS : jobs);
  const count = useShownCount(listed);
  // The logos arrive through react-query's store, which React renders at once: deferred, the
  // cards that gain a logo render in short tasks, and the rest stay as they are (JobCard is memo).
  const logos = useDeferredValue(useCompanyLogos(jobs, companyLogo === undefined));
  if (listed.length === 0 && jobs.length > 0) return <JobSkeletons />;
  return (
    <ul css={cardListStyles}>
      {listed.slice(0, count).map((job) => (
        <li key={job.id}>
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
});
