import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  ALERT_INSTANT_BATCH_MS,
  ALERT_MANAGE_TTL_MS,
  type EventData,
  formatSalary,
} from '@b2g/contracts';
import type { Mailer } from '@b2g/service-kit';
import type { Logger } from 'pino';
import { alertMail, type AlertJob, type AlertLinks } from './alert-mail.js';
import type { UserActivityEvent } from './events.js';
import type { JobCatalog } from './jobs.js';
import type { LinkTokens } from './link-tokens.js';
import type {
  AlertLedger,
  AlertSearchStore,
  FinishedBatch,
  FinishedSend,
  PendingMatch,
} from './ports.js';
import { periodOf } from './periods.js';
import { isMatching, type SavedSearchState } from './saved-searches.js';

/** Pauses before each new attempt to record a batch whose e-mails went. */
const RECORD_RETRY_DELAYS_MS = [1_000, 2_000, 4_000, 8_000, 16_000];

/** A batch's e-mails went, but recording them kept failing. */
export class SendsNotRecordedError extends Error {
  override readonly name = 'SendsNotRecordedError';
  constructor(batch: FinishedBatch, cause: unknown) {
    super(`alert batch ${batch.id}: ${batch.sends.length} sends not recorded`, { cause });
  }
}

export interface AlertSenderDeps {
  searches: AlertSearchStore;
  ledger: AlertLedger;
  jobs: Pick<JobCatalog, 'known'>;
  tokens: LinkTokens;
  links: AlertLinks;
  mailer: Mailer;
  logger: Logger;
  /** Searches locked and sent per batch (default 1,000). */
  batchSize?: number;
  /** E-mails written at once within a batch (default 8). */
  concurrency?: number;
  /** How long a send lock holds when its holder dies (default 10 minutes). */
  lockMs?: number;
}

/**
 * Matches to e-mails: a job that matched a search is recorded once ever (paused and unconfirmed
 * searches are skipped); each tick, every search with waiting matches whose send is due mails
 * them in one e-mail, leaving out jobs closed meanwhile. Instant alerts go at most once per
 * ALERT_INSTANT_BATCH_MS per search; daily and weekly ones once per period, at the digest hour.
 */
export class AlertSender {
  /**
   * Instant searches this instance knows to be held back by the gap between e-mails, and
   * when each is due: skipped without a request until then (another instance's send only moves
   * the time later; the lock holder checks again anyway).
   */
  private readonly held = new Map<string, number>();
  private heldUntil: Date | null = null;

  constructor(private readonly deps: AlertSenderDeps) {}

  /** When the last `sendDue` held a search back until: the next send worth making, or null. */
  nextDueAt(): Date | null {
    return this.heldUntil;
  }

  private hold(savedSearchId: string, dueAt: number): void {
    this.held.set(savedSearchId, dueAt);
    if (!this.heldUntil || dueAt < this.heldUntil.getTime()) this.heldUntil = new Date(dueAt);
  }

  /** saved_search.matched: records the job for each search still matching. */
  async recordMatches(data: EventData<'saved_search.matched'>, at: Date): Promise<void> {
    const searches = await this.deps.searches.byIds(data.savedSearchIds);
    const { job } = data;
    const matched: AlertJob = {
      jobId: job.id,
      title: job.title,
      company: job.company,
      location: job.location,
      salary: formatSalary(job) ?? null,
      closingDate: job.closingDate ?? null,
    };
    await this.deps.ledger.addPending(
      searches
        .filter(isMatching)
        .map((search) => ({ ...matched, savedSearchId: search._id, matchedAt: at })),
    );
  }

  /** Sends every alert that is due at `now`; returns the number of e-mails sent. */
  async sendDue(now: Date): Promise<number> {
    this.heldUntil = null;
    for (const [id, dueAt] of this.held) if (dueAt <= now.getTime()) this.held.delete(id);
    const ids: string[] = [];
    for (const id of await this.deps.ledger.searchesWithPending()) {
      const dueAt = this.held.get(id);
      if (dueAt === undefined) ids.push(id);
      else this.hold(id, dueAt);
    }
    const size = this.deps.batchSize ?? 1_000;
    let sent = 0;
    for (let from = 0; from < ids.length; from += size)
      sent += await this.sendBatch(ids.slice(from, from + size), now);
    return sent;
  }

  private async sendBatch(ids: readonly string[], now: Date): Promise<number> {
    const searches = await this.deps.searches.byIds(ids);
    const found = new Set(searches.map((search) => search._id));
    const gone = ids.filter((id) => !found.has(id));
    if (gone.length > 0) await this.deps.ledger.dropPendingOf(gone);
    // A digest saved after its period began waits for the next one.
    const candidates = searches.filter(
      (search) =>
        isMatching(search) &&
        (search.frequency === 'instant' ||
          search.createdAt <= periodOf(search.frequency, now).start),
    );
    if (candidates.length === 0) return 0;
    const locked = new Set(
      await this.deps.ledger.lock(
        candidates.map((search) => search._id),
        now,
        new Date(now.getTime() + (this.deps.lockMs ?? 10 * 60_000)),
      ),
    );
    if (locked.size === 0) return 0;
    let unlock = true;
    try {
      return await this.sendLocked(
        candidates.filter((search) => locked.has(search._id)),
        now,
      );
    } catch (error) {
      // E-mails went but are not recorded: the locks stay until they expire, so nobody mails
      // the same matches again before then (afterwards they go again: at least once, never lost).
      if (error instanceof SendsNotRecordedError) unlock = false;
      throw error;
    } finally {
      if (unlock) await this.deps.ledger.unlock([...locked]);
    }
  }

  /** Under the locks: reads what waits (fresh), decides, mails, records. */
  private async sendLocked(searches: readonly SavedSearchState[], now: Date): Promise<number> {
    const progress = await this.deps.ledger.progress(searches.map((search) => search._id));
    const due = searches.filter((search) => {
      const done = progress.get(search._id);
      if (search.frequency !== 'instant')
        return done?.period !== periodOf(search.frequency, now).key;
      if (!done?.lastSentAt) return true;
      const dueAt = done.lastSentAt.getTime() + ALERT_INSTANT_BATCH_MS;
      if (dueAt <= now.getTime()) return true;
      this.hold(search._id, dueAt);
      return false;
    });
    if (due.length === 0) return 0;
    const pending = await this.deps.ledger.pendingOf(due.map((search) => search._id));
    const bySearch = new Map<string, PendingMatch[]>();
    for (const match of pending) {
      const list = bySearch.get(match.savedSearchId);
      if (list) list.push(match);
      else bySearch.set(match.savedSearchId, [match]);
    }
    const closed = await this.closedJobs(pending, now);
    // A pair decided already that waits again (a match stated again across a failure) is only
    // cleared away: it is never mailed twice.
    const decidedBefore = new Set(
      (await this.deps.ledger.decidedAmong(pending)).map(
        (match) => `${match.savedSearchId} ${match.jobId}`,
      ),
    );
    const isNew = (match: PendingMatch) =>
      !decidedBefore.has(`${match.savedSearchId} ${match.jobId}`);

    const finished: FinishedSend[] = [];
    const events: UserActivityEvent[] = [];
    const queue = due.filter((search) => bySearch.has(search._id));
    const worker = async () => {
      for (let search = queue.shift(); search; search = queue.shift()) {
        const matches = bySearch.get(search._id) ?? [];
        const open = matches
          .filter((match) => isNew(match) && !closed.has(match.jobId))
          .sort((a, b) => b.matchedAt.getTime() - a.matchedAt.getTime());
        if (open.length > 0 && !(await this.mail(search, open))) continue;
        finished.push({
          savedSearchId: search._id,
          decided: matches.map((match) => ({
            jobId: match.jobId,
            leftOut: closed.has(match.jobId),
          })),
          mailed: open.length > 0,
          period: search.frequency === 'instant' ? null : periodOf(search.frequency, now).key,
        });
        if (open.length > 0)
          events.push({
            kind: 'AlertSent',
            savedSearchId: search._id,
            jobIds: open.map((match) => match.jobId),
            at: now,
          });
      }
    };
    await Promise.all(Array.from({ length: this.deps.concurrency ?? 8 }, worker));
    if (finished.length === 0) return 0;
    await this.record({ id: randomUUID(), sends: finished, at: now, events });
    const mailed = new Set(
      finished.filter((send) => send.mailed).map((send) => send.savedSearchId),
    );
    for (const search of due)
      if (search.frequency === 'instant' && mailed.has(search._id))
        this.held.set(search._id, now.getTime() + ALERT_INSTANT_BATCH_MS);
    return events.length;
  }

  /**
   * Records a batch whose e-mails went, retrying (the database may be restarting) for about half
   * a minute: recording is idempotent by the batch id. Still failing, it says so.
   */
  private async record(batch: FinishedBatch): Promise<void> {
    for (const [attempt, delayMs] of [...RECORD_RETRY_DELAYS_MS, undefined].entries()) {
      try {
        await this.deps.ledger.finish(batch);
        return;
      } catch (error) {
        if (delayMs === undefined) throw new SendsNotRecordedError(batch, error);
        this.deps.logger.warn(
          // The message only: a bulk write's error carries every document of the batch.
          {
            reason: error instanceof Error ? error.message : String(error),
            batch: batch.id,
            attempt: attempt + 1,
            retryInMs: delayMs,
          },
          'recording sent alerts failed; retrying',
        );
        await sleep(delayMs);
      }
    }
  }

  /** Jobs deleted, removed or past their closing date: left out of the e-mails. */
  private async closedJobs(matches: readonly PendingMatch[], now: Date): Promise<Set<string>> {
    const known = await this.deps.jobs.known(matches.map((match) => match.jobId));
    const today = now.toISOString().slice(0, 10);
    const closed = new Set<string>();
    for (const match of matches) {
      const snapshot = known.get(match.jobId);
      const deleted = snapshot !== undefined && (snapshot.deletedAt !== null || snapshot.removed);
      if (deleted || (match.closingDate !== null && match.closingDate < today))
        closed.add(match.jobId);
    }
    return closed;
  }

  /** Mails the open matches; false (logged, retried next tick) when the mailer fails. */
  private async mail(search: SavedSearchState, open: readonly PendingMatch[]): Promise<boolean> {
    const token = this.deps.tokens.sign('manage', search._id, ALERT_MANAGE_TTL_MS);
    try {
      await this.deps.mailer.send(alertMail(search, open, this.deps.links, token));
      return true;
    } catch (error) {
      this.deps.logger.warn(
        { err: error, savedSearchId: search._id },
        'alert e-mail failed; retried next tick',
      );
      return false;
    }
  }
}
