import { outboxPlugin, type Outbox, type Outgoing } from '@b2g/event-bus';
import { isDuplicateKey, modelOn } from '@b2g/service-kit';
import mongoose, { type Connection, type Model } from 'mongoose';
import type { JobsEvent } from '../domain/events.js';
import type { PercolationStore } from '../domain/ports.js';

/** One percolated job revision (`<jobId>:<revision>`): its matches are stated once. */
export interface PercolationRecord {
  _id: string;
  percolatedAt: Date;
  /** The revision's `matchedContent` (absent on records written before it was kept). */
  content?: string;
}

const percolationSchema = new mongoose.Schema<PercolationRecord>(
  {
    _id: { type: String, required: true },
    percolatedAt: { type: Date, required: true },
    content: { type: String },
  },
  { collection: 'percolations', versionKey: false },
);
percolationSchema.plugin(outboxPlugin);

export type PercolationModel = Model<PercolationRecord>;

export function percolationModel(connection: Connection): PercolationModel {
  return modelOn(connection, 'Percolation', percolationSchema);
}

/** The record and its `saved_search.matched` events in one insert; a second one is a duplicate. */
export class MongoPercolations implements PercolationStore {
  constructor(
    private readonly model: PercolationModel,
    private readonly outbox: Pick<Outbox, 'insert'>,
    private readonly outgoing: Outgoing<JobsEvent>,
  ) {}

  async contentOf(jobId: string, revision: number): Promise<string | null> {
    const record = await this.model
      .findById(`${jobId}:${revision}`, { content: 1 })
      .lean<Pick<PercolationRecord, 'content'>>();
    return record?.content ?? null;
  }

  async recordOnce(
    jobId: string,
    revision: number,
    content: string,
    events: readonly JobsEvent[],
  ): Promise<boolean> {
    try {
      await this.outbox.insert(
        this.model,
        { _id: `${jobId}:${revision}`, percolatedAt: new Date(), content },
        this.outgoing(events),
      );
      return true;
    } catch (error) {
      if (isDuplicateKey(error)) return false;
      throw error;
    }
  }
}
