import {
  ERROR_MESSAGES,
  REVIEW_MESSAGES,
  type ReviewItem,
  type ReviewStatus,
} from '@b2g/contracts';
import { conflict, notFound } from '@b2g/service-kit';
import type { Logger } from 'pino';
import type { Cause } from './events.js';
import { DEFAULT_EXPIRY, publicExpiryOf, type ExpirySettings } from './expiry.js';
import { toAdminJob } from './job.js';
import type { JobWrites } from './job-writes.js';
import type { JobRecord } from './model.js';
import type { Clock } from './ports.js';
import type { ReviewMails } from './review-mail.js';
import {
  rejectionEvents,
  type SubmissionRecord,
  type SubmissionStore,
  type RiskAssessor,
} from './review.js';

/** At most this many pending posts are listed (newest first); the total says how many wait. */
export const REVIEW_LIST_LIMIT = 100;

/** A held post as the admin reviews it: the job as it would go live (an edit under its own id). */
export function toReviewItem(submission: SubmissionRecord): ReviewItem {
  const { hash: _hash, ...job } = toAdminJob({ ...submission.job, _id: submission._id });
  return {
    ...job,
    review: {
      status: submission.status,
      score: submission.score,
      signals: submission.signals,
      submittedAt: submission.submittedAt.toISOString(),
      decidedAt: submission.decidedAt ? submission.decidedAt.toISOString() : null,
      reason: submission.reason,
      editOf: submission.editOf,
    },
    posterEmail: submission.posterEmail ?? null,
  };
}

export interface ReviewQueueDeps {
  submissions: SubmissionStore;
  writes: Pick<JobWrites, 'insert'>;
  /** Applies a held edit's fields to the live posting (EmployerPostings.applyHeldEdit). */
  applyEdit: (jobId: string, held: JobRecord, cause: Cause) => Promise<JobRecord>;
  assessor: Pick<RiskAssessor, 'rememberRejected'>;
  mails: ReviewMails;
  /** Told of each held post that went live (the weekly summary enrols its poster); never throws. */
  published?: (job: JobRecord) => Promise<void>;
  logger: Logger;
  expiry?: ExpirySettings;
  now?: Clock;
}

/**
 * The admin's review: approving a held post writes its job through the normal path (JobPosted:
 * search, alerts, feeds), under the id it was held with, stating PostReviewed `approved` with it;
 * approving a held edit applies it to the live posting. A rejection keeps the submission with its
 * reason (a new post's states PostReviewed `rejected`). The poster is told either way.
 */
export class ReviewQueue {
  private readonly now: Clock;

  constructor(private readonly deps: ReviewQueueDeps) {
    this.now = deps.now ?? (() => new Date());
  }

  /** GET /api/admin/jobs?status=pending. */
  async pending(): Promise<{ items: ReviewItem[]; total: number }> {
    const { items, total } = await this.deps.submissions.pending(REVIEW_LIST_LIMIT);
    return { items: items.map(toReviewItem), total };
  }

  /**
   * The pending submission, now decided by this call; 404 unknown, 409 decided already. A
   * rejection's outcome is recorded with the decision; an approval's with the job it writes.
   */
  private async claim(
    id: string,
    status: Exclude<ReviewStatus, 'pending'>,
    reason: string | null,
    cause: Cause,
  ): Promise<SubmissionRecord> {
    const submission = await this.deps.submissions.byId(id);
    if (!submission) throw notFound(ERROR_MESSAGES.jobNotFound);
    const decidedAt = this.now();
    const events = status === 'rejected' ? rejectionEvents(submission, cause) : [];
    if (
      submission.status !== 'pending' ||
      !(await this.deps.submissions.decide(id, { status, decidedAt, reason }, events))
    )
      throw conflict(REVIEW_MESSAGES.notPending);
    return { ...submission, status, decidedAt, reason };
  }

  /** POST /api/admin/jobs/:id/approve: live now (posted today), and the poster is told. */
  async approve(id: string, cause: Cause = {}): Promise<ReviewItem> {
    const submission = await this.claim(id, 'approved', null, cause);
    let live: JobRecord;
    try {
      live = submission.editOf
        ? await this.deps.applyEdit(submission.editOf, submission.job, cause)
        : await this.publish(submission.job, cause);
    } catch (error) {
      // A duplicate that went live meanwhile (409) or a failed write: it waits again.
      await this.deps.submissions.reopen(id);
      throw error;
    }
    await this.tell(submission, (to) =>
      this.deps.mails.approved(to, live, submission.editOf !== null),
    );
    return toReviewItem(submission);
  }

  /** POST /api/admin/jobs/:id/reject {reason}: kept as rejected, and the poster is told why. */
  async reject(id: string, reason: string, cause: Cause = {}): Promise<ReviewItem> {
    const submission = await this.claim(id, 'rejected', reason, cause);
    await this.forget(submission);
    await this.tell(submission, (to) =>
      this.deps.mails.rejected(to, submission.job, reason, submission.editOf !== null),
    );
    return toReviewItem(submission);
  }

  /** A rejected post's text is remembered: a near-duplicate of it is held. Never throws. */
  async forget(submission: SubmissionRecord): Promise<void> {
    try {
      await this.deps.assessor.rememberRejected(submission._id, submission.assessed);
    } catch (error) {
      this.deps.logger.warn({ err: error, id: submission._id }, 'remembering a rejection failed');
    }
  }

  private async publish(held: JobRecord, cause: Cause): Promise<JobRecord> {
    const now = this.now();
    const job: JobRecord = {
      ...held,
      postedAt: now,
      expiresOn: publicExpiryOf(held.closingDate ?? null, now, this.deps.expiry ?? DEFAULT_EXPIRY),
    };
    await this.deps.writes.insert(job, [
      { kind: 'JobPosted', job, cause },
      { kind: 'PostReviewed', jobId: job._id, outcome: 'approved', cause },
    ]);
    await this.deps.published?.(job);
    return job;
  }

  private async tell(
    submission: SubmissionRecord,
    send: (to: string) => Promise<void>,
  ): Promise<void> {
    const to = submission.posterEmail;
    if (!to) return;
    try {
      await send(to);
    } catch (error) {
      this.deps.logger.warn({ err: error, id: submission._id }, 'review decision e-mail failed');
    }
  }
}
