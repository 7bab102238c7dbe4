import { isDuplicateKey, modelOn } from '@b2g/service-kit';
import mongoose, { type Connection, type Model, type UpdateQuery } from 'mongoose';
import type { BookmarkLedger } from '../domain/ports.js';

/** One document per bookmark jobs has heard of (`_id` is user-activity's bookmark id). */
interface JobBookmark {
  _id: string;
  jobId: string;
  removed: boolean;
}

const jobBookmarkSchema = new mongoose.Schema<JobBookmark>(
  {
    _id: { type: String, required: true },
    jobId: { type: String, required: true },
    removed: { type: Boolean, required: true },
  },
  { collection: 'job_bookmarks', versionKey: false },
);
jobBookmarkSchema.index({ jobId: 1, removed: 1 });

/**
 * The ledger as one document per bookmark, each written by `_id` alone: an addition only creates
 * the document (a removal heard first stays), a removal marks it removed whatever came before.
 */
export class MongoBookmarkLedger implements BookmarkLedger {
  private readonly model: Model<JobBookmark>;

  constructor(connection: Connection) {
    this.model = modelOn(connection, 'JobBookmark', jobBookmarkSchema);
  }

  added(bookmarkId: string, jobId: string): Promise<void> {
    return this.upsert(bookmarkId, { $setOnInsert: { jobId, removed: false } });
  }

  removed(bookmarkId: string, jobId: string): Promise<void> {
    return this.upsert(bookmarkId, { $set: { removed: true }, $setOnInsert: { jobId } });
  }

  countOf(jobId: string): Promise<number> {
    return this.model.countDocuments({ jobId, removed: false }).exec();
  }

  private async upsert(bookmarkId: string, update: UpdateQuery<JobBookmark>): Promise<void> {
    try {
      await this.model.updateOne({ _id: bookmarkId }, update, { upsert: true }).exec();
    } catch (error) {
      // Another instance created the document at the same moment: write over it by `_id`.
      if (!isDuplicateKey(error)) throw error;
      await this.model.updateOne({ _id: bookmarkId }, update).exec();
    }
  }
}
