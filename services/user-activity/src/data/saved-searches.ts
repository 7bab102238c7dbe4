import type { IntegrationEvent } from '@b2g/contracts';
import type { Outbox } from '@b2g/event-bus';
import { isDuplicateKey } from '@b2g/service-kit';
import mongoose, { type Model } from 'mongoose';
import type { AlertSearchStore } from '../domain/alerts.js';
import type { SavedSearchState, SavedSearchStore } from '../domain/saved-searches.js';
import type { AlertSendRecord, SavedSearchRecord } from './models.js';

/** The saved_searches collection; changes go through the outbox with their events. */
export class SavedSearchRepository implements SavedSearchStore, AlertSearchStore {
  constructor(
    private readonly model: Model<SavedSearchRecord>,
    private readonly sends: Model<AlertSendRecord>,
    private readonly outbox: Outbox,
  ) {}

  async insert(search: SavedSearchState, events: readonly IntegrationEvent[]): Promise<void> {
    await this.outbox.insert(this.model, search, events);
  }

  byId(id: string): Promise<SavedSearchState | null> {
    return this.model.findOne({ _id: id }).lean<SavedSearchRecord>().exec();
  }

  byIds(ids: readonly string[]): Promise<SavedSearchState[]> {
    return this.model
      .find({ _id: mongoose.trusted({ $in: [...ids] }) })
      .lean<SavedSearchRecord[]>()
      .exec();
  }

  listByUser(userId: string): Promise<SavedSearchState[]> {
    return this.model
      .find({ userId })
      .sort({ createdAt: -1, _id: -1 })
      .lean<SavedSearchRecord[]>()
      .exec();
  }

  countByUser(userId: string): Promise<number> {
    return this.model.countDocuments({ userId }).exec();
  }

  countByEmailSince(email: string, since: Date): Promise<number> {
    return this.model
      .countDocuments({ email, createdAt: mongoose.trusted({ $gte: since }) })
      .exec();
  }

  async matchingAmong(ids: readonly string[]): Promise<string[]> {
    const found = await this.model
      .find({ _id: mongoose.trusted({ $in: [...ids] }) }, { _id: 1, active: 1, confirmedAt: 1 })
      .lean<Array<Pick<SavedSearchRecord, '_id' | 'active' | 'confirmedAt'>>>()
      .exec();
    return found
      .filter((search) => search.active && search.confirmedAt)
      .map((search) => search._id);
  }

  update(
    id: string,
    revision: number,
    changes: Partial<SavedSearchState>,
    events: readonly IntegrationEvent[],
  ): Promise<boolean> {
    return this.outbox.update(this.model, { _id: id, revision }, { $set: changes }, events);
  }

  async delete(id: string, events: readonly IntegrationEvent[]): Promise<boolean> {
    const deleted = await this.outbox.delete(this.model, { _id: id }, events);
    if (deleted) await this.sends.deleteMany({ savedSearchId: id }).exec();
    return deleted;
  }

  async claimPeriod(id: string, period: string, at: Date): Promise<boolean> {
    try {
      await this.sends.create({ _id: `${id}|${period}`, savedSearchId: id, claimedAt: at });
    } catch (error) {
      if (isDuplicateKey(error)) return false;
      throw error;
    }
    // Only the latest period can still be claimed: older claims of the search are done with.
    await this.sends
      .deleteMany({ savedSearchId: id, _id: mongoose.trusted({ $ne: `${id}|${period}` }) })
      .exec();
    return true;
  }

  async releasePeriod(id: string, period: string): Promise<void> {
    await this.sends.deleteOne({ _id: `${id}|${period}` }).exec();
  }

  async recordSent(id: string, sentAt: Date, events: readonly IntegrationEvent[]): Promise<void> {
    await this.outbox.update(this.model, { _id: id }, { $set: { lastSentAt: sentAt } }, events);
  }
}
