import { isDuplicateKey } from '@b2g/service-kit';
import type { Connection } from 'mongoose';
import type { ExpiryStore, ExtendGrant } from '../domain/expiry.js';
import type { JobRecord } from '../domain/model.js';
import type { JobDocument, JobsModels } from './job-model.js';

/** One document per reminder, expiry or closed notice done (`_id` says which). */
export const EXPIRY_CLAIMS_COLLECTION = 'expiry_claims';
/** The sweep's progress: one document. */
export const EXPIRY_SWEEPS_COLLECTION = 'expiry_sweeps';
/** One-click extend links: `_id` is the SHA-256 of the token. */
export const EXTEND_LINKS_COLLECTION = 'employer_extend_links';

const SWEEP_STATE = 'sweep';

interface Claim {
  _id: string;
  day: string;
  at: Date;
}

interface SweepState {
  _id: string;
  day: string;
}

interface ExtendLink extends ExtendGrant {
  _id: string;
}

/**
 * The expiry sweep's reads and claims. The jobs are read by one equality on `expiresOn` (its
 * index); claims and links are written and taken by `_id` alone, the operations FerretDB keeps
 * atomic.
 */
export class MongoExpiryStore implements ExpiryStore {
  private readonly claims;
  private readonly sweeps;
  private readonly links;

  constructor(
    private readonly models: JobsModels,
    connection: Connection,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.claims = connection.collection<Claim>(EXPIRY_CLAIMS_COLLECTION);
    this.sweeps = connection.collection<SweepState>(EXPIRY_SWEEPS_COLLECTION);
    this.links = connection.collection<ExtendLink>(EXTEND_LINKS_COLLECTION);
  }

  expiringOn(day: string): Promise<JobRecord[]> {
    return this.models.Job.find({ expiresOn: day }).lean<JobDocument[]>();
  }

  async claim(key: string, day: string): Promise<boolean> {
    try {
      await this.claims.insertOne({ _id: key, day, at: this.now() });
      return true;
    } catch (error) {
      if (isDuplicateKey(error)) return false;
      throw error;
    }
  }

  async release(key: string): Promise<void> {
    await this.claims.deleteOne({ _id: key });
  }

  async forgetClaimsBefore(day: string): Promise<void> {
    // A scan of a small collection: it holds only the claims of the last day or two.
    await this.claims.deleteMany({ day: { $lt: day } });
  }

  async sweptThrough(): Promise<string | null> {
    return (await this.sweeps.findOne({ _id: SWEEP_STATE }))?.day ?? null;
  }

  async setSweptThrough(day: string): Promise<void> {
    try {
      await this.sweeps.updateOne({ _id: SWEEP_STATE }, { $set: { day } }, { upsert: true });
    } catch (error) {
      // Two instances' first sweeps upserting at once: the other inserted it; set it again.
      if (!isDuplicateKey(error)) throw error;
      await this.sweeps.updateOne({ _id: SWEEP_STATE }, { $set: { day } });
    }
  }

  async putExtendLink(secretHash: string, grant: ExtendGrant): Promise<void> {
    // Links past their day are removed as new ones are added (FerretDB has no TTL index).
    await this.links.deleteMany({ expiresAt: { $lt: this.now() } });
    await this.links.insertOne({ _id: secretHash, ...grant });
  }

  async takeExtendLink(secretHash: string): Promise<ExtendGrant | null> {
    const taken = await this.links.findOneAndDelete({ _id: secretHash });
    return taken && { jobId: taken.jobId, expiresAt: taken.expiresAt };
  }
}
