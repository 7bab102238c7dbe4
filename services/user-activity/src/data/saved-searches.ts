import { findByIds } from '@b2g/service-kit';
import mongoose, { type Model } from 'mongoose';
import type { UserActivityEvent } from '../domain/events.js';
import type { AlertSearchStore, SavedSearchStore } from '../domain/ports.js';
import type { SavedSearchState } from '../domain/saved-searches.js';
import type { SavedSearchRecord } from './models.js';
import type { Outgoing, OutboxWriter } from './outbox.js';
import { newestOfUser } from './user-lists.js';

/** The saved_searches collection; changes go through the outbox with their events. */
export class SavedSearchRepository implements SavedSearchStore, AlertSearchStore {
  constructor(
    private readonly model: Model<SavedSearchRecord>,
    private readonly outbox: OutboxWriter,
    private readonly outgoing: Outgoing,
  ) {}

  async insert(search: SavedSearchState, events: readonly UserActivityEvent[]): Promise<void> {
    await this.outbox.insert(this.model, search, this.outgoing(events));
  }

  byId(id: string): Promise<SavedSearchState | null> {
    return this.model.findOne({ _id: id }).lean<SavedSearchRecord>().exec();
  }

  byIds(ids: readonly string[]): Promise<SavedSearchState[]> {
    return findByIds(this.model, ids);
  }

  listByUser(userId: string): Promise<SavedSearchState[]> {
    return newestOfUser(this.model, userId, 'createdAt');
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
    events: readonly UserActivityEvent[],
  ): Promise<boolean> {
    return this.outbox.update(
      this.model,
      { _id: id, revision },
      { $set: changes },
      this.outgoing(events),
    );
  }

  delete(id: string, events: readonly UserActivityEvent[]): Promise<boolean> {
    return this.outbox.delete(this.model, { _id: id }, this.outgoing(events));
  }
}
