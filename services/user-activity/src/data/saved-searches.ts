import type { IntegrationEvent } from '@b2g/contracts';
import type { Outbox } from '@b2g/event-bus';
import { findByIds } from '@b2g/service-kit';
import mongoose, { type Model } from 'mongoose';
import type { AlertSearchStore } from '../domain/alerts.js';
import type { SavedSearchState, SavedSearchStore } from '../domain/saved-searches.js';
import type { SavedSearchRecord } from './models.js';

/** The saved_searches collection; changes go through the outbox with their events. */
export class SavedSearchRepository implements SavedSearchStore, AlertSearchStore {
  constructor(
    private readonly model: Model<SavedSearchRecord>,
    private readonly outbox: Outbox,
  ) {}

  async insert(search: SavedSearchState, events: readonly IntegrationEvent[]): Promise<void> {
    await this.outbox.insert(this.model, search, events);
  }

  byId(id: string): Promise<SavedSearchState | null> {
    return this.model.findOne({ _id: id }).lean<SavedSearchRecord>().exec();
  }

  byIds(ids: readonly string[]): Promise<SavedSearchState[]> {
    return findByIds(this.model, ids);
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

  update(
    id: string,
    revision: number,
    changes: Partial<SavedSearchState>,
    events: readonly IntegrationEvent[],
  ): Promise<boolean> {
    return this.outbox.update(this.model, { _id: id, revision }, { $set: changes }, events);
  }

  delete(id: string, events: readonly IntegrationEvent[]): Promise<boolean> {
    return this.outbox.delete(this.model, { _id: id }, events);
  }
}
