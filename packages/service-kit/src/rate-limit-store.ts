import { isDuplicateKey } from '@b2g/event-bus';
import type { ClientRateLimitInfo, Store } from 'express-rate-limit';
import mongoose, { type Connection, type Model } from 'mongoose';

/** One counted hit: `_id` is `<key>#<seq>`, so a hit can follow a given one only once. */
interface HitDocument {
  _id: string;
  key: string;
  seq: number;
  at: Date;
  expiresAt: Date;
}

/** A live hit of a key: its place in the key's sequence and when it was counted. */
export interface Hit {
  seq: number;
  at: number;
}

export interface RateLimitHitsOptions {
  /** Clock in ms (tests move it instead of sleeping). */
  now?: () => number;
  /** Expired hits are removed by a writer at most this often. */
  sweepEveryMs?: number;
}

const COLLECTION = 'rate_limit_hits';
const MODEL = 'RateLimitHit';

const hitSchema = new mongoose.Schema<HitDocument>(
  {
    _id: { type: String, required: true },
    key: { type: String, required: true, index: true },
    seq: { type: Number, required: true },
    at: { type: Date, required: true },
    expiresAt: { type: Date, required: true, index: true },
  },
  { versionKey: false },
);

/**
 * The hits of every instance's limits, in the service's own database, written by inserts only.
 * FerretDB keeps an `_id` insert atomic but not an update (concurrent `$inc`s are lost), so each
 * hit is its own document whose `_id` names the hit it follows: two instances that read the same
 * hits cannot both add the next one, and the count stays exact. On MongoDB one `$inc` upsert per
 * key and a TTL index would do with fewer writes; this one path serves both.
 */
export class RateLimitHits {
  readonly now: () => number;
  private readonly model: Model<HitDocument>;
  private readonly sweepEveryMs: number;
  private lastSweep = 0;

  constructor(connection: Connection, options: RateLimitHitsOptions = {}) {
    this.now = options.now ?? Date.now;
    this.sweepEveryMs = options.sweepEveryMs ?? 60_000;
    this.model =
      (connection.models[MODEL] as Model<HitDocument> | undefined) ??
      connection.model<HitDocument>(MODEL, hitSchema, COLLECTION);
  }

  /** The key's hits not yet expired, oldest first, and the last sequence number used. */
  async live(key: string): Promise<{ hits: Hit[]; lastSeq: number }> {
    const now = this.now();
    const docs = await this.model.find({ key }, { seq: 1, at: 1, expiresAt: 1 }).lean();
    const hits = docs
      .filter((doc) => doc.expiresAt.getTime() > now)
      .map((doc) => ({ seq: doc.seq, at: doc.at.getTime() }))
      .sort((a, b) => a.seq - b.seq);
    return { hits, lastSeq: Math.max(0, ...docs.map((doc) => doc.seq)) };
  }

  /** Counts a hit as number `seq` of the key; false when another writer took that number first. */
  async add(key: string, seq: number, expiresAt: number): Promise<boolean> {
    this.sweep();
    try {
      await this.model.create({
        _id: `${key}#${seq}`,
        key,
        seq,
        at: new Date(this.now()),
        expiresAt: new Date(expiresAt),
      });
      return true;
    } catch (error) {
      if (isDuplicateKey(error)) return false;
      throw error;
    }
  }

  /** Takes a hit back (the attempt it counted did not count after all). */
  async remove(key: string, seq: number): Promise<void> {
    await this.model.deleteOne({ _id: `${key}#${seq}` });
  }

  /** Forgets every hit of the key. */
  async clear(key: string): Promise<void> {
    await this.model.deleteMany({ key });
  }

  /** Drops expired hits now and then; a failure is left for the next writer. */
  private sweep() {
    const now = this.now();
    if (now - this.lastSweep < this.sweepEveryMs) return;
    this.lastSweep = now;
    this.model
      .deleteMany({ expiresAt: mongoose.trusted({ $lte: new Date(now) }) })
      .catch(() => undefined);
  }
}

export interface SharedStoreOptions {
  /** Names the limit, so two limits never share a key. */
  name: string;
  windowMs: number;
  limit: number;
}

/**
 * express-rate-limit's store over RateLimitHits: fixed windows (`<name>:<client>:<window>`), at
 * most `limit` hits kept per window (over it, nothing is written), shared by every instance.
 */
export class SharedRateLimitStore implements Store {
  readonly localKeys = false;
  readonly prefix: string;

  constructor(
    private readonly hits: RateLimitHits,
    private readonly options: SharedStoreOptions,
  ) {
    this.prefix = `${options.name}:`;
  }

  async increment(client: string): Promise<ClientRateLimitInfo> {
    const { key, resetTime } = this.window(client);
    // A number taken by another writer means others are counting too: read again where they are.
    // Each lost race is a hit another writer counted, so the budget runs out and this ends.
    for (;;) {
      const { hits, lastSeq } = await this.hits.live(key);
      if (hits.length >= this.options.limit)
        return { totalHits: this.options.limit + 1, resetTime };
      if (await this.hits.add(key, lastSeq + 1, resetTime.getTime()))
        return { totalHits: hits.length + 1, resetTime };
    }
  }

  async decrement(client: string): Promise<void> {
    const { key } = this.window(client);
    const last = (await this.hits.live(key)).hits.at(-1);
    if (last) await this.hits.remove(key, last.seq);
  }

  async resetKey(client: string): Promise<void> {
    await this.hits.clear(this.window(client).key);
  }

  private window(client: string) {
    const index = Math.floor(this.hits.now() / this.options.windowMs);
    return {
      key: `${this.prefix}${client}:${index}`,
      resetTime: new Date((index + 1) * this.options.windowMs),
    };
  }
}
