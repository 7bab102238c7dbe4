import { isDuplicateKey, modelOn } from '@b2g/service-kit';
import mongoose, { type Connection, type Model } from 'mongoose';
import type { PostVolumeStore, UsedProofStore } from '../domain/ports.js';

/** One document per post and counting key (`domain:<d>:<day>`, `client:<k>:<day>`). */
export const POST_VOLUME_COLLECTION = 'trust_post_volume';
/** One document per used proof-of-work challenge (`_id` is its salt). */
export const USED_PROOFS_COLLECTION = 'trust_used_proofs';

/** Counted posts and used proofs older than this are swept. */
const KEEP_MS = 2 * 86_400_000;
const SWEEP_EVERY_MS = 60 * 60_000;

interface VolumeDocument {
  key: string;
  at: Date;
}

interface UsedProofDocument {
  _id: string;
  expiresAt: Date;
}

const volumeSchema = new mongoose.Schema<VolumeDocument>(
  { key: { type: String, required: true }, at: { type: Date, required: true } },
  { collection: POST_VOLUME_COLLECTION, versionKey: false },
);
// Counted by key equality (FerretDB's indexes serve simple equality); swept by time.
volumeSchema.index({ key: 1 });
volumeSchema.index({ at: 1 });

const usedProofSchema = new mongoose.Schema<UsedProofDocument>(
  { _id: { type: String, required: true }, expiresAt: { type: Date, required: true } },
  { collection: USED_PROOFS_COLLECTION, versionKey: false },
);
usedProofSchema.index({ expiresAt: 1 });

/** Runs `sweep` at most every SWEEP_EVERY_MS, in the background (FerretDB has no TTL index). */
function sweeper(sweep: () => Promise<unknown>, now: () => Date) {
  let last = 0;
  return () => {
    const at = now().getTime();
    if (at - last < SWEEP_EVERY_MS) return;
    last = at;
    void sweep().catch(() => undefined);
  };
}

/** 24-hour post counts as inserted documents, counted by key with a limit. */
export class MongoPostVolume implements PostVolumeStore {
  private readonly model: Model<VolumeDocument>;
  private readonly sweep: () => void;

  constructor(connection: Connection, now: () => Date = () => new Date()) {
    this.model = modelOn(connection, 'TrustPostVolume', volumeSchema);
    this.sweep = sweeper(
      () =>
        this.model.deleteMany({
          at: mongoose.trusted({ $lt: new Date(now().getTime() - KEEP_MS) }),
        }),
      now,
    );
  }

  async record(keys: readonly string[], at: Date): Promise<void> {
    this.sweep();
    if (keys.length) await this.model.insertMany(keys.map((key) => ({ key, at })));
  }

  count(key: string, since: Date, limit: number): Promise<number> {
    if (limit <= 0) return Promise.resolve(0);
    return this.model.countDocuments({ key, at: mongoose.trusted({ $gte: since }) }, { limit });
  }
}

/** Used proofs of work: an insert under the salt as `_id`, so a second use finds it taken. */
export class MongoUsedProofs implements UsedProofStore {
  private readonly model: Model<UsedProofDocument>;
  private readonly sweep: () => void;

  constructor(connection: Connection, now: () => Date = () => new Date()) {
    this.model = modelOn(connection, 'TrustUsedProof', usedProofSchema);
    this.sweep = sweeper(
      () => this.model.deleteMany({ expiresAt: mongoose.trusted({ $lt: now() }) }),
      now,
    );
  }

  async markUsed(salt: string, expiresAt: Date): Promise<boolean> {
    this.sweep();
    try {
      await this.model.create({ _id: salt, expiresAt });
      return true;
    } catch (error) {
      if (isDuplicateKey(error)) return false;
      throw error;
    }
  }
}
