import type { Connection } from 'mongoose';
import type { FeaturedFunction, FeaturedPin } from '../domain/model.js';
import type { FeaturedPinStore } from '../domain/ports.js';

/** One document per pinned function (`_id` is the function). */
export const FEATURED_PINS_COLLECTION = 'featured_pins';

interface PinDocument {
  _id: FeaturedFunction;
  jobId: string;
  pinnedAt: Date;
}

export class MongoFeaturedPins implements FeaturedPinStore {
  private readonly pins;

  constructor(connection: Connection) {
    this.pins = connection.collection<PinDocument>(FEATURED_PINS_COLLECTION);
  }

  async all(): Promise<Partial<Record<FeaturedFunction, FeaturedPin>>> {
    const documents = await this.pins.find({}).limit(10).toArray();
    return Object.fromEntries(
      documents.map((pin) => [pin._id, { jobId: pin.jobId, pinnedAt: pin.pinnedAt }]),
    );
  }

  async set(jobFunction: FeaturedFunction, pin: FeaturedPin): Promise<void> {
    await this.pins.replaceOne({ _id: jobFunction }, { ...pin }, { upsert: true });
  }

  async remove(jobFunction: FeaturedFunction): Promise<void> {
    await this.pins.deleteOne({ _id: jobFunction });
  }
}
