import { randomUUID } from 'node:crypto';
import type { IntegrationEvent } from '@b2g/contracts';
import { OUTBOX_FIELDS, type Outbox } from '@b2g/event-bus';
import type { Model } from 'mongoose';
import type { BookmarkRecord } from './models.js';

export type NewBookmark = Omit<BookmarkRecord, 'deletion'>;

/**
 * The bookmarks collection. Writes go through the outbox: a change and its events are one
 * single-document write, serialised with the relay's own writes to that document.
 */
export class BookmarkRepository {
  constructor(
    private readonly model: Model<BookmarkRecord>,
    private readonly outbox: Outbox,
  ) {}

  listByUser(userId: string): Promise<BookmarkRecord[]> {
    return this.model
      .find({ userId })
      .sort({ bookmarkedAt: -1, _id: -1 })
      .lean<BookmarkRecord[]>()
      .exec();
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

  /** Inserts with its events; a second bookmark of the same job by the same user is a duplicate-key error. */
  async insert(bookmark: NewBookmark, events: readonly IntegrationEvent[]): Promise<void> {
    await this.outbox.insert(this.model, { ...bookmark, deletion: null }, events);
  }

  /**
   * Deletes with its events: hidden at once, removed by the relay once they are published. The
   * deletion value frees the (userId, jobId) key meanwhile. False if it was gone already.
   */
  delete(id: string, events: readonly IntegrationEvent[]): Promise<boolean> {
    return this.outbox.update(
      this.model,
      { _id: id },
      { $set: { deletion: randomUUID(), [OUTBOX_FIELDS.deleted]: true } },
      events,
    );
  }
}
