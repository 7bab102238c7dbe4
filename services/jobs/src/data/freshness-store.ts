import { isDuplicateKey } from '@b2g/service-kit';
import mongoose, { type Connection } from 'mongoose';
import type { JobRecord } from '../domain/model.js';
import type { FreshnessStore } from '../domain/ports.js';
import type { JobDocument, JobsModels } from './job-model.js';

/** One document per job and UTC day a check was claimed for. */
export const FRESHNESS_CLAIMS_COLLECTION = 'freshness_claims';

/** One document per host an instance is reading (`_id` is the host). */
export const FRESHNESS_HOST_LEASES_COLLECTION = 'freshness_host_leases';

interface HostLease {
  _id: string;
  owner: string;
  until: Date;
}

interface Claim {
  _id: string;
  period: string;
  at: Date;
}

/** The checker's reads of the jobs collection and its claims (inserts under a unique `_id`). */
export class MongoFreshnessStore implements FreshnessStore {
  private readonly claims;
  private readonly leases;

  constructor(
    private readonly models: JobsModels,
    connection: Connection,
  ) {
    this.claims = connection.collection<Claim>(FRESHNESS_CLAIMS_COLLECTION);
    this.leases = connection.collection<HostLease>(FRESHNESS_HOST_LEASES_COLLECTION);
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
      if (isDuplicateKey(error)) return false;
      throw error;
    }
  }

  async leaseHost(host: string, owner: string, until: Date): Promise<boolean> {
    // An expired lease (its instance stopped mid-run) is removed first; of two instances doing
    // this at once, the unique key lets one insert win.
    await this.leases.deleteOne({ _id: host, until: { $lt: new Date() } });
    try {
      await this.leases.insertOne({ _id: host, owner, until });
      return true;
    } catch (error) {
      if (isDuplicateKey(error)) return false;
      throw error;
    }
  }

  async releaseHost(host: string, owner: string): Promise<void> {
    await this.leases.deleteOne({ _id: host, owner });
  }

  async forgetClaimsBefore(period: string): Promise<void> {
    await this.claims.deleteMany({ period: { $lt: period } });
  }
}
