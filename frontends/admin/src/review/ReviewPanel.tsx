import {
  EMPLOYER_TYPE_LABELS,
  REVIEW_MESSAGES,
  SECTOR_LABELS,
  type RejectRequest,
  type ReviewItem,
} from '@b2g/contracts';
import { Badge, Button, colors, Dialog, fontSizes, fontWeights, Skeleton, space } from '@b2g/ui';
import { ReadFailedAlert, toast, useMutation, useQueryClient } from '@b2g/web-platform';
import { css } from '@emotion/react';
import { useId, useState } from 'react';
import { toastFailure } from '../admin/adminApi.js';
import { approveJob, refreshReview, rejectJob, usePendingJobs } from '../admin/reviewApi.js';
import { remoteText } from '../jobs/jobListing.js';
import { RejectDialog } from './RejectDialog.js';
import { applyHostOf, emailDomainOf, RISK_SIGNAL_LABELS } from './reviewText.js';
import { useBanConfirm } from './useBanConfirm.js';

const submittedAt = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

const listStyles = css({ listStyle: 'none', margin: 0, padding: 0 });
/** Rows divided by rules, as the jobs lists beside it. */
const itemStyles = css({
  display: 'grid',
  gap: space[3],
  padding: `${space[5]} 0`,
  borderTop: `1px solid ${colors.border}`,
  '&:first-of-type': { borderTop: 'none' },
});
const metaStyles = css({ fontSize: fontSizes.sm, color: colors.muted, overflowWrap: 'anywhere' });
const rowStyles = css({ display: 'flex', flexWrap: 'wrap', gap: space[2], alignItems: 'center' });
const fieldsStyles = css({
  display: 'grid',
  gridTemplateColumns: 'max-content 1fr',
  gap: `${space[1]} ${space[3]}`,
  margin: 0,
  fontSize: fontSizes.sm,
  dt: { fontWeight: fontWeights.medium, color: colors.foreground },
  dd: { margin: 0, color: colors.muted, overflowWrap: 'anywhere', whiteSpace: 'pre-line' },
});

interface ReviewActions {
  onApprove: (job: ReviewItem) => void;
  onReject: (job: ReviewItem) => void;
  onBan: (kind: 'email_domain' | 'apply_host', value: string) => void;
  /** The post being approved, whose button waits. */
  approvingId: string | undefined;
}

/** The "Review (n)" list: each post waiting for review with its score, signals and fields. */
export function ReviewPanel() {
  const queryClient = useQueryClient();
  const headingId = useId();
  const pending = usePendingJobs();
  const [rejecting, setRejecting] = useState<ReviewItem | null>(null);
  const banConfirm = useBanConfirm();

  const approve = useMutation({
    mutationFn: (job: ReviewItem) => approveJob(job.id),
    onSuccess: (_result, job) => {
      toast({ title: REVIEW_MESSAGES.approved, description: job.title });
      return refreshReview(queryClient);
    },
    onError: (error) => toastFailure('Failed to approve job', error),
  });
  const reject = useMutation({
    mutationFn: ({ job, body }: { job: ReviewItem; body: RejectRequest }) =>
      rejectJob(job.id, body),
    onSuccess: (_result, { job }) => {
      setRejecting(null);
      toast({ title: REVIEW_MESSAGES.rejected, description: job.title });
      return refreshReview(queryClient);
    },
    onError: (error) => toastFailure('Failed to reject job', error),
  });

  const actions: ReviewActions = {
    onApprove: (job) => approve.mutate(job),
    onReject: (job) => setRejecting(job),
    onBan: (kind, value) => banConfirm.ask({ kind, value }),
    approvingId: approve.isPending ? approve.variables.id : undefined,
  };

  let body;
  if (pending.isPending) {
    body = (
      <div
        aria-busy="true"
        aria-label="Loading the review list"
        css={css({ display: 'grid', gap: space[3] })}
      >
        {[0, 1, 2].map((row) => (
          <Skeleton key={row} css={css({ height: space[16] })} />
        ))}
      </div>
    );
  } else if (pending.isError) {
    body = (
      <ReadFailedAlert
        title="Failed to load the review list"
        query={pending}
        fallback="Please try again."
      />
    );
  } else if (pending.data.items.length === 0) {
    body = (
      <p css={css({ padding: `${space[6]} 0`, textAlign: 'center', color: colors.muted })}>
        No posts are waiting for review
      </p>
    );
  } else {
    body = (
      <ul aria-labelledby={headingId} css={listStyles}>
        {pending.data.items.map((job) => (
          <ReviewCard key={job.id} job={job} actions={actions} />
        ))}
      </ul>
    );
  }

  return (
    <section aria-labelledby={headingId} css={css({ display: 'grid', gap: space[3] })}>
      <div css={css({ display: 'grid', gap: space[1] })}>
        <h2 id={headingId} css={css({ fontSize: fontSizes.xl, fontWeight: fontWeights.semibold })}>
          {`Review (${pending.data?.total ?? 0})`}
        </h2>
        <p css={css({ color: colors.muted, fontSize: fontSizes.sm })}>
          Public posts whose risk signals held them back. They are in no public place until
          approved.
          {pending.data && pending.data.total > pending.data.items.length
            ? ` The oldest ${pending.data.items.length} show here.`
            : null}
        </p>
      </div>
      {body}
      <Dialog
        open={rejecting !== null}
        onOpenChange={(open) => {
          if (!open) setRejecting(null);
        }}
      >
        {rejecting ? (
          <RejectDialog
            job={rejecting}
            pending={reject.isPending}
            onCancel={() => setRejecting(null)}
            onReject={(rejection) => reject.mutate({ job: rejecting, body: rejection })}
          />
        ) : null}
      </Dialog>
      {banConfirm.dialog}
    </section>
  );
}

function ReviewCard({ job, actions }: { job: ReviewItem; actions: ReviewActions }) {
  const domain = emailDomainOf(job.posterEmail);
  const applyUrl = job.url ?? job.link;
  const host = applyHostOf(applyUrl);
  const { review } = job;
  return (
    <li css={itemStyles}>
      <div css={css({ display: 'grid', gap: space[1] })}>
        <h3
          css={css({
            fontSize: fontSizes.md,
            fontWeight: fontWeights.semibold,
            overflowWrap: 'anywhere',
          })}
        >
          {job.title}
        </h3>
        <p css={metaStyles}>
          {job.company} · Posted by {job.posterEmail ?? 'no e-mail given'} · Sent{' '}
          {submittedAt.format(new Date(review.submittedAt))}
        </p>
        <div css={rowStyles}>
          <Badge variant="red">{`Risk score ${review.score}`}</Badge>
          {review.editOf ? <Badge variant="yellow">Edit of a live posting</Badge> : null}
        </div>
      </div>
      <div css={css({ display: 'grid', gap: space[1.5] })}>
        <h4 css={css({ fontSize: fontSizes.sm, fontWeight: fontWeights.semibold })}>Signals</h4>
        {review.signals.length === 0 ? (
          <p css={metaStyles}>No risk signal: held because every post is reviewed.</p>
        ) : (
          <ul css={css({ margin: 0, paddingLeft: space[5], display: 'grid', gap: space[1] })}>
            {review.signals.map((signal) => (
              <li key={signal.signal} css={css({ fontSize: fontSizes.sm })}>
                <span css={css({ fontWeight: fontWeights.medium })}>
                  {RISK_SIGNAL_LABELS[signal.signal]}
                </span>{' '}
                <span css={css({ color: colors.muted })}>
                  (+{signal.weight}){signal.evidence ? `: ${signal.evidence}` : ''}
                </span>
              </li>
            ))}
          </ul>
        )}
      </div>
      <dl css={fieldsStyles}>
        <dt>Location</dt>
        <dd>{job.location}</dd>
        <dt>Sector</dt>
        <dd>{SECTOR_LABELS[job.sector]}</dd>
        {job.employerType ? (
          <>
            <dt>Employer type</dt>
            <dd>{EMPLOYER_TYPE_LABELS[job.employerType]}</dd>
          </>
        ) : null}
        <dt>Remote</dt>
        <dd>{remoteText(job)}</dd>
        <dt>Agency role</dt>
        <dd>{job.isAgencyRole ? 'Yes' : 'No'}</dd>
        <dt>Apply URL</dt>
        <dd>{applyUrl ?? 'None'}</dd>
        <dt>Description</dt>
        <dd>{job.description || 'None'}</dd>
      </dl>
      <div css={rowStyles}>
        <Button
          size="sm"
          aria-label={`Approve ${job.title}`}
          disabled={actions.approvingId === job.id}
          onClick={() => actions.onApprove(job)}
        >
          Approve
        </Button>
        <Button
          size="sm"
          variant="outline"
          aria-label={`Reject ${job.title}`}
          onClick={() => actions.onReject(job)}
        >
          Reject
        </Button>
        {domain ? (
          <Button
            size="sm"
            variant="destructive"
            onClick={() => actions.onBan('email_domain', domain)}
          >
            {`Ban e-mail domain ${domain}`}
          </Button>
        ) : null}
        {host ? (
          <Button size="sm" variant="destructive" onClick={() => actions.onBan('apply_host', host)}>
            {`Ban apply host ${host}`}
          </Button>
        ) : null}
      </div>
    </li>
  );
}
