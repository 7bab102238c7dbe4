import {
  REVIEW_MESSAGES,
  type BanKind,
  type PostingReviewPolicy,
  type ReviewStatus,
  type RiskSignal,
} from '@b2g/contracts';
import { forbidden } from '@b2g/service-kit';
import type { Cause, JobsEvent } from './events.js';
import type { JobRecord } from './model.js';
import type { PostToAssess, TrustAssessor } from './trust/assess.js';

export type { Assessment, PostToAssess } from './trust/assess.js';

/** Scores posts by their risk signals (trust/assess.ts) and remembers what the next ones need. */
export type RiskAssessor = Pick<TrustAssessor, 'assess' | 'recordPost' | 'rememberRejected'>;

/** How the post came in, beside its fields: what the assessment needs of the request. */
export interface PostContext {
  emailVerified: boolean;
  clientKey: string;
  honeypot?: string | undefined;
  proof?: string | undefined;
}

/** An edit comes through an employer session: the address is proven; it counts as no new post. */
export const EDIT_CONTEXT: PostContext = { emailVerified: true, clientKey: '' };

/**
 * A post held for review (or an edit of a live posting, `editOf`), with its score and signals.
 * A new post's `_id` is the id its job gets when approved; `job` is the job as it would go live.
 */
export interface SubmissionRecord {
  _id: string;
  job: JobRecord;
  status: ReviewStatus;
  score: number;
  signals: RiskSignal[];
  submittedAt: Date;
  decidedAt: Date | null;
  reason: string | null;
  editOf: string | null;
  /** What was assessed, remembered when the post is rejected. */
  assessed: PostToAssess;
  posterEmail?: string | undefined;
  posterAccountId?: string | undefined;
  posterDomain?: string | undefined;
  applyHost?: string | undefined;
}

/** Where held posts wait (data/submissions.ts): every read an indexed equality. */
export interface SubmissionStore {
  insert(submission: SubmissionRecord): Promise<void>;
  byId(id: string): Promise<SubmissionRecord | null>;
  /** Pending, newest first, at most `limit`; and how many are pending in all. */
  pending(limit: number): Promise<{ items: SubmissionRecord[]; total: number }>;
  /**
   * Moves a pending submission to its decision, with the events it states in the same write: true
   * for the one caller that did (a second approve or reject of the same post finds it decided, and
   * records nothing).
   */
  decide(
    id: string,
    decision: { status: Exclude<ReviewStatus, 'pending'>; decidedAt: Date; reason: string | null },
    events: readonly JobsEvent[],
  ): Promise<boolean>;
  /** Back to pending (an approval whose job could not be written). */
  reopen(id: string): Promise<void>;
  /** Pending submissions of an e-mail domain or an apply host, at most `limit`. */
  pendingBy(
    key: { posterDomain: string } | { applyHost: string },
    limit: number,
  ): Promise<SubmissionRecord[]>;
  /** An owner's submissions, newest first, at most `limit`. */
  byOwner(
    owner: { email?: string | undefined; accountId?: string | undefined },
    limit: number,
  ): Promise<SubmissionRecord[]>;
  hasPostings(email: string): Promise<boolean>;
}

/**
 * What a rejection states: a new post's outcome (its job's id is the submission's); a held edit's
 * rejection leaves its live posting as it was and states nothing.
 */
export function rejectionEvents(
  submission: Pick<SubmissionRecord, '_id' | 'editOf'>,
  cause: Cause,
): JobsEvent[] {
  return submission.editOf === null
    ? [{ kind: 'PostReviewed', jobId: submission._id, outcome: 'rejected', cause }]
    : [];
}

/** A lowercase host without a trailing dot, or undefined for no URL or a malformed one. */
export function hostOf(url: string | null | undefined): string | undefined {
  if (!url) return undefined;
  try {
    return new URL(url).hostname.toLowerCase().replace(/\.$/, '') || undefined;
  } catch {
    return undefined;
  }
}

/** The domain of an e-mail address, lowercased. */
export const emailDomainOf = (email: string | null | undefined): string | undefined =>
  email?.split('@')[1]?.trim().toLowerCase() || undefined;

/** What a ban matches a job on: stored lowercase on public posts and submissions, indexed. */
export function banKeysOf(job: Pick<JobRecord, 'posterEmail' | 'url' | 'applyUrl'>) {
  return {
    posterDomain: emailDomainOf(job.posterEmail),
    applyHost: hostOf(job.url ?? job.applyUrl),
  };
}

/** The name and every parent domain of it with two labels or more (a ban covers subdomains). */
export function domainAndParents(name: string): string[] {
  const labels = name.split('.');
  return labels.slice(0, -1).map((_label, index) => labels.slice(index).join('.'));
}

/** The bans that apply to a post's e-mail domain or apply host (data/bans.ts). */
export type BanCheck = (
  keys: Array<{ kind: BanKind; value: string }>,
) => Promise<Array<{ kind: BanKind; value: string }>>;

/** The assessment's view of a job and how it came in. */
export function postOf(job: JobRecord, context: PostContext, excludeJobId?: string): PostToAssess {
  return {
    title: job.title,
    company: job.company,
    location: job.location,
    description: job.description,
    url: job.url ?? job.applyUrl ?? '',
    isAgencyRole: job.isAgencyRole,
    posterEmail: job.posterEmail,
    emailVerified: context.emailVerified && job.posterEmail !== undefined,
    honeypot: context.honeypot,
    proof: context.proof,
    clientKey: context.clientKey,
    excludeJobId,
  };
}

/** Whether the policy holds a post of this score: `all` every one, `risky` from the threshold. */
export function holds(policy: PostingReviewPolicy, score: number, threshold: number): boolean {
  return policy === 'all' || (policy === 'risky' && score >= threshold);
}

/** Whether a ban covers the e-mail domain or the apply host, or a parent domain of either. */
export async function isBanned(
  check: BanCheck,
  keys: ReturnType<typeof banKeysOf>,
): Promise<boolean> {
  const asked = [
    ...(keys.posterDomain ? domainAndParents(keys.posterDomain) : []).map((value) => ({
      kind: 'email_domain' as const,
      value,
    })),
    ...(keys.applyHost ? domainAndParents(keys.applyHost) : []).map((value) => ({
      kind: 'apply_host' as const,
      value,
    })),
  ];
  return asked.length > 0 && (await check(asked)).length > 0;
}

/** 403 for a post or edit from a banned e-mail domain or apply host (nothing is stored). */
export async function refuseBanned(
  check: BanCheck,
  keys: ReturnType<typeof banKeysOf>,
): Promise<void> {
  if (await isBanned(check, keys)) throw forbidden(REVIEW_MESSAGES.banned);
}
