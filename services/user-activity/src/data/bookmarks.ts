import type { UserActivityEvent } from '../domain/events.js';
import type { BookmarkRecord } from '../domain/model.js';
import type { BookmarkStore, NewBookmark } from '../domain/ports.js';
import { UserJobDocuments } from './user-job-documents.js';
import { newestOfUser } from './user-lists.js';

/** The bookmarks collection. */
export class BookmarkRepository extends UserJobDocuments<BookmarkRecord> implements BookmarkStore {
  listByUser(userId: string): Promise<BookmarkRecord[]> {
    return newestOfUser(this.model, userId, 'bookmarkedAt');
  }

  findByUserAndJob(userId: string, jobId: string): Promise<BookmarkRecord | null> {
    return this.model.findOne({ userId, jobId, deletion: null }).lean<BookmarkRecord>().exec();
  }

  countByUser(userId: string): Promise<number> {
    return this.model.countDocuments({ userId }).exec();
  }

  /** Inserts with its events; a second bookmark of the same job by the same user is refused. */
  insert(bookmark: NewBookmark, events: readonly UserActivityEvent[]): Promise<void> {
    return this.insertLive({ ...bookmark, deletion: null }, events);
  }

  /** Deletes with its events (see markDeleted); false if it was gone already. */
  delete(id: string, events: readonly UserActivityEvent[]): Promise<boolean> {
    return this.markDeleted({ _id: id }, events);
  }
}
