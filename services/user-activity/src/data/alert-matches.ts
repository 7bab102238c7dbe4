import { isDuplicateKey } from '@b2g/service-kit';
import mongoose, { type Model } from 'mongoose';
import type { AlertMatchLedger, PendingMatch } from '../domain/alerts.js';
import type { AlertJob } from '../domain/alert-mail.js';
import type { AlertMatchStore } from '../domain/saved-searches.js';
import type { AlertMatchRecord } from './models.js';

/** The alert_matches collection: `_id` `<savedSearchId>:<jobId>` makes a match unique forever. */
export class AlertMatchRepository implements AlertMatchStore, AlertMatchLedger {
  constructor(private readonly model: Model<AlertMatchRecord>) {}

  async record(savedSearchIds: readonly string[], job: AlertJob, matchedAt: Date): Promise<number> {
    const documents = savedSearchIds.map((savedSearchId) => ({
      _id: `${savedSearchId}:${job.jobId}`,
      savedSearchId,
      jobId: job.jobId,
      job: {
        title: job.title,
        company: job.company,
        location: job.location,
        salary: job.salary,
        closingDate: job.closingDate,
      },
      matchedAt,
      batch: null,
      sentAt: null,
      leftOut: false,
    }));
    try {
      const inserted = await this.model.insertMany(documents, { ordered: false, lean: true });
      return inserted.length;
    } catch (error) {
      const writeErrors = (error as { writeErrors?: Array<{ code?: number; err?: unknown }> })
        .writeErrors;
      const onlyDuplicates =
        Array.isArray(writeErrors) &&
        writeErrors.every((entry) =>
          entry.code === undefined ? isDuplicateKey(entry.err) : isDuplicateKey(entry),
        );
      if (isDuplicateKey(error) || onlyDuplicates)
        return documents.length - (writeErrors?.length ?? documents.length);
      throw error;
    }
  }

  async searchesWithUnsent(): Promise<string[]> {
    const ids: unknown[] = await this.model.distinct('savedSearchId', { sentAt: null }).exec();
    return ids.filter((id): id is string => typeof id === 'string');
  }

  async unsentCounts(savedSearchIds: readonly string[]): Promise<Map<string, number>> {
    const counts = new Map<string, number>();
    const unsent = await this.model
      .find(
        { savedSearchId: mongoose.trusted({ $in: [...savedSearchIds] }), sentAt: null },
        { savedSearchId: 1 },
      )
      .lean<Array<Pick<AlertMatchRecord, 'savedSearchId'>>>()
      .exec();
    for (const { savedSearchId } of unsent)
      counts.set(savedSearchId, (counts.get(savedSearchId) ?? 0) + 1);
    return counts;
  }

  async claim(savedSearchId: string, batch: string): Promise<PendingMatch[]> {
    await this.model
      .updateMany({ savedSearchId, sentAt: null, batch: null }, { $set: { batch } })
      .exec();
    const claimed = await this.model.find({ batch }).lean<AlertMatchRecord[]>().exec();
    return claimed.map((match) => ({
      jobId: match.jobId,
      ...match.job,
      matchedAt: match.matchedAt,
    }));
  }

  async finish(batch: string, leftOut: readonly string[], sentAt: Date): Promise<void> {
    await this.model.updateMany({ batch }, { $set: { sentAt } }).exec();
    if (leftOut.length > 0)
      await this.model
        .updateMany(
          { batch, jobId: mongoose.trusted({ $in: [...leftOut] }) },
          { $set: { leftOut: true } },
        )
        .exec();
  }

  async release(batch: string): Promise<void> {
    await this.model.updateMany({ batch }, { $set: { batch: null } }).exec();
  }

  async deleteOfSearch(savedSearchId: string): Promise<void> {
    await this.model.deleteMany({ savedSearchId }).exec();
  }
}
