import {
  EMPLOYER_MESSAGES,
  ERROR_MESSAGES,
  type EmployerCloseOutcome,
  type EmployerJob,
  type EmployerJobStatus,
  type EmployerJobUpdateRequest,
} from '@b2g/contracts';
import { badRequest, conflict, notFound } from '@b2g/service-kit';
import { withFields } from './curation.js';
import type { Cause } from './events.js';
import { toPublicJob } from './job.js';
import {
  aYearAfter,
  DEFAULT_EXPIRY,
  expiryAfterEdit,
  isPastLastDay,
  lastDayOf,
  publicExpiryOf,
  type ExpirySettings,
} from './expiry.js';
import type { NoticedCuration } from './expiry-notices.js';
import type { JobWrites } from './job-writes.js';
import type { JobRecord } from './model.js';
import type { Clock, JobStore } from './ports.js';
import { newRecord, publicFields, publicFieldsOf } from './posting.js';
import { banKeysOf, type SubmissionStore } from './review.js';
import { withHeld } from './review-postings.js';
import type { ReviewIntake } from './review-intake.js';
import { todayOf } from './search.js';

/** At most this many postings are listed (newest first). */
export const EMPLOYER_LIST_LIMIT = 200;

/**
 * Who manages postings: a verified e-mail address (an employer session) and/or a signed-in
 * account (a user token's subject; its e-mail is not verified, so it owns only its own posts).
 */
export interface PostingOwner {
  email?: string | undefined;
  accountId?: string | undefined;
}

/** Whether `owner` posted the job. */
export const ownedBy = (record: JobRecord, owner: PostingOwner): boolean =>
  (owner.email !== undefined && record.posterEmail === owner.email) ||
  (owner.accountId !== undefined && record.posterAccountId === owner.accountId);

/** The postings of an owner (data/employer-postings.ts). */
export interface EmployerPostingStore {
  /** Newest first, at most `limit`. */
  byOwner(owner: PostingOwner, limit: number): Promise<JobRecord[]>;
  hasPostings(email: string): Promise<boolean>;
}

/** Live, past its last day (closing date or expiry), or closed (by its employer, the admin or the checker). */
export function employerStatusOf(record: JobRecord, today: string): EmployerJobStatus {
  if (record.deletedAt) return record.closedReason === 'expired' ? 'expired' : 'closed';
  return isPastLastDay(record, today) ? 'expired' : 'live';
}

/** One of an employer's postings as they see it. */
export function employerJobOf(record: JobRecord, today: string): EmployerJob {
  return {
    ...toPublicJob(record),
    status: employerStatusOf(record, today),
    closedReason: record.closedReason ?? null,
    expiresOn: lastDayOf(record),
  };
}

/**
 * What a signed-in employer does with their postings. Another owner's job is a 404, as if it did
 * not exist. Every change goes through the writes of posting and curation, so
 * search, events and saved-search matching follow as for the admin's.
 */
export class EmployerPostings {
  private readonly now: Clock;

  constructor(
    private readonly deps: {
      postings: EmployerPostingStore;
      store: Pick<JobStore, 'byId'>;
      writes: JobWrites;
      /** Closes, with the poster's "closed" e-mail (quietly when a relist closes an expired posting). */
      curation: Pick<NoticedCuration, 'close' | 'closeQuietly'>;
      /** A public posting's time on the board (its relist's too). */
      expiry?: ExpirySettings;
      /** Scores edits again and holds a risky one; unset: every edit goes live. */
      review?: ReviewIntake;
      /** The owner's posts held for review (or rejected), shown beside the live ones. */
      held?: Pick<SubmissionStore, 'byOwner'>;
      now?: Clock;
    },
  ) {
    this.now = deps.now ?? (() => new Date());
  }

  private get expiry(): ExpirySettings {
    return this.deps.expiry ?? DEFAULT_EXPIRY;
  }

  private view(record: JobRecord): EmployerJob {
    return employerJobOf(record, todayOf(this.now()));
  }

  /** The public form's fields in place of the job's; its expiry follows its closing date. */
  private edited(current: JobRecord, fields: ReturnType<typeof publicFields>): JobRecord {
    const next = withFields(current, fields);
    return {
      ...next,
      ...banKeysOf(next),
      expiresOn: expiryAfterEdit(current, next, this.now(), this.expiry),
    };
  }

  /**
   * The owner's postings, newest first: live, expired and closed ones, those waiting for review
   * or rejected by it, and the live ones whose edit waits (`editPending`).
   */
  async list(owner: PostingOwner): Promise<EmployerJob[]> {
    const [records, held] = await Promise.all([
      this.deps.postings.byOwner(owner, EMPLOYER_LIST_LIMIT),
      this.deps.held?.byOwner(owner, EMPLOYER_LIST_LIMIT) ?? [],
    ]);
    return withHeld(
      records.map((record) => this.view(record)),
      held,
      EMPLOYER_LIST_LIMIT,
    );
  }

  /** The job when `owner` posted it; else 404. */
  private async owned(owner: PostingOwner, id: string): Promise<JobRecord> {
    const record = await this.deps.store.byId(id);
    if (!record || !ownedBy(record, owner)) throw notFound(ERROR_MESSAGES.jobNotFound);
    return record;
  }

  /** The job when `owner` posted it and it is not closed; else 404 or 409. */
  private async ownedOpen(owner: PostingOwner, id: string): Promise<JobRecord> {
    const record = await this.owned(owner, id);
    if (record.deletedAt) throw conflict(EMPLOYER_MESSAGES.alreadyClosed);
    return record;
  }

  /**
   * PATCH /api/employer/jobs/:id: the public form's fields replace the job's; the rest stays. The
   * edit is scored again (the session proves the address): one the review holds waits, and the
   * live version stays as it was until it is approved (`editPending`).
   */
  async update(
    owner: PostingOwner,
    id: string,
    input: EmployerJobUpdateRequest,
    cause: Cause = {},
  ): Promise<EmployerJob> {
    const current = await this.owned(owner, id);
    const edited = this.edited(current, publicFields(input));
    if (await this.deps.review?.holdsEdit(edited))
      return { ...this.view(current), editPending: true };
    return this.view(await this.applyEdit(id, publicFields(input), cause));
  }

  /** An approved held edit: its fields replace the live posting's (as of now). */
  applyHeldEdit(id: string, held: JobRecord, cause: Cause = {}): Promise<JobRecord> {
    return this.applyEdit(id, publicFieldsOf(held), cause);
  }

  private applyEdit(
    id: string,
    fields: ReturnType<typeof publicFields>,
    cause: Cause,
  ): Promise<JobRecord> {
    return this.deps.writes.change(id, (current) => ({
      next: this.edited(current, fields),
      stated: (job) => ({ kind: 'JobEdited', job, cause }),
    }));
  }

  /** POST /api/employer/jobs/:id/close: closed with its outcome, as the checker closes a job. */
  async close(
    owner: PostingOwner,
    id: string,
    outcome: EmployerCloseOutcome,
    cause: Cause = {},
  ): Promise<EmployerJob> {
    await this.ownedOpen(owner, id);
    await this.deps.curation.close(id, outcome, cause);
    return this.view(await this.owned(owner, id));
  }

  /**
   * POST /api/employer/jobs/:id/extend: a closing date later than the posting's last day, at most
   * a year from today; it replaces the expiry day.
   */
  async extend(
    owner: PostingOwner,
    id: string,
    closingDate: string,
    cause: Cause = {},
  ): Promise<EmployerJob> {
    const record = await this.ownedOpen(owner, id);
    const today = todayOf(this.now());
    const last = lastDayOf(record);
    const current = last && last > today ? last : today;
    if (closingDate <= current) throw badRequest(EMPLOYER_MESSAGES.closingDateNotLater);
    if (closingDate > aYearAfter(today)) throw badRequest(EMPLOYER_MESSAGES.closingDateTooFar);
    const stored = await this.deps.writes.change(id, (job) =>
      job.deletedAt
        ? undefined
        : {
            next: { ...job, closingDate, expiresOn: null },
            stated: (next) => ({ kind: 'JobEdited', job: next, cause }),
          },
    );
    return this.view(stored);
  }

  /**
   * POST /api/employer/jobs/:id/relist: a closed or expired posting again as a new job (new id,
   * posted today, no closing date, the same owner); the old one stays closed (an expired one is
   * closed now).
   */
  async relist(owner: PostingOwner, id: string, cause: Cause = {}): Promise<EmployerJob> {
    const record = await this.owned(owner, id);
    const status = employerStatusOf(record, todayOf(this.now()));
    if (status === 'live') throw conflict(EMPLOYER_MESSAGES.notClosed);
    if (!record.deletedAt) await this.deps.curation.closeQuietly(id, 'expired', cause);
    const now = this.now();
    const {
      _id: _oldId,
      hash: _hash,
      activeHash: _activeHash,
      activeIdentityKey: _activeKey,
      createdAt: _createdAt,
      deletedAt: _deletedAt,
      external: _external,
      bookmarkCount: _bookmarks,
      revision: _revision,
      ...fields
    } = record;
    const relisted = newRecord(
      {
        ...fields,
        closingDate: null,
        expiresOn: publicExpiryOf(null, now, this.expiry),
        closedReason: null,
        lastVerifiedAt: null,
        sourceValidators: null,
        postedAt: now,
        postedBy: 'public',
      },
      now,
    );
    await this.deps.writes.insert(relisted, [{ kind: 'JobPosted', job: relisted, cause }]);
    return this.view(relisted);
  }
}
