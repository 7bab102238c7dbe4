import mongoose, { type Connection } from 'mongoose';
import type { FreshnessStore } from '../domain/freshness.js';
import type { JobRecord } from '../domain/job.js';
import type { JobDocument, JobsModels } from './job-model.js';

/** One document per job and UTC day a check was claimed for. */
export const FRESHNESS_CLAIMS_COLLECTION = 'freshness_claims';

interface Claim {
  _id: string;
  period: string;
  at: Date;
}

const DUPLICATE_KEY = 11000;

/** The checker's reads of the jobs collection and its claims (inserts under a unique `_id`). */
export class MongoFreshnessStore implements FreshnessStore {
  private readonly claims;

  constructor(
    private readonly models: JobsModels,
    connection: Connection,
  ) {
    this.claims = connection.collection<Claim>(FRESHNESS_CLAIMS_COLLECTION);
  }

  async dueForCheck(before: Date, limit: number): Promise<JobRecord[]> {
    const trusted = mongoose.trusted;
    return this.models.Job.find({
      deletedAt: null,
      $and: [
        { $or: [{ url: trusted({ $ne: null }) }, { closingDate: trusted({ $ne: null }) }] },
        { $or: [{ lastVerifiedAt: null }, { lastVerifiedAt: trusted({ $lt: before }) }] },
      ],
    })
      .sort({ lastVerifiedAt: 1, postedAt: -1, _id: 1 })
      .limit(limit)
      .lean<JobDocument[]>();
  }

  async claim(jobId: string, period: string): Promise<boolean> {
    try {
      await this.claims.insertOne({ _id: `${jobId}:${period}`, period, at: new Date() });
      return true;
    } catch (error) {
      if ((error as { code?: unknown }).code === DUPLICATE_KEY) return false;
      throw error;
    }
  }

  async forgetClaimsBefore(period: string): Promise<void> {
    await this.claims.deleteMany({ period: { $lt: period } });
  }
}
