import type { JobListItem } from '@b2g/contracts';
import { space } from '@b2g/ui';
import { css } from '@emotion/react';
import { useDeferredValue } from 'react';
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
        <li key={job.id} css={cardItemStyles}>
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
