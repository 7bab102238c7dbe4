import { randomBytes } from 'node:crypto';
import { EMPLOYER_MESSAGES, type EmployerJob } from '@b2g/contracts';
import { badRequest, conflict } from '@b2g/service-kit';
import type { Logger } from 'pino';
import type { Curation } from './curation.js';
import { secretHash } from './employer-access.js';
import type { EmployerMails } from './employer-mail.js';
import type { JobWrites } from './job-writes.js';
import type { JobRecord } from './model.js';
import type { Clock } from './ports.js';
import { todayOf } from './search.js';

export interface ExpirySettings {
  /** Days a public posting without a closing date stays on the board (PUBLIC_POSTING_TTL_DAYS). */
  publicTtlDays: number;
  /** Days before its last day that its poster is reminded (EXPIRY_REMINDER_DAYS). */
  reminderDays: number;
}

export const DEFAULT_EXPIRY: ExpirySettings = { publicTtlDays: 60, reminderDays: 3 };

/** How often every instance sweeps (an idle sweep reads a few days by an index). */
export const EXPIRY_SWEEP_INTERVAL_MS = 60 * 60 * 1000;

const DAY_MS = 86_400_000;
/** The sweep reads at most this many days back, however long no instance swept. */
const MAX_CATCH_UP_DAYS = 800;

/** The YYYY-MM-DD `days` later (earlier when negative). */
export function addDays(day: string, days: number): string {
  return todayOf(new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS));
}

/** The same date a year later (29 February becomes 1 March). */
export function aYearAfter(day: string): string {
  const next = new Date(`${day}T00:00:00Z`);
  next.setUTCFullYear(next.getUTCFullYear() + 1);
  return todayOf(next);
}

/** The last day a posting is on the board: its closing date, which replaces the expiry day, else that day. */
export const lastDayOf = (record: JobRecord): string | null =>
  record.closingDate ?? record.expiresOn ?? null;

/** Whether the posting's last day is over (it is gone, whether or not the sweep closed it yet). */
export function isPastLastDay(record: JobRecord, today: string): boolean {
  const last = lastDayOf(record);
  return last !== null && last < today;
}

/** The expiry day of a public posting made today: none when it states a closing date. */
export const publicExpiryOf = (
  closingDate: string | null | undefined,
  now: Date,
  settings: ExpirySettings,
): string | null => (closingDate ? null : addDays(todayOf(now), settings.publicTtlDays));

/**
 * The expiry day after a public posting's edit: a closing date replaces it; an edit that removes
 * the closing date gives back the posting's time on the board from its posting day (today at the
 * earliest). Jobs without an expiry (the admin's, imported, stored before it) keep none.
 */
export function expiryAfterEdit(
  current: JobRecord,
  next: JobRecord,
  now: Date,
  settings: ExpirySettings,
): string | null {
  if (next.closingDate) return null;
  if (current.expiresOn) return current.expiresOn;
  if (!current.closingDate || current.postedBy !== 'public') return current.expiresOn ?? null;
  const today = todayOf(now);
  const fromPosting = addDays(todayOf(current.postedAt), settings.publicTtlDays);
  return fromPosting > today ? fromPosting : today;
}

/** A one-click extend link: it extends one job, once, until the end of its last day. */
export interface ExtendGrant {
  jobId: string;
  expiresAt: Date;
}

/** What the sweep reads and the claims that keep two instances from doing one thing twice. */
export interface ExpiryStore {
  /** Jobs whose stored expiry day is `day` (one indexed equality). */
  expiringOn(day: string): Promise<JobRecord[]>;
  /** True for exactly one caller across every instance (an insert under a unique key). */
  claim(key: string, day: string): Promise<boolean>;
  release(key: string): Promise<void>;
  /** Forgets claims of days before `day`: the sweep never reads those days again. */
  forgetClaimsBefore(day: string): Promise<void>;
  /** The day of the last sweep that finished without a failure (null before the first). */
  sweptThrough(): Promise<string | null>;
  setSweptThrough(day: string): Promise<void>;
  putExtendLink(secretHash: string, grant: ExtendGrant): Promise<void>;
  /** Removes the link and returns it (to one caller only), or null. */
  takeExtendLink(secretHash: string): Promise<ExtendGrant | null>;
}

/** What one sweep did (logged). */
export interface ExpirySweepRun {
  reminded: number;
  expired: number;
  failed: number;
}

export interface ExpiryDeps {
  store: ExpiryStore;
  writes: JobWrites;
  /** The sweep's close: the same soft delete as every close, without the "closed" e-mail. */
  close: Curation['close'];
  mails: Pick<EmployerMails, 'expiring' | 'expired'>;
  /** How an employer's posting is shown (EmployerPostings' view). */
  view: (record: JobRecord, today: string) => EmployerJob;
  settings: ExpirySettings;
  logger: Logger;
  now?: Clock;
}

/**
 * Public postings without a closing date leave the board after their time on it: a scheduled
 * sweep reminds the poster a few days before the last day (with a one-click extend link) and
 * closes the posting as `expired` after it. Every instance sweeps; per-job claims (unique `_id`
 * inserts) keep each reminder and expiry to one instance.
 *
 * Each day is read with one equality on the stored `expiresOn` (FerretDB reads only a plain
 * equality through an index), one day at a time since the last sweep. On MongoDB one range
 * `{ expiresOn: { $lte: … } }` over the same index would do.
 */
export class Expiry {
  private readonly now: Clock;

  constructor(private readonly deps: ExpiryDeps) {
    this.now = deps.now ?? (() => new Date());
  }

  /** One sweep over the days since the last one; once `signal` aborts, no further job is taken. */
  async sweepOnce(signal?: AbortSignal): Promise<ExpirySweepRun> {
    const today = todayOf(this.now());
    const { reminderDays } = this.deps.settings;
    const oldest = addDays(today, -MAX_CATCH_UP_DAYS);
    const last = (await this.deps.store.sweptThrough()) ?? today;
    // One day of overlap: a sweep that ran in the last hour of a day may have missed its end.
    const from = addDays(last, -1) > oldest ? addDays(last, -1) : oldest;
    await this.deps.store.forgetClaimsBefore(from);
    const run: ExpirySweepRun = { reminded: 0, expired: 0, failed: 0 };
    for (let day = from; day < today && !signal?.aborted; day = addDays(day, 1))
      for (const job of await this.deps.store.expiringOn(day))
        await this.attempt(run, job, () => this.expire(job, day, today, run));
    const firstReminded = addDays(from, reminderDays) > today ? addDays(from, reminderDays) : today;
    const lastReminded = addDays(today, reminderDays);
    for (let day = firstReminded; day <= lastReminded && !signal?.aborted; day = addDays(day, 1))
      for (const job of await this.deps.store.expiringOn(day))
        await this.attempt(run, job, () => this.remind(job, day, run));
    if (run.failed === 0 && !signal?.aborted) await this.deps.store.setSweptThrough(today);
    return run;
  }

  private async attempt(run: ExpirySweepRun, job: JobRecord, step: () => Promise<void>) {
    try {
      await step();
    } catch (error) {
      run.failed++;
      this.deps.logger.warn({ err: error, jobId: job._id }, 'expiry sweep step failed');
    }
  }

  /** Past its last day: closed as expired (one instance), and its poster told. */
  private async expire(job: JobRecord, day: string, today: string, run: ExpirySweepRun) {
    if (job.deletedAt || job.closingDate || job.expiresOn !== day || day >= today) return;
    const key = `expire:${job._id}:${day}`;
    if (!(await this.deps.store.claim(key, day))) return;
    const closed = await this.deps.close(job._id, 'expired').catch(async (error: unknown) => {
      await this.deps.store.release(key);
      throw error;
    });
    if (closed.closedReason !== 'expired') return;
    run.expired++;
    if (job.posterEmail) {
      // Never twice: a failed e-mail is logged, not sent again.
      await this.deps.mails
        .expired(job.posterEmail, job, day)
        .catch((error: unknown) =>
          this.deps.logger.warn({ err: error, jobId: job._id }, 'employer expired e-mail failed'),
        );
    }
  }

  /** A few days before the last day: one reminder with a one-click extend link. */
  private async remind(job: JobRecord, day: string, run: ExpirySweepRun) {
    const email = job.posterEmail;
    if (!email || job.deletedAt || job.closingDate || job.expiresOn !== day) return;
    const key = `remind:${job._id}:${day}`;
    if (!(await this.deps.store.claim(key, day))) return;
    try {
      const token = randomBytes(32).toString('base64url');
      const expiresAt = new Date(Date.parse(`${addDays(day, 1)}T00:00:00Z`));
      await this.deps.store.putExtendLink(secretHash(token), { jobId: job._id, expiresAt });
      await this.deps.mails.expiring(email, job, day, token, this.deps.settings.publicTtlDays);
      run.reminded++;
    } catch (error) {
      // The next sweep tries again (this one is not recorded as done).
      await this.deps.store.release(key);
      throw error;
    }
  }

  /**
   * POST /api/employer/extend-link: the reminder's token, once and until the end of the last day,
   * moves that job's last day on by its time on the board (at most a year from today). It opens
   * no session and changes nothing else.
   */
  async extendByLink(token: string): Promise<EmployerJob> {
    const link = await this.deps.store.takeExtendLink(secretHash(token));
    const now = this.now();
    if (!link || link.expiresAt <= now) throw badRequest(EMPLOYER_MESSAGES.extendLinkInvalid);
    const today = todayOf(now);
    const stored = await this.deps.writes.change(link.jobId, (job) => {
      const last = lastDayOf(job);
      if (job.deletedAt || !last) return undefined;
      const longer = addDays(last > today ? last : today, this.deps.settings.publicTtlDays);
      const cap = aYearAfter(today);
      const next = longer < cap ? longer : cap;
      if (next <= last) return undefined;
      return {
        next: job.closingDate ? { ...job, closingDate: next } : { ...job, expiresOn: next },
        stated: (changed) => ({ kind: 'JobEdited', job: changed, cause: {} }),
      };
    });
    if (stored.deletedAt) throw conflict(EMPLOYER_MESSAGES.alreadyClosed);
    return this.deps.view(stored, today);
  }
}
