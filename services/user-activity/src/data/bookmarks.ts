import { randomUUID } from 'node:crypto';
import { OUTBOX_FIELDS } from '@b2g/event-bus';
import type { Model } from 'mongoose';
import type { UserActivityEvent } from '../domain/events.js';
import type { BookmarkRecord } from '../domain/model.js';
import type { BookmarkStore, NewBookmark } from '../domain/ports.js';
import { insertOnce, type Outgoing, type OutboxWriter } from './outbox.js';
import { newestOfUser } from './user-lists.js';

/**
 * The bookmarks collection. Writes go through the outbox: a change and its events are one
 * single-document write, serialised with the relay's own writes to that document.
 */
export class BookmarkRepository implements BookmarkStore {
  constructor(
    private readonly model: Model<BookmarkRecord>,
    private readonly outbox: OutboxWriter,
    private readonly outgoing: Outgoing,
  ) {}

  listByUser(userId: string): Promise<BookmarkRecord[]> {
    return newestOfUser(this.model, userId, 'bookmarkedAt');
  }

  findByUserAndJob(userId: string, jobId: string): Promise<BookmarkRecord | null> {
    return this.model.findOne({ userId, jobId, deletion: null }).lean<BookmarkRecord>().exec();
  }

  async exists(id: string): Promise<boolean> {
    return (await this.model.exists({ _id: id })) !== null;
  }

  countByUser(userId: string): Promise<number> {
    return this.model.countDocuments({ userId }).exec();
  }

  /** Inserts with its events; a second bookmark of the same job by the same user is refused. */
  insert(bookmark: NewBookmark, events: readonly UserActivityEvent[]): Promise<void> {
    return insertOnce(() =>
      this.outbox.insert(this.model, { ...bookmark, deletion: null }, this.outgoing(events)),
    );
  }

  /**
   * Deletes with its events: hidden at once, removed by the relay once they are published. The
   * deletion value frees the (userId, jobId) key meanwhile. False if it was gone already.
   */
  delete(id: string, events: readonly UserActivityEvent[]): Promise<boolean> {
    return this.outbox.update(
      this.model,
      { _id: id },
      { $set: { deletion: randomUUID(), [OUTBOX_FIELDS.deleted]: true } },
      this.outgoing(events),
    );
  }
}
