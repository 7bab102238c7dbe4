import type { AdminJob } from '@b2g/contracts';
import { Button, colors, fontSizes, fontWeights, space } from '@b2g/ui';
import { css } from '@emotion/react';
import { useId, useState } from 'react';
import { JOBS_PER_PAGE } from './jobListing.js';
import { JobRow, type JobActions } from './JobRow.js';

export interface JobListSectionProps {
  /** The list's name without its count, e.g. 'Active Jobs'. */
  name: string;
  headingLevel: 'h2' | 'h3';
  jobs: readonly AdminJob[];
  emptyText: string;
  actions: JobActions;
}

const headingStyles = {
  h2: css({ fontSize: fontSizes.xl, fontWeight: fontWeights.semibold }),
  h3: css({ fontSize: fontSizes.lg, fontWeight: fontWeights.semibold }),
};
const pagerStyles = css({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: space[2],
  paddingTop: space[3],
  borderTop: `1px solid ${colors.border}`,
  fontSize: fontSizes.sm,
  color: colors.muted,
});

/** A titled list with its count, shown a page at a time so thousands of jobs stay quick. */
export function JobListSection({
  name,
  headingLevel: Heading,
  jobs,
  emptyText,
  actions,
}: JobListSectionProps) {
  const headingId = useId();
  const [page, setPage] = useState(1);
  const pageCount = Math.max(1, Math.ceil(jobs.length / JOBS_PER_PAGE));
  // A shorter list (after a delete, say) never leaves the page past its end.
  const current = Math.min(page, pageCount);
  const start = (current - 1) * JOBS_PER_PAGE;
  const visible = jobs.slice(start, start + JOBS_PER_PAGE);

  return (
    <section aria-labelledby={headingId} css={css({ display: 'grid', gap: space[2] })}>
      <Heading id={headingId} css={headingStyles[Heading]}>
        {`${name} (${jobs.length})`}
      </Heading>
      {jobs.length === 0 ? (
        <p css={css({ padding: `${space[6]} 0`, textAlign: 'center', color: colors.muted })}>
          {emptyText}
        </p>
      ) : (
        <ul aria-labelledby={headingId} css={css({ listStyle: 'none', margin: 0, padding: 0 })}>
          {visible.map((job) => (
            <JobRow key={job.id} job={job} actions={actions} />
          ))}
        </ul>
      )}
      {pageCount > 1 ? (
        <nav aria-label={`${name} pages`} css={pagerStyles}>
          <span aria-live="polite">
            Page {current} of {pageCount} · {start + 1}–{start + visible.length} of {jobs.length}
          </span>
          <div css={css({ display: 'flex', gap: space[2] })}>
            <Button
              size="sm"
              variant="outline"
              disabled={current === 1}
              onClick={() => setPage(current - 1)}
            >
              Previous
            </Button>
            <Button
              size="sm"
              variant="outline"
              disabled={current === pageCount}
              onClick={() => setPage(current + 1)}
            >
              Next
            </Button>
          </div>
        </nav>
      ) : null}
    </section>
  );
}
