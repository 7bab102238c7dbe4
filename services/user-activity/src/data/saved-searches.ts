import { OUTBOX_FIELDS } from '@b2g/event-bus';
import { findByIds, isDuplicateKey } from '@b2g/service-kit';
import mongoose, { type Model } from 'mongoose';
import type { UserActivityEvent } from '../domain/events.js';
import type { AlertSearchStore, SavedSearchStore } from '../domain/ports.js';
import type { SavedSearchState } from '../domain/saved-searches.js';
import { AlreadyExistsError } from '../domain/ports.js';
import type { SavedSearchRecord } from './models.js';
import { insertOnce, type Outgoing, type OutboxWriter } from './outbox.js';
import { newestOfUser } from './user-lists.js';

/** The saved_searches collection; changes go through the outbox with their events. */
export class SavedSearchRepository implements SavedSearchStore, AlertSearchStore {
  constructor(
    private readonly model: Model<SavedSearchRecord>,
    private readonly outbox: OutboxWriter,
    private readonly outgoing: Outgoing,
  ) {}

  insert(search: SavedSearchState, events: readonly UserActivityEvent[]): Promise<void> {
    return insertOnce(() => this.outbox.insert(this.model, search, this.outgoing(events)));
  }

  byId(id: string): Promise<SavedSearchState | null> {
    return this.model.findOne({ _id: id }).lean<SavedSearchRecord>().exec();
  }

  byKey(searchKey: string): Promise<SavedSearchState | null> {
    return this.model.findOne({ searchKey }).lean<SavedSearchRecord>().exec();
  }

  withoutKey(): Promise<SavedSearchState[]> {
    return this.model
      .find({ searchKey: mongoose.trusted({ $exists: false }) })
      .sort({ createdAt: 1 })
      .lean<SavedSearchRecord[]>()
      .exec();
  }

  async setKey(id: string, searchKey: string): Promise<void> {
    try {
      await this.outbox.update(this.model, { _id: id }, { $set: { searchKey } }, []);
    } catch (error) {
      if (isDuplicateKey(error) || keyTakenByUpdate(error))
        throw new AlreadyExistsError('already exists', { cause: error });
      throw error;
    }
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

  /**
   * Deleted with its events, as `outbox.delete` does, and its key freed in the same write: the
   * same search may be saved again before the relay removes the document.
   */
  delete(id: string, events: readonly UserActivityEvent[]): Promise<boolean> {
    return this.outbox.update(
      this.model,
      { _id: id },
      { $set: { [OUTBOX_FIELDS.deleted]: true }, $unset: { searchKey: 1 } },
      this.outgoing(events),
    );
  }
}

/** FerretDB 1.24 reports a unique index violated by an update as an internal SQLite error. */
function keyTakenByUpdate(error: unknown): boolean {
  return (
    error instanceof Error && /UNIQUE constraint failed: index '[^']*searchKey/.test(error.message)
  );
}
