import { FEATURED_FUNCTIONS, SECTOR_LABELS, verifiedAgoText, type AdminJob } from '@b2g/contracts';
import {
  Badge,
  Button,
  colors,
  type ButtonProps,
  fontSizes,
  fontWeights,
  space,
  JOB_CLOSED_REASON_LABELS,
} from '@b2g/ui';
import { css } from '@emotion/react';
import { memo } from 'react';
import { EMPLOYER_TYPE_LABELS } from '@b2g/contracts';
import { remoteText } from './jobListing.js';

export interface JobActions {
  onEdit: (job: AdminJob) => void;
  onDelete: (job: AdminJob) => void;
  onRestore: (job: AdminJob) => void;
  onDeleteForever: (job: AdminJob) => void;
  /** The job being restored, whose Restore button waits. */
  restoringId: string | undefined;
  /** Runs the freshness check of one job now. */
  onCheck: (job: AdminJob) => void;
  checkingId: string | undefined;
  /** Pins the job as its function's featured job on the home page, or unpins it. */
  onTogglePin: (job: AdminJob) => void;
  /** Jobs pinned as featured. */
  pinnedIds: ReadonlySet<string>;
  pinningId: string | undefined;
}

const isFeaturedFunction = (job: AdminJob) =>
  FEATURED_FUNCTIONS.some((jobFunction) => jobFunction === job.jobFunction);

const postedDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

/** A row of an admin list: rules between rows, none above the first. */
export const rowStyles = css({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-start',
  justifyContent: 'space-between',
  gap: space[3],
  padding: `${space[4]} 0`,
  borderTop: `1px solid ${colors.border}`,
  '&:first-of-type': { borderTop: 'none' },
});
const infoStyles = css({ display: 'grid', gap: space[1.5], minWidth: 0, flex: '1 1 260px' });
const titleStyles = css({
  fontSize: fontSizes.md,
  fontWeight: fontWeights.semibold,
  color: colors.foreground,
  overflowWrap: 'anywhere',
});
const metaStyles = css({ fontSize: fontSizes.sm, color: colors.muted, overflowWrap: 'anywhere' });
const badgeRow = css({ display: 'flex', flexWrap: 'wrap', gap: space[1.5] });
const actionRow = css({ display: 'flex', flexWrap: 'wrap', gap: space[2] });

/** One job of an admin list, with the actions its state allows (spec §4 job lifecycle). */
export const JobRow = memo(function JobRow({
  job,
  actions,
}: {
  job: AdminJob;
  actions: JobActions;
}) {
  const deleted = job.deletedAt !== null;
  const pinned = actions.pinnedIds.has(job.id);
  return (
    <li css={rowStyles}>
      <div css={infoStyles}>
        <p css={titleStyles}>{job.title}</p>
        <p css={metaStyles}>
          {job.company} · {job.location} · Posted {postedDate.format(new Date(job.postedAt))}
          {!deleted && job.lastVerifiedAt ? ` · ${verifiedAgoText(job.lastVerifiedAt)}` : null}
        </p>
        {deleted && job.closedReason && job.deletedAt ? (
          <p css={metaStyles}>
            Closed by the freshness check on {postedDate.format(new Date(job.deletedAt))}:{' '}
            {JOB_CLOSED_REASON_LABELS[job.closedReason]}
          </p>
        ) : null}
        <div css={badgeRow}>
          {deleted ? <Badge variant="red">{job.closedReason ? 'Closed' : 'Deleted'}</Badge> : null}
          {pinned ? <Badge variant="yellow">Featured (pinned)</Badge> : null}
          <Badge variant="blue">{SECTOR_LABELS[job.sector]}</Badge>
          {job.employerType ? <Badge>{EMPLOYER_TYPE_LABELS[job.employerType]}</Badge> : null}
          <Badge variant="outline">{remoteText(job)}</Badge>
          {job.isAgencyRole ? <Badge variant="yellow">Agency Role</Badge> : null}
        </div>
      </div>
      <div css={actionRow}>
        {deleted ? (
          <>
            <JobButton
              label="Restore"
              job={job}
              disabled={actions.restoringId === job.id}
              onClick={() => actions.onRestore(job)}
            />
            <JobButton
              label="Delete Forever"
              variant="destructive"
              job={job}
              onClick={() => actions.onDeleteForever(job)}
            />
          </>
        ) : (
          <>
            {job.url ? (
              <JobButton
                label="Check now"
                job={job}
                disabled={actions.checkingId === job.id}
                onClick={() => actions.onCheck(job)}
              />
            ) : null}
            {isFeaturedFunction(job) ? (
              <JobButton
                label={pinned ? 'Unpin' : 'Pin as featured'}
                job={job}
                aria-pressed={pinned}
                disabled={actions.pinningId === job.id}
                onClick={() => actions.onTogglePin(job)}
              />
            ) : null}
            <JobButton label="Edit" job={job} onClick={() => actions.onEdit(job)} />
            <JobButton
              label="Delete"
              variant="destructive"
              job={job}
              onClick={() => actions.onDelete(job)}
            />
          </>
        )}
      </div>
    </li>
  );
});

/** A button that acts on one job; its accessible name also names the job. */
function JobButton({
  label,
  job,
  variant = 'outline',
  ...props
}: Omit<ButtonProps, 'children' | 'size'> & { label: string; job: AdminJob }) {
  return (
    <Button size="sm" variant={variant} aria-label={`${label} ${job.title}`} {...props}>
      {label}
    </Button>
  );
}
