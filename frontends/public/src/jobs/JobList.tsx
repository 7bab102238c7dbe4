import type { JobListItem } from '@b2g/contracts';
import { space } from '@b2g/ui';
import { css } from '@emotion/react';
import { useDeferredValue } from 'react';
import { JobCard } from './JobCard.js';

/** The cards rendered in the task that shows the list: more than a phone's first screen. */
export const JOBS_FIRST_RENDER = 8;

export const jobListStyles = css({
  display: 'grid',
  gap: space[4],
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export interface JobListProps {
  jobs: readonly JobListItem[];
  isBookmarked: (job: JobListItem) => boolean;
  bookmarkDisabled: boolean;
  onToggleBookmark: (job: JobListItem) => void;
}

/**
 * The job cards. A page of fifty cards rendered at once blocked a phone's main thread for most of
 * a second (Lighthouse's Total Blocking Time on /jobs); so the first cards render with the list,
 * and the rest (and every later page) in a deferred render that React splits into short tasks.
 */
export function JobList({ jobs, isBookmarked, bookmarkDisabled, onToggleBookmark }: JobListProps) {
  const shown = useDeferredValue(jobs, jobs.slice(0, JOBS_FIRST_RENDER));
  return (
    <ul css={jobListStyles}>
      {shown.map((job) => (
        <li key={job.id}>
          <JobCard
            job={job}
            bookmarked={isBookmarked(job)}
            bookmarkDisabled={bookmarkDisabled}
            onToggleBookmark={onToggleBookmark}
          />
        </li>
      ))}
    </ul>
  );
}
