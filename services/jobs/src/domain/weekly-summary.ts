import { randomBytes } from 'node:crypto';
import type { JobStats } from '@b2g/contracts';
import { badRequest } from '@b2g/service-kit';
import type { Logger } from 'pino';
import { secretHash } from './employer-access.js';
import {
  EMPLOYER_LIST_LIMIT,
  employerStatusOf,
  type EmployerPostingStore,
} from './employer-postings.js';
import { addDays } from './expiry.js';
import type { JobRecord } from './model.js';
import type { Clock } from './ports.js';
import type { PostingStatsSource } from './posting-stats.js';
import { todayOf } from './search.js';

/** How often every instance looks whether this week's summaries are sent (an idle look is one read). */
export const SUMMARY_SWEEP_INTERVAL_MS = 60 * 60 * 1000;
/** The days a summary reports (today included). */
export const SUMMARY_DAYS = 7;
/** How long a summary's opt-out link works. */
export const OPT_OUT_LINK_DAYS = 90;
/** Addresses read per page of the sweep. */
const PAGE_SIZE = 100;

/** Answered by the opt-out: a used or expired link says so. */
export const SUMMARY_MESSAGES = {
  optedOut: 'You will not get the weekly summary again. Your postings are not affected.',
  linkInvalid: 'This opt-out link is invalid or has expired.',
} as const;

/** One live posting's last seven days, as the summary lists it. */
export interface SummaryLine {
  job: JobRecord;
  views: number;
  applyClicks: number;
  bookmarks: number;
}

/** The weekly summary e-mail (domain/employer-mail.ts). */
export interface SummaryMail {
  weeklySummary(to: string, lines: SummaryLine[], optOutToken: string): Promise<void>;
}

/**
 * The addresses that get a summary, the opt-outs, the per-week claims and the opt-out links
 * (data/summary-store.ts). Every read is by `_id`.
 */
export interface SummaryStore {
  /** Remembers an address that posted (idempotent). */
  enrol(email: string): Promise<void>;
  /**
   * Whether the addresses of postings made before enrolment existed were enrolled, and their
   * addresses (each posting's `posterEmail`, read once through its sparse index).
   */
  enrolledExisting(): Promise<boolean>;
  existingPosters(): Promise<string[]>;
  setEnrolledExisting(): Promise<void>;
  /** The enrolled addresses after `after` in `_id` order, at most `limit`. */
  addresses(after: string | null, limit: number): Promise<string[]>;
  isOptedOut(email: string): Promise<boolean>;
  optOut(email: string, at: Date): Promise<void>;
  /** True for exactly one caller across every instance (an `_id` insert). */
  claim(key: string, week: string): Promise<boolean>;
  release(key: string): Promise<void>;
  /** Forgets the claims of weeks before `week`. */
  forgetClaimsBefore(week: string): Promise<void>;
  /** The week whose summaries were all sent (null before the first). */
  sentWeek(): Promise<string | null>;
  setSentWeek(week: string): Promise<void>;
  putOptOutLink(secretHash: string, link: { email: string; expiresAt: Date }): Promise<void>;
  /** The address of a link still in time, or null. */
  optOutLink(secretHash: string): Promise<string | null>;
}

/** What one sweep did (logged). */
export interface SummaryRun {
  sent: number;
  failed: number;
}

/** The Monday (YYYY-MM-DD, UTC) of the week `day` is in: the week's key. */
export function weekOf(day: string): string {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return addDays(day, -((weekday + 6) % 7));
}

/** The sum of one figure over the last `days` entries of the daily list. */
const lastDays = (stats: JobStats, days: number, figure: 'views' | 'applyClicks' | 'bookmarks') =>
  stats.daily.slice(-days).reduce((sum, day) => sum + day[figure], 0);

/**
 * Once a week every address that gave its e-mail with a public post and has a live posting gets
 * one e-mail with each live posting's last seven days (views, apply clicks, bookmarks) and a
 * one-click opt-out. Every instance sweeps; a claim per address and week (an `_id` insert) keeps
 * each e-mail to one instance, and the week is marked sent once a sweep finished without failures.
 * Addresses are those enrolled when they posted (and, once, those of postings made before); each
 * one's postings are one equality read on the indexed `posterEmail`: a sweep never scans the jobs.
 */
export class WeeklySummary {
  private readonly now: Clock;

  constructor(
    private readonly deps: {
      store: SummaryStore;
      postings: Pick<EmployerPostingStore, 'byOwner'>;
      stats: PostingStatsSource;
      mails: SummaryMail;
      logger: Logger;
      now?: Clock;
    },
  ) {
    this.now = deps.now ?? (() => new Date());
  }

  /** After a public post with the poster's e-mail: the address gets summaries from now on. Never throws. */
  async enrol(record: JobRecord): Promise<void> {
    if (!record.posterEmail) return;
    await this.deps.store
      .enrol(record.posterEmail)
      .catch((error: unknown) =>
        this.deps.logger.warn({ err: error, jobId: record._id }, 'weekly summary enrolment failed'),
      );
  }

  /** Sends this week's summaries not sent yet; once `signal` aborts, no further address is taken. */
  async sweepOnce(signal?: AbortSignal): Promise<SummaryRun> {
    const run: SummaryRun = { sent: 0, failed: 0 };
    const today = todayOf(this.now());
    const week = weekOf(today);
    if ((await this.deps.store.sentWeek()) === week) return run;
    await this.enrolExisting();
    await this.deps.store.forgetClaimsBefore(week);
    let after: string | null = null;
    for (;;) {
      const page = await this.deps.store.addresses(after, PAGE_SIZE);
      for (const email of page) {
        if (signal?.aborted) return run;
        try {
          if (await this.send(email, week, today)) run.sent++;
        } catch (error) {
          run.failed++;
          this.deps.logger.warn({ err: error }, 'weekly summary failed');
        }
      }
      if (page.length < PAGE_SIZE) break;
      after = page[page.length - 1] ?? null;
    }
    if (run.failed === 0 && !signal?.aborted) await this.deps.store.setSentWeek(week);
    return run;
  }

  /**
   * Once: the posters of postings made before addresses were enrolled at posting. Enrolling is
   * idempotent, so two instances doing it at once is harmless.
   */
  private async enrolExisting(): Promise<void> {
    if (await this.deps.store.enrolledExisting()) return;
    for (const email of await this.deps.store.existingPosters()) await this.deps.store.enrol(email);
    await this.deps.store.setEnrolledExisting();
  }

  /** One address's summary, unless opted out, without a live posting, or sent by another instance. */
  private async send(email: string, week: string, today: string): Promise<boolean> {
    if (await this.deps.store.isOptedOut(email)) return false;
    const postings = await this.deps.postings.byOwner({ email }, EMPLOYER_LIST_LIMIT);
    const live = postings.filter((job) => employerStatusOf(job, today) === 'live');
    if (live.length === 0) return false;
    const key = `summary:${email}:${week}`;
    if (!(await this.deps.store.claim(key, week))) return false;
    try {
      const lines = await Promise.all(
        live.map(async (job) => {
          const stats = await this.deps.stats.jobStats(job._id, 30);
          return {
            job,
            views: lastDays(stats, SUMMARY_DAYS, 'views'),
            applyClicks: lastDays(stats, SUMMARY_DAYS, 'applyClicks'),
            bookmarks: lastDays(stats, SUMMARY_DAYS, 'bookmarks'),
          };
        }),
      );
      const token = randomBytes(32).toString('base64url');
      const expiresAt = new Date(Date.parse(`${addDays(today, OPT_OUT_LINK_DAYS)}T00:00:00Z`));
      await this.deps.store.putOptOutLink(secretHash(token), { email, expiresAt });
      await this.deps.mails.weeklySummary(email, lines, token);
      return true;
    } catch (error) {
      // The next sweep tries this address again (the week is not marked sent).
      await this.deps.store.release(key);
      throw error;
    }
  }

  /** The summary's opt-out link: the address gets no summary again (the link may be used again). */
  async optOut(token: string): Promise<{ message: string }> {
    const email = await this.deps.store.optOutLink(secretHash(token));
    if (!email) throw badRequest(SUMMARY_MESSAGES.linkInvalid);
    await this.deps.store.optOut(email, this.now());
    return { message: SUMMARY_MESSAGES.optedOut };
  }
}
