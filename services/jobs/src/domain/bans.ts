import { REVIEW_MESSAGES, type Ban, type BanKind, type BanRequest } from '@b2g/contracts';
import { notFound } from '@b2g/service-kit';
import type { Logger } from 'pino';
import type { Cause } from './events.js';
import type { JobRecord } from './model.js';
import type { Clock } from './ports.js';
import type { ReviewQueue } from './review-queue.js';
import {
  postOf,
  rejectionEvents,
  type BanCheck,
  type SubmissionStore,
  type RiskAssessor,
} from './review.js';

/** A stored ban: its id is `kind:value`, so a check is a lookup by `_id`. */
export interface BanRecord {
  _id: string;
  kind: BanKind;
  value: string;
  createdAt: Date;
  rejectedPosts: number;
}

export const banIdOf = (kind: BanKind, value: string) => `${kind}:${value}`;

/** The bans (data/bans.ts). */
export interface BanStore {
  /** Adds the ban; one already there is kept (with its date) and returned. */
  put(ban: BanRecord): Promise<BanRecord>;
  setRejectedPosts(id: string, count: number): Promise<void>;
  /** Newest first, at most `limit`. */
  list(limit: number): Promise<BanRecord[]>;
  remove(id: string): Promise<boolean>;
  matching: BanCheck;
}

/** Live public postings of an e-mail domain or an apply host (indexed equality, data/bans.ts). */
export type LiveByBanKey = (
  key: { posterDomain: string } | { applyHost: string },
  limit: number,
) => Promise<JobRecord[]>;

/** Bans listed at most; more are kept and still refuse posts. */
export const BAN_LIST_LIMIT = 500;
/** Posts a ban reads per batch while it rejects them. */
const CASCADE_BATCH = 100;

export const toBan = (record: BanRecord): Ban => ({
  id: record._id,
  kind: record.kind,
  value: record.value,
  createdAt: record.createdAt.toISOString(),
  rejectedPosts: record.rejectedPosts,
});

export interface BansDeps {
  store: BanStore;
  submissions: Pick<SubmissionStore, 'pendingBy' | 'decide'>;
  liveBy: LiveByBanKey;
  /** Takes a live posting down (its page answers 410, it leaves search and feeds). */
  close: (id: string, cause: Cause) => Promise<unknown>;
  queue: Pick<ReviewQueue, 'forget'>;
  assessor: Pick<RiskAssessor, 'rememberRejected'>;
  logger: Logger;
  now?: Clock;
}

/**
 * Bans of an e-mail domain or an apply host: adding one rejects its pending posts and takes its
 * live ones down, remembering each as rejected; later posts from it are refused (review.ts).
 */
export class Bans {
  private readonly now: Clock;

  constructor(private readonly deps: BansDeps) {
    this.now = deps.now ?? (() => new Date());
  }

  async list(): Promise<Ban[]> {
    return (await this.deps.store.list(BAN_LIST_LIMIT)).map(toBan);
  }

  /** POST /api/admin/bans: stored first (new posts are refused at once), then the cascade. */
  async add(request: BanRequest, cause: Cause = {}): Promise<Ban> {
    const stored = await this.deps.store.put({
      _id: banIdOf(request.kind, request.value),
      kind: request.kind,
      value: request.value,
      createdAt: this.now(),
      rejectedPosts: 0,
    });
    const key =
      request.kind === 'email_domain'
        ? { posterDomain: request.value }
        : { applyHost: request.value };
    const rejected = (await this.rejectPending(key, cause)) + (await this.closeLive(key, cause));
    const total = stored.rejectedPosts + rejected;
    await this.deps.store.setRejectedPosts(stored._id, total);
    return toBan({ ...stored, rejectedPosts: total });
  }

  /** DELETE /api/admin/bans/:id: later posts are accepted again; rejected ones stay rejected. */
  async remove(id: string): Promise<void> {
    if (!(await this.deps.store.remove(id))) throw notFound('Ban not found');
  }

  private async rejectPending(key: Parameters<LiveByBanKey>[0], cause: Cause): Promise<number> {
    let count = 0;
    for (;;) {
      const batch = await this.deps.submissions.pendingBy(key, CASCADE_BATCH);
      let decided = 0;
      for (const submission of batch) {
        const done = await this.deps.submissions.decide(
          submission._id,
          { status: 'rejected', decidedAt: this.now(), reason: REVIEW_MESSAGES.banned },
          rejectionEvents(submission, cause),
        );
        if (!done) continue;
        decided += 1;
        await this.deps.queue.forget(submission);
      }
      count += decided;
      // A batch in which nothing could be decided (taken by a concurrent decision) ends it.
      if (batch.length < CASCADE_BATCH || decided === 0) return count;
    }
  }

  private async closeLive(key: Parameters<LiveByBanKey>[0], cause: Cause): Promise<number> {
    const seen = new Set<string>();
    for (;;) {
      const batch = (await this.deps.liveBy(key, CASCADE_BATCH)).filter(
        (job) => !seen.has(job._id),
      );
      if (batch.length === 0) return seen.size;
      for (const job of batch) {
        seen.add(job._id);
        await this.deps.close(job._id, cause);
        await this.deps.assessor
          .rememberRejected(job._id, postOf(job, { emailVerified: false, clientKey: '' }))
          .catch((error: unknown) =>
            this.deps.logger.warn({ err: error, jobId: job._id }, 'remembering a ban failed'),
          );
      }
    }
  }
}
