import { randomUUID } from 'node:crypto';
import {
  ALERT_MANAGE_TTL_MS,
  type EventData,
  formatSalary,
  type IntegrationEvent,
} from '@b2g/contracts';
import type { Mailer } from '@b2g/service-kit';
import type { Logger } from 'pino';
import { alertMail, type AlertJob, type AlertLinks } from './alert-mail.js';
import type { JobCatalog } from './jobs.js';
import type { LinkTokens } from './link-tokens.js';
import { periodOf } from './periods.js';
import { isMatching, type SavedSearchState } from './saved-searches.js';

/** A match waiting for (or taken by) a send. */
export interface PendingMatch extends AlertJob {
  matchedAt: Date;
}

/** The matches of saved searches and their sending (data/ implements it). */
export interface AlertMatchLedger {
  /** Records each (search, job) pair once ever; returns how many were new. */
  record(savedSearchIds: readonly string[], job: AlertJob, matchedAt: Date): Promise<number>;
  /** Ids of the searches with matches not sent yet. */
  searchesWithUnsent(): Promise<string[]>;
  /** Takes every unsent, unclaimed match of a search for `batch`. */
  claim(savedSearchId: string, batch: string): Promise<PendingMatch[]>;
  /** The batch went: its matches are sent, those of `leftOut` jobs marked left out. */
  finish(batch: string, leftOut: readonly string[], sentAt: Date): Promise<void>;
  /** The batch did not go: its matches wait for the next send. */
  release(batch: string): Promise<void>;
}

/** What the sender needs of the saved searches. */
export interface AlertSearchStore {
  byIds(ids: readonly string[]): Promise<SavedSearchState[]>;
  /** Ids among `ids` of searches that match new jobs (confirmed, not paused). */
  matchingAmong(ids: readonly string[]): Promise<string[]>;
  /**
   * Claims a send period for a search with a unique record (FerretDB has no transactions): true
   * for exactly one caller, whichever instance it runs in.
   */
  claimPeriod(id: string, period: string, at: Date): Promise<boolean>;
  releasePeriod(id: string, period: string): Promise<void>;
  recordSent(id: string, sentAt: Date, events: readonly IntegrationEvent[]): Promise<void>;
}

export interface AlertSenderDeps {
  searches: AlertSearchStore;
  matches: AlertMatchLedger;
  jobs: Pick<JobCatalog, 'known'>;
  tokens: LinkTokens;
  links: AlertLinks;
  mailer: Mailer;
  alertSent(search: SavedSearchState, jobIds: string[], sentAt: Date): IntegrationEvent;
  logger: Logger;
  /** Searches sent at once. */
  concurrency?: number;
}

/**
 * Matches to e-mails: a job that matched a search is recorded once ever (paused and unconfirmed
 * searches are skipped); each tick, every search whose send period has come sends its unsent
 * matches in one e-mail, leaving out jobs closed meanwhile.
 */
export class AlertSender {
  constructor(private readonly deps: AlertSenderDeps) {}

  /** saved_search.matched: records the job for each search still matching. */
  async recordMatches(data: EventData<'saved_search.matched'>, at: Date): Promise<number> {
    const ids = await this.deps.searches.matchingAmong(data.savedSearchIds);
    if (ids.length === 0) return 0;
    const { job } = data;
    return this.deps.matches.record(
      ids,
      {
        jobId: job.id,
        title: job.title,
        company: job.company,
        location: job.location,
        salary: formatSalary(job) ?? null,
        closingDate: job.closingDate ?? null,
      },
      at,
    );
  }

  /** Sends every alert that is due at `now`; returns the number of e-mails sent. */
  async sendDue(now: Date): Promise<number> {
    const due = await this.deps.matches.searchesWithUnsent();
    let sent = 0;
    const queue = [...due];
    const worker = async () => {
      for (let ids = queue.splice(0, 100); ids.length > 0; ids = queue.splice(0, 100)) {
        for (const search of await this.deps.searches.byIds(ids)) {
          if (await this.sendOne(search, now)) sent += 1;
        }
      }
    };
    await Promise.all(Array.from({ length: this.deps.concurrency ?? 4 }, worker));
    return sent;
  }

  private async sendOne(search: SavedSearchState, now: Date): Promise<boolean> {
    if (!isMatching(search)) return false;
    const period = periodOf(search.frequency, now);
    // A digest saved after its period began waits for the next one.
    if (search.frequency !== 'instant' && search.createdAt > period.start) return false;
    if (!(await this.deps.searches.claimPeriod(search._id, period.key, now))) return false;
    const batch = randomUUID();
    const claimed = await this.deps.matches.claim(search._id, batch);
    if (claimed.length === 0) return false;
    const known = await this.deps.jobs.known(claimed.map((match) => match.jobId));
    const today = now.toISOString().slice(0, 10);
    const closed = claimed
      .filter((match) => {
        const snapshot = known.get(match.jobId);
        const deleted = snapshot !== undefined && (snapshot.deletedAt !== null || snapshot.removed);
        return deleted || (match.closingDate !== null && match.closingDate < today);
      })
      .map((match) => match.jobId);
    const open = claimed
      .filter((match) => !closed.includes(match.jobId))
      .sort((a, b) => b.matchedAt.getTime() - a.matchedAt.getTime());
    if (open.length > 0) {
      const token = this.deps.tokens.sign('manage', search._id, ALERT_MANAGE_TTL_MS);
      try {
        await this.deps.mailer.send(alertMail(search, open, this.deps.links, token));
      } catch (error) {
        this.deps.logger.warn(
          { err: error, savedSearchId: search._id },
          'alert e-mail failed; retried next tick',
        );
        await this.deps.matches.release(batch);
        await this.deps.searches.releasePeriod(search._id, period.key);
        return false;
      }
    }
    await this.deps.matches.finish(batch, closed, now);
    if (open.length === 0) return false;
    const jobIds = open.map((match) => match.jobId);
    await this.deps.searches.recordSent(search._id, now, [
      this.deps.alertSent(search, jobIds, now),
    ]);
    return true;
  }
}
