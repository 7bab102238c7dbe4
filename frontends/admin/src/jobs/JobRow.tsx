import { SECTOR_LABELS, type AdminJob } from '@b2g/contracts';
import { Badge, Button, colors, fontSizes, fontWeights, space } from '@b2g/ui';
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
}

const postedDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

const rowStyles = css({
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
  return (
    <li css={rowStyles}>
      <div css={infoStyles}>
        <p css={titleStyles}>{job.title}</p>
        <p css={metaStyles}>
          {job.company} · {job.location} · Posted {postedDate.format(new Date(job.postedAt))}
        </p>
        <div css={badgeRow}>
          {deleted ? <Badge variant="red">Deleted</Badge> : null}
          <Badge variant="blue">{SECTOR_LABELS[job.sector]}</Badge>
          {job.employerType ? <Badge>{EMPLOYER_TYPE_LABELS[job.employerType]}</Badge> : null}
          <Badge variant="outline">{remoteText(job)}</Badge>
          {job.isAgencyRole ? <Badge variant="yellow">Agency Role</Badge> : null}
        </div>
      </div>
      <div css={actionRow}>
        {deleted ? (
          <>
            <Button
              size="sm"
              variant="outline"
              aria-label={`Restore ${job.title}`}
              disabled={actions.restoringId === job.id}
              onClick={() => actions.onRestore(job)}
            >
              Restore
            </Button>
            <Button
              size="sm"
              variant="destructive"
              aria-label={`Delete Forever ${job.title}`}
              onClick={() => actions.onDeleteForever(job)}
            >
              Delete Forever
            </Button>
          </>
        ) : (
          <>
            <Button
              size="sm"
              variant="outline"
              aria-label={`Edit ${job.title}`}
              onClick={() => actions.onEdit(job)}
            >
              Edit
            </Button>
            <Button
              size="sm"
              variant="destructive"
              aria-label={`Delete ${job.title}`}
              onClick={() => actions.onDelete(job)}
            >
              Delete
            </Button>
          </>
        )}
      </div>
    </li>
  );
});
