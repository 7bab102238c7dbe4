import { randomUUID } from 'node:crypto';
import type { ClientRateLimitInfo, Store } from 'express-rate-limit';
import mongoose, { type Connection, type Model } from 'mongoose';
import { modelOn } from './mongo.js';
import type { SharedStoreOptions } from './rate-limit-store.js';

/** One instance's count of one client's window; only that instance writes it. */
interface CountDocument {
  _id: string;
  slot: string;
  instance: string;
  count: number;
  expiresAt: Date;
}

const countSchema = new mongoose.Schema<CountDocument>(
  {
    _id: { type: String, required: true },
    slot: { type: String, required: true, index: true },
    instance: { type: String, required: true },
    count: { type: Number, required: true },
    expiresAt: { type: Date, required: true, index: true },
  },
  { versionKey: false, collection: 'rate_limit_counts' },
);

/** Counts written per bulk write. */
const WRITE_BATCH = 50;
/** Other instances' counts read at once. */
const READ_CONCURRENCY = 10;

export interface SyncedRateLimitsOptions {
  /** Clock in ms (tests move it instead of sleeping). */
  now?: () => number;
  /** How long a hit may wait before this instance's counts are written and the others' read. */
  syncMs?: number;
  /** Expired counts are removed at most this often. */
  sweepEveryMs?: number;
}

/**
 * The counts of limits shared by every instance without a database write on the request path:
 * each instance counts a client's window in memory, writes its own count of it (one document per
 * instance, client and window: never two writers, as FerretDB needs) within `syncMs`, and reads
 * the other instances' counts of that window when it first sees the client and at each write.
 * So the budget holds across instances up to what arrives between two writes: for budgets where
 * that slack is harmless (analytics beacons); exact budgets use `RateLimitHits`.
 */
export class SyncedRateLimits {
  readonly now: () => number;
  private readonly instance = randomUUID();
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

  /** The sum of the other instances' counts of a window. */
  async othersCount(slot: string): Promise<number> {
    const docs = await this.model.find({ slot }, { instance: 1, count: 1 }).lean();
    return docs.reduce((sum, doc) => sum + (doc.instance === this.instance ? 0 : doc.count), 0);
  }

  /** Writes the changed counts soon. */
  scheduleSync(): void {
    if (this.timer) return;
    this.timer = setTimeout(() => void this.sync(), this.syncMs);
    this.timer.unref();
  }

  /**
   * Writes every changed count now and reads the others' counts of those windows; one sync at a
   * time. A failed one leaves the counts changed for the next.
   */
  sync(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    const run = (this.syncing ?? Promise.resolve()).then(() => this.syncOnce());
    this.syncing = run;
    return run;
  }

  private async syncOnce(): Promise<void> {
    const changed = this.stores.flatMap((store) => store.changedSlots(this.now()));
    try {
      const updates = changed.map(({ slot, count, expiresAt }) => ({
        updateOne: {
          filter: { _id: `${slot}|${this.instance}` },
          update: { $set: { slot, instance: this.instance, count, expiresAt } },
          upsert: true,
        },
      }));
      for (let at = 0; at < updates.length; at += WRITE_BATCH)
        await this.model.bulkWrite(updates.slice(at, at + WRITE_BATCH), { ordered: false });
      for (const entry of changed) entry.written();
      for (let at = 0; at < changed.length; at += READ_CONCURRENCY)
        await Promise.all(changed.slice(at, at + READ_CONCURRENCY).map((entry) => entry.refresh()));
      await this.sweep();
    } catch {
      // The counts stay changed and are written by the next sync; until then each instance
      // decides on what it knows.
    }
    if (this.stores.some((store) => store.hasChanges())) this.scheduleSync();
  }

  private async sweep() {
    const now = this.now();
    if (now - this.lastSweep < this.sweepEveryMs) return;
    this.lastSweep = now;
    await this.model.deleteMany({ expiresAt: mongoose.trusted({ $lte: new Date(now) }) });
  }
}

interface Slot {
  mine: number;
  written: number;
  others: number;
  resetTime: Date;
  /** The others' count read when this instance first saw the client in this window. */
  firstRead: Promise<void>;
}

/** What a sync writes of a window, and what it does once written. */
interface ChangedSlot {
  slot: string;
  count: number;
  expiresAt: Date;
  written(): void;
  refresh(): Promise<void>;
}

/** A fixed-window budget (`<name>:<client>:<window>`) over `SyncedRateLimits`. */
class SyncedRateLimitStore implements Store {
  readonly localKeys = false;
  readonly prefix: string;
  private readonly slots = new Map<string, Slot>();

  constructor(
    private readonly counts: SyncedRateLimits,
    private readonly options: SharedStoreOptions,
  ) {
    this.prefix = `${options.name}:`;
  }

  async increment(client: string): Promise<ClientRateLimitInfo> {
    const { key, resetTime } = this.window(client);
    let slot = this.slots.get(key);
    if (!slot) {
      const created: Slot = {
        mine: 0,
        written: 0,
        others: 0,
        resetTime,
        firstRead: Promise.resolve(),
      };
      // A failed read leaves the others at 0 until the next sync reads them.
      created.firstRead = this.refresh(key, created).catch(() => undefined);
      this.slots.set(key, created);
      slot = created;
    }
    slot.mine += 1;
    this.counts.scheduleSync();
    await slot.firstRead;
    return { totalHits: slot.mine + slot.others, resetTime };
  }

  async decrement(client: string): Promise<void> {
    const slot = this.slots.get(this.window(client).key);
    if (slot && slot.mine > 0) {
      slot.mine -= 1;
      this.counts.scheduleSync();
    }
  }

  async resetKey(client: string): Promise<void> {
    const slot = this.slots.get(this.window(client).key);
    if (slot) {
      slot.mine = 0;
      this.counts.scheduleSync();
    }
  }

  /** The windows whose count changed since written; windows already over are forgotten. */
  changedSlots(now: number): ChangedSlot[] {
    const changed: ChangedSlot[] = [];
    for (const [key, slot] of this.slots) {
      if (slot.resetTime.getTime() <= now) {
        this.slots.delete(key);
        continue;
      }
      if (slot.mine === slot.written) continue;
      const count = slot.mine;
      changed.push({
        slot: key,
        count,
        expiresAt: slot.resetTime,
        written: () => (slot.written = count),
        refresh: () => this.refresh(key, slot),
      });
    }
    return changed;
  }

  hasChanges(): boolean {
    for (const slot of this.slots.values()) if (slot.mine !== slot.written) return true;
    return false;
  }

  private async refresh(key: string, slot: Slot): Promise<void> {
    slot.others = await this.counts.othersCount(key);
  }

  private window(client: string) {
    const index = Math.floor(this.counts.now() / this.options.windowMs);
    return {
      key: `${this.prefix}${client}:${index}`,
      resetTime: new Date((index + 1) * this.options.windowMs),
    };
  }
}
