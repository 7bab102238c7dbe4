import { randomUUID } from 'node:crypto';
import type { ClientRateLimitInfo, Store } from 'express-rate-limit';
import mongoose, { type Connection, type Model } from 'mongoose';
import { modelOn } from './mongo.js';
import type { SharedStoreOptions } from './rate-limit-store.js';

/** One instance's count of one client in one window of a limit; only that instance writes it. */
interface CountDocument {
  _id: string;
  /** `<limit name>:<window index>`: what a sync reads. */
  group: string;
  client: string;
  instance: string;
  count: number;
  expiresAt: Date;
}

const countSchema = new mongoose.Schema<CountDocument>(
  {
    _id: { type: String, required: true },
    group: { type: String, required: true, index: true },
    client: { type: String, required: true },
    instance: { type: String, required: true },
    count: { type: Number, required: true },
    expiresAt: { type: Date, required: true, index: true },
  },
  { versionKey: false, collection: 'rate_limit_counts' },
);

/** Counts written per bulk write. */
const WRITE_BATCH = 50;
/** A client's count is shared once it reaches this share of the budget on one instance. */
const SHARED_FROM_SHARE = 0.1;

export interface SyncedRateLimitsOptions {
  /** Clock in ms (tests move it instead of sleeping). */
  now?: () => number;
  /** How long a hit may wait before this instance's counts are written and the others' read. */
  syncMs?: number;
  /** Expired counts are removed at most this often. */
  sweepEveryMs?: number;
}

/** A client's hits in the current window on this instance. */
interface Count {
  mine: number;
  written: number;
}

/**
 * Limits shared by every instance with no database access on the request path: each instance
 * counts clients in memory and, within `syncMs` of a hit, writes its own count of every client
 * that has used a tenth of the budget here (one document per instance, client and window: never
 * two writers, as FerretDB needs) and reads every instance's written counts of the window (one
 * indexed equality read per limit). A request is decided on this instance's count plus the
 * others' as last read. So the instances together may pass a budget by what a client sends within
 * a sync, plus a tenth of the budget per instance: for budgets where that slack is harmless
 * (analytics beacons); exact budgets use `RateLimitHits`.
 */
export class SyncedRateLimits {
  readonly now: () => number;
  readonly instance = randomUUID();
  private readonly model: Model<CountDocument>;
  private readonly syncMs: number;
  private readonly sweepEveryMs: number;
  private readonly stores: SyncedRateLimitStore[] = [];
  private timer: NodeJS.Timeout | undefined;
  private syncing: Promise<void> | undefined;
  private lastSweep = 0;

  constructor(connection: Connection, options: SyncedRateLimitsOptions = {}) {
    this.now = options.now ?? Date.now;
    this.syncMs = options.syncMs ?? 1_000;
    this.sweepEveryMs = options.sweepEveryMs ?? 60_000;
    this.model = modelOn(connection, 'RateLimitCount', countSchema);
  }

  /** express-rate-limit's store for the limit `name`. */
  store(options: SharedStoreOptions): Store {
    const store = new SyncedRateLimitStore(this, options);
    this.stores.push(store);
    return store;
  }

  /** Writes the changed counts soon. */
  scheduleSync(): void {
    if (this.timer) return;
    this.timer = setTimeout(() => void this.sync(), this.syncMs);
    this.timer.unref();
  }

  /**
   * Writes this instance's changed counts and reads every instance's, now; one sync at a time.
   * A failed one leaves the counts changed for the next, and each instance decides on what it
   * knows until then.
   */
  sync(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    const run = (this.syncing ?? Promise.resolve()).then(() =>
      this.syncOnce().catch(() => this.scheduleSync()),
    );
    this.syncing = run;
    return run;
  }

  private async syncOnce(): Promise<void> {
    for (const store of this.stores) {
      const { group, changed, expiresAt } = store.changes();
      const updates = changed.map(([client, count]) => ({
        updateOne: {
          filter: { _id: `${group}|${client}|${this.instance}` },
          update: {
            $set: { group, client, instance: this.instance, count: count.mine, expiresAt },
          },
          upsert: true,
        },
      }));
      const counted = changed.map(([, count]) => [count, count.mine] as const);
      for (let at = 0; at < updates.length; at += WRITE_BATCH)
        await this.model.bulkWrite(updates.slice(at, at + WRITE_BATCH), { ordered: false });
      for (const [count, mine] of counted) count.written = mine;
      const docs = await this.model.find({ group }, { client: 1, instance: 1, count: 1 }).lean();
      const others = new Map<string, number>();
      for (const doc of docs)
        if (doc.instance !== this.instance)
          others.set(doc.client, (others.get(doc.client) ?? 0) + doc.count);
      store.learn(group, others);
    }
    await this.sweep();
  }

  private async sweep() {
    const now = this.now();
    if (now - this.lastSweep < this.sweepEveryMs) return;
    this.lastSweep = now;
    await this.model.deleteMany({ expiresAt: mongoose.trusted({ $lte: new Date(now) }) });
  }
}

/** A fixed-window budget over `SyncedRateLimits`: only the current window is kept. */
class SyncedRateLimitStore implements Store {
  readonly localKeys = false;
  readonly prefix: string;
  private group = '';
  private resetTime = new Date(0);
  private mine = new Map<string, Count>();
  private others = new Map<string, number>();
  private readonly sharedFrom: number;

  constructor(
    private readonly limits: SyncedRateLimits,
    private readonly options: SharedStoreOptions,
  ) {
    this.prefix = `${options.name}:`;
    this.sharedFrom = Math.max(1, Math.floor(options.limit * SHARED_FROM_SHARE));
  }

  async increment(client: string): Promise<ClientRateLimitInfo> {
    this.turn();
    const count = this.mine.get(client) ?? { mine: 0, written: 0 };
    this.mine.set(client, count);
    count.mine += 1;
    if (count.mine >= this.sharedFrom) this.limits.scheduleSync();
    return { totalHits: count.mine + (this.others.get(client) ?? 0), resetTime: this.resetTime };
  }

  async decrement(client: string): Promise<void> {
    this.turn();
    const count = this.mine.get(client);
    if (count && count.mine > 0) this.change(count, count.mine - 1);
  }

  async resetKey(client: string): Promise<void> {
    this.turn();
    const count = this.mine.get(client);
    if (count) this.change(count, 0);
    this.others.delete(client);
  }

  /** Sets a count; one others have read is written again. */
  private change(count: Count, mine: number) {
    count.mine = mine;
    if (count.written > 0) this.limits.scheduleSync();
  }

  /** The current window's counts to write: those shared (see `sharedFrom`) that changed. */
  changes() {
    this.turn();
    const changed = [...this.mine].filter(
      ([, count]) =>
        count.mine !== count.written && (count.mine >= this.sharedFrom || count.written > 0),
    );
    return { group: this.group, changed, expiresAt: this.resetTime };
  }

  /** The other instances' counts of the window `group`, as just read. */
  learn(group: string, others: Map<string, number>): void {
    if (group === this.group) this.others = others;
  }

  /** Starts a new window when the clock has left the current one. */
  private turn() {
    const index = Math.floor(this.limits.now() / this.options.windowMs);
    const group = `${this.prefix}${index}`;
    if (group === this.group) return;
    this.group = group;
    this.resetTime = new Date((index + 1) * this.options.windowMs);
    this.mine = new Map();
    this.others = new Map();
  }
}
