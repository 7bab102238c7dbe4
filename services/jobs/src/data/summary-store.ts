import { isDuplicateKey } from '@b2g/service-kit';
import mongoose, { type Connection } from 'mongoose';
import type { JobsModels } from './job-model.js';
import type { SummaryStore } from '../domain/weekly-summary.js';

/** The addresses that posted with their e-mail: `_id` is the address. */
export const SUMMARY_ADDRESSES_COLLECTION = 'summary_addresses';
/** The addresses that opted out of the weekly summary: `_id` is the address. */
export const SUMMARY_OPT_OUTS_COLLECTION = 'summary_opt_outs';
/** One document per address and week sent (`summary:<address>:<week>`), and the sweep's state. */
export const SUMMARY_CLAIMS_COLLECTION = 'summary_claims';
export const SUMMARY_SWEEPS_COLLECTION = 'summary_sweeps';
/** Opt-out links: `_id` is the SHA-256 of the token. */
export const SUMMARY_OPT_OUT_LINKS_COLLECTION = 'summary_opt_out_links';

const SWEEP_STATE = 'sweep';
const EXISTING_ENROLLED = 'existing-enrolled';

interface Address {
  _id: string;
  enrolledAt: Date;
}
interface OptOut {
  _id: string;
  at: Date;
}
interface Claim {
  _id: string;
  week: string;
}
interface SweepState {
  _id: string;
  week: string;
}
interface OptOutLink {
  _id: string;
  email: string;
  expiresAt: Date;
}

/** Inserts by `_id`, ignoring one already there (the operation FerretDB keeps atomic). */
async function insertOnce(write: () => Promise<unknown>): Promise<boolean> {
  try {
    await write();
    return true;
  } catch (error) {
    if (isDuplicateKey(error)) return false;
    throw error;
  }
}

/**
 * The weekly summary's own collections, each written and read by `_id`. The sweep pages through
 * the enrolled addresses (one document per employer address, never the jobs).
 */
export class MongoSummaryStore implements SummaryStore {
  private readonly addressesOf;
  private readonly optOuts;
  private readonly claims;
  private readonly sweeps;
  private readonly links;

  constructor(
    connection: Connection,
    private readonly models: JobsModels,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.addressesOf = connection.collection<Address>(SUMMARY_ADDRESSES_COLLECTION);
    this.optOuts = connection.collection<OptOut>(SUMMARY_OPT_OUTS_COLLECTION);
    this.claims = connection.collection<Claim>(SUMMARY_CLAIMS_COLLECTION);
    this.sweeps = connection.collection<SweepState>(SUMMARY_SWEEPS_COLLECTION);
    this.links = connection.collection<OptOutLink>(SUMMARY_OPT_OUT_LINKS_COLLECTION);
  }

  async enrol(email: string): Promise<void> {
    await insertOnce(() => this.addressesOf.insertOne({ _id: email, enrolledAt: this.now() }));
  }

  async enrolledExisting(): Promise<boolean> {
    return (await this.sweeps.findOne({ _id: EXISTING_ENROLLED })) !== null;
  }

  async existingPosters(): Promise<string[]> {
    // `$exists` on the sparse index's leading field: MongoDB reads only the postings that named
    // their poster (FerretDB reads the collection, once in the service's life).
    const posters = await this.models.Job.find(
      { posterEmail: mongoose.trusted({ $exists: true }) },
      { _id: 0, posterEmail: 1 },
    ).lean<Array<{ posterEmail?: string }>>();
    return [...new Set(posters.flatMap((job) => (job.posterEmail ? [job.posterEmail] : [])))];
  }

  async setEnrolledExisting(): Promise<void> {
    await insertOnce(() => this.sweeps.insertOne({ _id: EXISTING_ENROLLED, week: '' }));
  }

  async addresses(after: string | null, limit: number): Promise<string[]> {
    const docs = await this.addressesOf
      .find(after === null ? {} : { _id: { $gt: after } }, { projection: { _id: 1 } })
      .sort({ _id: 1 })
      .limit(limit)
      .toArray();
    return docs.map((doc) => doc._id);
  }

  async isOptedOut(email: string): Promise<boolean> {
    return (await this.optOuts.findOne({ _id: email })) !== null;
  }

  async optOut(email: string, at: Date): Promise<void> {
    await insertOnce(() => this.optOuts.insertOne({ _id: email, at }));
  }

  claim(key: string, week: string): Promise<boolean> {
    return insertOnce(() => this.claims.insertOne({ _id: key, week }));
  }

  async release(key: string): Promise<void> {
    await this.claims.deleteOne({ _id: key });
  }

  async forgetClaimsBefore(week: string): Promise<void> {
    // A scan of a small collection: it holds only the claims of the current week.
    await this.claims.deleteMany({ week: { $lt: week } });
  }

  async sentWeek(): Promise<string | null> {
    return (await this.sweeps.findOne({ _id: SWEEP_STATE }))?.week ?? null;
  }

  async setSentWeek(week: string): Promise<void> {
    if (await insertOnce(() => this.sweeps.insertOne({ _id: SWEEP_STATE, week }))) return;
    await this.sweeps.updateOne({ _id: SWEEP_STATE }, { $set: { week } });
  }

  async putOptOutLink(secretHash: string, link: { email: string; expiresAt: Date }): Promise<void> {
    // Links past their day are removed as new ones are added (FerretDB has no TTL index).
    await this.links.deleteMany({ expiresAt: { $lt: this.now() } });
    await this.links.insertOne({ _id: secretHash, ...link });
  }

  async optOutLink(secretHash: string): Promise<string | null> {
    const link = await this.links.findOne({ _id: secretHash });
    return link && link.expiresAt > this.now() ? link.email : null;
  }
}
