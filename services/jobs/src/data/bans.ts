import mongoose, { type Connection, type Model } from 'mongoose';
import { findByIds, modelOn } from '@b2g/service-kit';
import type { BanRecord, BanStore, LiveByBanKey } from '../domain/bans.js';
import type { JobRecord } from '../domain/model.js';
import type { BanCheck } from '../domain/review.js';
import { banIdOf } from '../domain/bans.js';
import type { JobDocument, JobsModels } from './job-model.js';

const banSchema = new mongoose.Schema<BanRecord>(
  {
    _id: { type: String, required: true },
    kind: { type: String, required: true },
    value: { type: String, required: true },
    createdAt: { type: Date, required: true },
    rejectedPosts: { type: Number, default: 0 },
  },
  { collection: 'bans', versionKey: false },
);
banSchema.index({ createdAt: -1 });

const isDuplicateKey = (error: unknown) =>
  error instanceof Error && 'code' in error && error.code === 11000;

/** Bans by `kind:value`: a post's check is one `_id` lookup of its domain, host and their parents. */
export class MongoBans implements BanStore {
  private readonly model: Model<BanRecord>;

  constructor(connection: Connection) {
    this.model = modelOn(connection, 'Ban', banSchema);
  }

  init(): Promise<unknown> {
    return this.model.init();
  }

  async put(ban: BanRecord): Promise<BanRecord> {
    try {
      await this.model.create(ban);
      return ban;
    } catch (error) {
      if (!isDuplicateKey(error)) throw error;
      const existing = await this.model.findById(ban._id).lean<BanRecord>();
      return existing ?? ban;
    }
  }

  async setRejectedPosts(id: string, count: number): Promise<void> {
    await this.model.updateOne({ _id: id }, { $set: { rejectedPosts: count } });
  }

  list(limit: number): Promise<BanRecord[]> {
    return this.model.find().sort({ createdAt: -1 }).limit(limit).lean<BanRecord[]>();
  }

  async remove(id: string): Promise<boolean> {
    return (await this.model.deleteOne({ _id: id })).deletedCount === 1;
  }

  matching: BanCheck = async (keys) => {
    const ids = keys.map((key) => banIdOf(key.kind, key.value));
    return findByIds(this.model, ids);
  };
}

/** Live public postings of an e-mail domain or an apply host: one equality on an indexed field. */
export function liveByBanKey(models: JobsModels): LiveByBanKey {
  return (key, limit) =>
    models.Job.find({ ...key, deletedAt: null })
      .limit(limit)
      .lean<JobDocument[]>() as Promise<JobRecord[]>;
}
