import type { Model } from 'mongoose';
import { isDuplicateKey } from '@b2g/service-kit';
import type { ActivityRecord } from '../domain/model.js';
import type { ActivityStore } from '../domain/ports.js';
import { newestOfUser } from './user-lists.js';

/** The activities projection: one document per projected event. */
export class ActivityRepository implements ActivityStore {
  constructor(private readonly model: Model<ActivityRecord>) {}

  listByUser(userId: string): Promise<ActivityRecord[]> {
    return newestOfUser(this.model, userId, 'timestamp');
  }

  /** Inserts the item unless it exists (same event again): the first projection stays. */
  async upsert(item: ActivityRecord): Promise<void> {
    const { _id, ...fields } = item;
    try {
      await this.model.updateOne({ _id }, { $setOnInsert: fields }, { upsert: true });
    } catch (error) {
      // Two deliveries of one event at once: the other inserted it.
      if (!isDuplicateKey(error)) throw error;
    }
  }

  async deleteById(id: string): Promise<void> {
    await this.model.deleteOne({ _id: id });
  }

  async deleteBySource(userId: string, sourceId: string): Promise<void> {
    await this.model.deleteMany({ userId, sourceId });
  }

  async deleteByUser(userId: string): Promise<void> {
    await this.model.deleteMany({ userId });
  }
}
