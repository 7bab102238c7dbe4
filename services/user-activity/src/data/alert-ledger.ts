import { findByIds, insertNew, isDuplicateKey } from '@b2g/service-kit';
import mongoose from 'mongoose';
import type {
  AlertLedger,
  AlertStatus,
  AlertStatusStore,
  FinishedBatch,
  FinishedSend,
  PendingMatch,
  SendProgress,
} from '../domain/ports.js';
import type { AlertPendingRecord, Models } from './models.js';
import type { Outgoing, OutboxWriter } from './outbox.js';

/** `<savedSearchId>:<jobId>`: one (search, job) pair. */
const pairKey = (savedSearchId: string, jobId: string) => `${savedSearchId}:${jobId}`;

const inIds = (ids: readonly string[]) => mongoose.trusted({ $in: [...ids] });

/**
 * Alert sending on FerretDB's terms, where only `_id` lookups and inserts are cheap and every other
 * read, update or delete scans its collection: the matches waiting (`alert_pending`) are a small
 * working set removed as they go; decisions (`alert_decisions`) and locks (`alert_locks`) are
 * inserts keyed by `_id`, whose uniqueness is the guarantee (no transactions, no atomic updates
 * there); the writes of a batch of sends are one request per collection, not one per search.
 */
export class AlertLedgerRepository implements AlertLedger, AlertStatusStore {
  constructor(
    private readonly models: Pick<
      Models,
      'AlertPending' | 'AlertDecision' | 'AlertProgress' | 'AlertLock' | 'AlertBatch'
    >,
    private readonly outbox: Pick<OutboxWriter, 'record'>,
    private readonly outgoing: Outgoing,
  ) {}

  async addPending(matches: readonly PendingMatch[]): Promise<void> {
    const records = matches.map((match): AlertPendingRecord => ({
      _id: pairKey(match.savedSearchId, match.jobId),
      savedSearchId: match.savedSearchId,
      jobId: match.jobId,
      job: {
        title: match.title,
        company: match.company,
        location: match.location,
        salary: match.salary,
        closingDate: match.closingDate,
      },
      matchedAt: match.matchedAt,
    }));
    await insertNew(this.models.AlertPending, records);
    // A pair mailed (or left out) before matches again when its job changes: it stays decided.
    // Checked after the insert, so a send finishing meanwhile is seen (it decides, then removes),
    // and for every pair, not only those inserted now: an earlier attempt of this event may have
    // inserted some before it failed.
    const decided = await findByIds(
      this.models.AlertDecision,
      records.map((record) => record._id),
    );
    if (decided.length > 0)
      await this.models.AlertPending.deleteMany({ _id: inIds(decided.map((pair) => pair._id)) });
  }

  async searchesWithPending(): Promise<string[]> {
    const ids: unknown[] = await this.models.AlertPending.distinct('savedSearchId').exec();
    return ids.filter((id): id is string => typeof id === 'string');
  }

  async pendingOf(savedSearchIds: readonly string[]): Promise<PendingMatch[]> {
    if (savedSearchIds.length === 0) return [];
    const records = await this.models.AlertPending.find({ savedSearchId: inIds(savedSearchIds) })
      .lean<AlertPendingRecord[]>()
      .exec();
    return records.map((record) => ({
      savedSearchId: record.savedSearchId,
      jobId: record.jobId,
      ...record.job,
      matchedAt: record.matchedAt,
    }));
  }

  async decidedAmong(matches: readonly PendingMatch[]): Promise<PendingMatch[]> {
    const decided = new Set(
      (
        await findByIds(
          this.models.AlertDecision,
          matches.map((match) => pairKey(match.savedSearchId, match.jobId)),
        )
      ).map((decision) => decision._id),
    );
    return matches.filter((match) => decided.has(pairKey(match.savedSearchId, match.jobId)));
  }

  async dropPendingOf(savedSearchIds: readonly string[]): Promise<void> {
    await this.models.AlertPending.deleteMany({ savedSearchId: inIds(savedSearchIds) }).exec();
  }

  async lock(savedSearchIds: readonly string[], now: Date, until: Date): Promise<string[]> {
    const lockOf = (id: string) => ({ _id: id, until });
    const taken = await insertNew(this.models.AlertLock, savedSearchIds.map(lockOf));
    const held = new Set(taken);
    const others = savedSearchIds.filter((id) => !held.has(id));
    const expired = (await findByIds(this.models.AlertLock, others))
      .filter((lock) => lock.until <= now)
      .map((lock) => lock._id);
    if (expired.length === 0) return taken;
    // The holder died: its lock is taken over (by one instance: the insert decides).
    await this.models.AlertLock.deleteMany({
      _id: inIds(expired),
      until: mongoose.trusted({ $lte: now }),
    }).exec();
    return [...taken, ...(await insertNew(this.models.AlertLock, expired.map(lockOf)))];
  }

  async unlock(savedSearchIds: readonly string[]): Promise<void> {
    if (savedSearchIds.length === 0) return;
    await this.models.AlertLock.deleteMany({ _id: inIds(savedSearchIds) }).exec();
  }

  async progress(savedSearchIds: readonly string[]): Promise<Map<string, SendProgress>> {
    const records = await findByIds(this.models.AlertProgress, savedSearchIds);
    return new Map(
      records.map((record) => [
        record._id,
        { lastSentAt: record.lastSentAt, period: record.period },
      ]),
    );
  }

  async finish({ id, sends, at, events }: FinishedBatch): Promise<void> {
    // Events first: a crash after them sends again rather than never stating what went.
    if (events.length > 0)
      await this.outbox
        .record(this.models.AlertBatch, { _id: id, sentAt: at }, this.outgoing(events))
        .catch((error: unknown) => {
          // Recorded by an earlier attempt of this batch.
          if (!isDuplicateKey(error)) throw error;
        });
    const decisions = sends.flatMap((send) =>
      send.decided.map((pair) => ({
        _id: pairKey(send.savedSearchId, pair.jobId),
        savedSearchId: send.savedSearchId,
        decidedAt: at,
        leftOut: pair.leftOut,
      })),
    );
    await insertNew(this.models.AlertDecision, decisions);
    await this.models.AlertPending.deleteMany({
      _id: inIds(decisions.map((decision) => decision._id)),
    }).exec();
    await this.recordProgress(sends, at);
  }

  /** Each search's progress: new ones inserted, the others updated one request per kind of change. */
  private async recordProgress(sends: readonly FinishedSend[], at: Date): Promise<void> {
    const inserted = new Set(
      await insertNew(
        this.models.AlertProgress,
        sends.map((send) => ({
          _id: send.savedSearchId,
          lastSentAt: send.mailed ? at : null,
          lastDoneAt: at,
          period: send.period,
        })),
      ),
    );
    const changes = new Map<string, { ids: string[]; mailed: boolean; period: string | null }>();
    for (const send of sends) {
      if (inserted.has(send.savedSearchId)) continue;
      const kind = `${String(send.mailed)}|${send.period ?? ''}`;
      const change = changes.get(kind) ?? { ids: [], mailed: send.mailed, period: send.period };
      change.ids.push(send.savedSearchId);
      changes.set(kind, change);
    }
    for (const { ids, mailed, period } of changes.values())
      await this.models.AlertProgress.updateMany(
        { _id: inIds(ids) },
        { $set: { lastDoneAt: at, period, ...(mailed ? { lastSentAt: at } : {}) } },
      ).exec();
  }

  async statusOf(savedSearchIds: readonly string[]): Promise<Map<string, AlertStatus>> {
    const [waiting, progress] = await Promise.all([
      savedSearchIds.length === 0
        ? []
        : this.models.AlertPending.find(
            { savedSearchId: inIds(savedSearchIds) },
            { savedSearchId: 1 },
          )
            .lean<Array<Pick<AlertPendingRecord, 'savedSearchId'>>>()
            .exec(),
      this.progress(savedSearchIds),
    ]);
    const status = new Map<string, AlertStatus>(
      savedSearchIds.map((id) => [
        id,
        { newMatches: 0, lastSentAt: progress.get(id)?.lastSentAt ?? null },
      ]),
    );
    for (const { savedSearchId } of waiting) {
      const entry = status.get(savedSearchId);
      if (entry) entry.newMatches += 1;
    }
    return status;
  }

  async deleteOfSearch(savedSearchId: string): Promise<void> {
    await this.models.AlertPending.deleteMany({ savedSearchId }).exec();
    await this.models.AlertDecision.deleteMany({ savedSearchId }).exec();
    await this.models.AlertProgress.deleteOne({ _id: savedSearchId }).exec();
  }
}
