import { randomUUID } from 'node:crypto';
import type { PostingReviewPolicy } from '@b2g/contracts';
import type { Logger } from 'pino';
import type { JobRecord } from './model.js';
import type { Clock } from './ports.js';
import type { ReviewMails } from './review-mail.js';
import {
  banKeysOf,
  EDIT_CONTEXT,
  holds,
  isBanned,
  postOf,
  refuseBanned,
  type Assessment,
  type BanCheck,
  type PostContext,
  type PostToAssess,
  type SubmissionStore,
  type RiskAssessor,
} from './review.js';

/** What screening decided of a post: hold it for review or let it go live, and why. */
export interface Verdict {
  hold: boolean;
  assessment: Assessment;
  post: PostToAssess;
}

export interface ReviewIntakeDeps {
  policy: PostingReviewPolicy;
  threshold: number;
  assessor: RiskAssessor;
  bans: BanCheck;
  submissions: Pick<SubmissionStore, 'insert'>;
  mails: Pick<ReviewMails, 'received'>;
  logger: Logger;
  now?: Clock;
}

/**
 * Where a public post or an employer's edit meets the review: refused when it comes from a banned
 * e-mail domain or apply host, scored, then held (kept out of the jobs collection, so no public
 * read can see it) or let through as the policy says.
 */
export class ReviewIntake {
  private readonly now: Clock;

  constructor(private readonly deps: ReviewIntakeDeps) {
    this.now = deps.now ?? (() => new Date());
  }

  /** 403 for a post or edit from a banned e-mail domain or apply host. */
  refuseBanned(job: JobRecord): Promise<void> {
    return refuseBanned(this.deps.bans, banKeysOf(job));
  }

  /** Whether the address's e-mail domain (or a parent of it) is banned. */
  isBannedAddress(email: string): Promise<boolean> {
    return isBanned(this.deps.bans, banKeysOf({ posterEmail: email, url: null, applyUrl: null }));
  }

  /** The assessment and whether the post (or edit) waits for review. */
  async screen(job: JobRecord, context: PostContext, editOf?: string): Promise<Verdict> {
    const post = postOf(job, context, editOf);
    // Under `none` nothing is held, and the score is not worth its reads.
    const assessment =
      this.deps.policy === 'none'
        ? { score: 0, signals: [] }
        : await this.deps.assessor.assess(post);
    return {
      hold: holds(this.deps.policy, assessment.score, this.deps.threshold),
      assessment,
      post,
    };
  }

  /**
   * Keeps a held post (or edit) for review and tells the poster it is being reviewed. A new
   * post's submission takes the job's id, which it keeps when approved.
   */
  async hold(job: JobRecord, verdict: Verdict, editOf?: string): Promise<void> {
    const { posterDomain, applyHost } = banKeysOf(job);
    await this.deps.submissions.insert({
      _id: editOf ? randomUUID() : job._id,
      job,
      status: 'pending',
      score: verdict.assessment.score,
      signals: verdict.assessment.signals,
      submittedAt: this.now(),
      decidedAt: null,
      reason: null,
      editOf: editOf ?? null,
      assessed: verdict.post,
      posterEmail: job.posterEmail,
      posterAccountId: job.posterAccountId,
      posterDomain,
      applyHost,
    });
    if (!editOf) await this.accepted(verdict);
    if (job.posterEmail) {
      await this.deps.mails
        .received(job.posterEmail, job, editOf !== undefined)
        .catch((error: unknown) =>
          this.deps.logger.warn({ err: error, jobId: job._id }, 'review received e-mail failed'),
        );
    }
  }

  /**
   * An employer's edit of a live posting (`edited`: its state after the edit): refused when
   * banned, scored with the address the session proves, and held when the policy says; true when
   * held (the live posting stays as it was).
   */
  async holdsEdit(edited: JobRecord): Promise<boolean> {
    await this.refuseBanned(edited);
    const verdict = await this.screen(edited, EDIT_CONTEXT, edited._id);
    if (verdict.hold) await this.hold(edited, verdict, edited._id);
    return verdict.hold;
  }

  /** Counts an accepted post (live or held) for the volume and near-duplicate signals. Never throws. */
  async accepted(verdict: Verdict): Promise<void> {
    try {
      await this.deps.assessor.recordPost(verdict.post);
    } catch (error) {
      this.deps.logger.warn({ err: error }, 'recording a post for its trust signals failed');
    }
  }
}
