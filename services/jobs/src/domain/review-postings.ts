import type { EmployerJob } from '@b2g/contracts';
import { toPublicJob } from './job.js';
import type { SubmissionRecord } from './review.js';

/** A post held for review (or rejected by it) as its employer sees it. */
const heldJobOf = (submission: SubmissionRecord): EmployerJob => ({
  ...toPublicJob(submission.job),
  status: submission.status === 'rejected' ? 'rejected' : 'pending',
  closedReason: null,
  expiresOn: null,
  ...(submission.reason !== null && { rejectionReason: submission.reason }),
});

/** Newest first, then by id. */
const newestFirst = (a: EmployerJob, b: EmployerJob) =>
  b.postedAt.localeCompare(a.postedAt) || a.id.localeCompare(b.id);

/**
 * An employer's postings with what the review holds of theirs: the posts waiting for review or
 * rejected by it beside the others, and each live posting whose edit waits marked `editPending`;
 * newest first, at most `limit`.
 */
export function withHeld(
  postings: EmployerJob[],
  held: SubmissionRecord[],
  limit: number,
): EmployerJob[] {
  const editsPending = new Set(
    held
      .filter((item) => item.editOf !== null && item.status === 'pending')
      .map((item) => item.editOf),
  );
  const waiting = held.filter((item) => item.editOf === null && item.status !== 'approved');
  return [
    ...postings.map((job) => (editsPending.has(job.id) ? { ...job, editPending: true } : job)),
    ...waiting.map(heldJobOf),
  ]
    .sort(newestFirst)
    .slice(0, limit);
}
